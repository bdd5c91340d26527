import { countColumn, dailyAverage, only, pctColumn, percent, ratio, usdColumn, type ReportColumn } from '../reports/columns';
import type { LevelRetentionCohort, LevelRow, MainDataRow, RetentionCohort } from './rows';

/**
 * The metric definitions of docs/metrics.md as code: how each figure a screen shows is derived from the
 * rollup sums, and how its Total aggregates. Shared by server and browser.
 */

// ---------------------------------------------------------------- Main Data

const USD = 1e-6;

export const MAIN_DATA_COLUMNS: ReportColumn<MainDataRow>[] = [
  countColumn('installs', 'Installs'),
  { key: 'dau', label: 'DAU', unit: 'count', decimals: 0, totalDecimals: 1, measure: dailyAverage('dau') },
  { key: 'sessionsPerDau', label: 'Sessions / DAU', unit: 'ratio', decimals: 2, measure: ratio('sessions', 'dau') },
  { key: 'avgSessionTime', label: 'Avg session time', unit: 'sec', decimals: 1, measure: ratio('sessionSeconds', 'sessionEnds') },
  { key: 'impressionsPerDau', label: 'Ad impressions / DAU', unit: 'ratio', decimals: 2, measure: ratio('adImpressions', 'dau') },
  usdColumn('adRevenue', 'Ad revenue'),
  usdColumn('iapRevenue', 'IAP revenue'),
  { key: 'payers', label: 'Paying users', unit: 'count', decimals: 0, totalDecimals: 1, measure: dailyAverage('payers') },
  { key: 'arpdau', label: 'ARPDAU', unit: 'usd', decimals: 4, measure: ratio(['adRevenue', 'iapRevenue'], 'dau', USD) },
  { key: 'arppu', label: 'ARPPU', unit: 'usd', decimals: 2, measure: ratio('iapRevenue', 'payers', USD) },
  pctColumn('conversion', 'Conversion', 'payers', 'dau'),
];

/** A day with data: anything counted at all (days without events are zero rows). */
export const mainDataHasData = (r: MainDataRow) => r.installs + r.dau + r.sessions + r.adImpressions + r.iapPurchases > 0;

// ---------------------------------------------------------------- retention

export const RETENTION_DAYS = 30;

/** A retention line; the range's line carries, per day N, the installs of the cohorts that have reached day N. */
export type RetentionLine = RetentionCohort & { bases?: number[] };

/** The range's weighted retention: users retained on day N over installs of the cohorts that have reached day N. */
export function retentionTotal(cohorts: readonly RetentionCohort[]): RetentionLine {
  const retained: (number | null)[] = [];
  let installs = 0;
  for (const c of cohorts) installs += c.installs;
  const bases: number[] = [];
  for (let n = 0; n <= RETENTION_DAYS; n++) {
    let users = 0;
    let base = 0;
    let any = false;
    for (const c of cohorts) {
      const v = c.retained[n];
      if (v === null || v === undefined) continue;
      any = true;
      users += v;
      base += c.installs;
    }
    retained.push(any ? users : null);
    bases.push(base);
  }
  return { installDay: 'All', installs, retained, bases };
}

/** Percent for a cell of a retention line (the total line divides by the cohorts that reached day N). */
export function retentionCell(line: RetentionLine, n: number): number | null {
  const users = line.retained[n];
  const base = line.bases ? line.bases[n]! : line.installs;
  return users === null || users === undefined ? null : percent(users, base);
}

// ---------------------------------------------------------------- levels

export type LevelLine = LevelRow & { nextReached: number | null };

/** Adds each level's next-level reach (for the drop-off). */
export function levelLines(rows: readonly LevelRow[]): LevelLine[] {
  const byLevel = new Map(rows.map((r) => [r.level, r]));
  return rows.map((r) => ({ ...r, nextReached: byLevel.has(r.level + 1) ? byLevel.get(r.level + 1)!.reached : null }));
}

const share = (part: number, whole: number) => (whole > 0 ? (100 * part) / whole : null);

export const LEVEL_COLUMNS: ReportColumn<LevelLine>[] = [
  { key: 'starts', label: 'Starts', unit: 'count', decimals: 0, measure: only((r) => r.starts) },
  { key: 'completes', label: 'Completes', unit: 'count', decimals: 0, measure: only((r) => r.completes) },
  { key: 'fails', label: 'Fails', unit: 'count', decimals: 0, measure: only((r) => r.fails) },
  { key: 'winRate', label: 'Win rate', unit: 'pct', decimals: 2, measure: only((r) => share(r.completes, r.completes + r.fails)) },
  { key: 'avgAttempts', label: 'Avg attempts', unit: 'ratio', decimals: 2, measure: only((r) => (r.completes > 0 ? r.attemptsSum / r.completes : null)) },
  { key: 'avgDuration', label: 'Avg duration', unit: 'sec', decimals: 1, measure: only((r) => (r.completes + r.fails > 0 ? r.durationSum / (r.completes + r.fails) : null)) },
  { key: 'reached', label: 'Players reaching', unit: 'count', decimals: 0, measure: only((r) => r.reached) },
  { key: 'dropOff', label: 'Drop-off to next', unit: 'pct', decimals: 2, measure: only((r) => (r.nextReached === null ? null : share(r.reached - r.nextReached, r.reached))) },
];

// ---------------------------------------------------------------- level retention

/** Share (%) of a cohort's installed users who reached a level (1-based). */
export function levelShare(cohort: LevelRetentionCohort, level: number): number | null {
  return percent(cohort.reached[level - 1] ?? 0, cohort.installs);
}

/** All cohorts of the range together. */
export function levelRetentionTotal(cohorts: readonly LevelRetentionCohort[], maxLevel: number): LevelRetentionCohort {
  const reached = Array.from({ length: maxLevel }, () => 0);
  let installs = 0;
  for (const c of cohorts) {
    installs += c.installs;
    c.reached.forEach((v, i) => (reached[i]! += v));
  }
  return { installDay: 'All', installs, reached };
}
