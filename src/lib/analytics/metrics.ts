import type { LevelRetentionCohort, LevelRow, MainDataRow, RetentionCohort } from './contract';

/**
 * The metric definitions of docs/metrics.md as code: how each figure a screen shows is derived from the
 * rollup sums. Screens and exports both use these column lists, so a table and its CSV/Excel export
 * always hold the same numbers (exports write the displayed value, rounded the same, without symbols).
 * Shared by server and browser.
 */

export type Unit = 'count' | 'usd' | 'pct' | 'sec' | 'ratio';

export interface MetricColumn<R> {
  key: string;
  title: string;
  unit: Unit;
  /** Decimals shown (and exported). */
  decimals: number;
  /** Decimals on a range's total line, where the value is a daily average. */
  totalDecimals?: number;
  /** The figure, or null when undefined (a ratio over zero). */
  value: (row: R) => number | null;
}

const div = (a: number, b: number): number | null => (b > 0 ? a / b : null);
const usd = (micros: number) => micros / 1_000_000;

/** A value rounded as shown. */
function decimalsOf<R>(column: MetricColumn<R>, row: R): number {
  return column.totalDecimals !== undefined && (row as { days?: number }).days !== undefined ? column.totalDecimals : column.decimals;
}

export function rounded<R>(column: MetricColumn<R>, row: R): number | null {
  const v = column.value(row);
  if (v === null || !Number.isFinite(v)) return null;
  const f = 10 ** decimalsOf(column, row);
  return Math.round(v * f) / f;
}

const numberFormats = new Map<number, Intl.NumberFormat>();
function numberFormat(decimals: number): Intl.NumberFormat {
  let f = numberFormats.get(decimals);
  if (!f) numberFormats.set(decimals, (f = new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })));
  return f;
}

/** The value as a table shows it: "1,234", "$12.34", "4.56%", "—" when undefined. */
export function formatted<R>(column: MetricColumn<R>, row: R): string {
  const v = rounded(column, row);
  if (v === null) return '—';
  const text = numberFormat(decimalsOf(column, row)).format(v);
  if (column.unit === 'usd') return `$${text}`;
  if (column.unit === 'pct') return `${text}%`;
  return text;
}

/** Column titles with their unit, as exports write them. */
export function exportTitle(column: MetricColumn<unknown>): string {
  return column.unit === 'usd' ? `${column.title} (USD)` : column.unit === 'pct' ? `${column.title} (%)` : column.unit === 'sec' ? `${column.title} (s)` : column.title;
}

// ---------------------------------------------------------------- Main Data

/** A day's sums, or the range's totals (sums over days, with DAU and paying users as day averages). */
export type MainDataLine = MainDataRow & { days?: number };

export const MAIN_DATA_COLUMNS: MetricColumn<MainDataLine>[] = [
  { key: 'installs', title: 'Installs', unit: 'count', decimals: 0, value: (r) => r.installs },
  { key: 'dau', title: 'DAU', unit: 'count', decimals: 0, totalDecimals: 1, value: (r) => r.dau / (r.days ?? 1) },
  { key: 'sessionsPerDau', title: 'Sessions / DAU', unit: 'ratio', decimals: 2, value: (r) => div(r.sessions, r.dau) },
  { key: 'avgSessionTime', title: 'Avg session time', unit: 'sec', decimals: 1, value: (r) => div(r.sessionSeconds, r.sessionEnds) },
  { key: 'impressionsPerDau', title: 'Ad impressions / DAU', unit: 'ratio', decimals: 2, value: (r) => div(r.adImpressions, r.dau) },
  { key: 'adRevenue', title: 'Ad revenue', unit: 'usd', decimals: 2, value: (r) => usd(r.adRevenue) },
  { key: 'iapRevenue', title: 'IAP revenue', unit: 'usd', decimals: 2, value: (r) => usd(r.iapRevenue) },
  { key: 'payers', title: 'Paying users', unit: 'count', decimals: 0, totalDecimals: 1, value: (r) => r.payers / (r.days ?? 1) },
  { key: 'arpdau', title: 'ARPDAU', unit: 'usd', decimals: 4, value: (r) => div(usd(r.adRevenue + r.iapRevenue), r.dau) },
  { key: 'arppu', title: 'ARPPU', unit: 'usd', decimals: 2, value: (r) => div(usd(r.iapRevenue), r.payers) },
  { key: 'conversion', title: 'Conversion', unit: 'pct', decimals: 2, value: (r) => (r.dau > 0 ? (100 * r.payers) / r.dau : null) },
];

/** The range's line: sums of the days; DAU and paying users become daily averages through `days`. */
export function mainDataTotal(rows: readonly MainDataRow[]): MainDataLine {
  const total: MainDataLine = { day: 'Total', installs: 0, dau: 0, sessions: 0, sessionEnds: 0, sessionSeconds: 0, adImpressions: 0, adRevenue: 0, iapPurchases: 0, iapRevenue: 0, payers: 0, days: Math.max(1, rows.length) };
  for (const r of rows) {
    total.installs += r.installs;
    total.dau += r.dau;
    total.sessions += r.sessions;
    total.sessionEnds += r.sessionEnds;
    total.sessionSeconds += r.sessionSeconds;
    total.adImpressions += r.adImpressions;
    total.adRevenue += r.adRevenue;
    total.iapPurchases += r.iapPurchases;
    total.iapRevenue += r.iapRevenue;
    total.payers += r.payers;
  }
  return total;
}

// ---------------------------------------------------------------- retention

export const RETENTION_DAYS = 30;

/** Retention DN of a cohort in percent (null where day N has not come yet or the cohort is empty). */
export function retentionRate(cohort: RetentionCohort, n: number): number | null {
  const users = cohort.retained[n];
  if (users === null || users === undefined || cohort.installs === 0) return null;
  return (100 * users) / cohort.installs;
}

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
  if (users === null || users === undefined || base === 0) return null;
  return Math.round((10_000 * users) / base) / 100;
}

// ---------------------------------------------------------------- levels

export type LevelLine = LevelRow & { nextReached: number | null };

/** Adds each level's next-level reach (for the drop-off). */
export function levelLines(rows: readonly LevelRow[]): LevelLine[] {
  const byLevel = new Map(rows.map((r) => [r.level, r]));
  return rows.map((r) => ({ ...r, nextReached: byLevel.has(r.level + 1) ? byLevel.get(r.level + 1)!.reached : null }));
}

export const LEVEL_COLUMNS: MetricColumn<LevelLine>[] = [
  { key: 'starts', title: 'Starts', unit: 'count', decimals: 0, value: (r) => r.starts },
  { key: 'completes', title: 'Completes', unit: 'count', decimals: 0, value: (r) => r.completes },
  { key: 'fails', title: 'Fails', unit: 'count', decimals: 0, value: (r) => r.fails },
  { key: 'winRate', title: 'Win rate', unit: 'pct', decimals: 2, value: (r) => (r.completes + r.fails > 0 ? (100 * r.completes) / (r.completes + r.fails) : null) },
  { key: 'avgAttempts', title: 'Avg attempts', unit: 'ratio', decimals: 2, value: (r) => div(r.attemptsSum, r.completes) },
  { key: 'avgDuration', title: 'Avg duration', unit: 'sec', decimals: 1, value: (r) => div(r.durationSum, r.completes + r.fails) },
  { key: 'reached', title: 'Players reaching', unit: 'count', decimals: 0, value: (r) => r.reached },
  {
    key: 'dropOff',
    title: 'Drop-off to next',
    unit: 'pct',
    decimals: 2,
    value: (r) => (r.nextReached === null || r.reached === 0 ? null : (100 * (r.reached - r.nextReached)) / r.reached),
  },
];

// ---------------------------------------------------------------- level retention

/** Share (%) of a cohort's installed users who reached a level (1-based). */
export function levelShare(cohort: LevelRetentionCohort, level: number): number | null {
  if (cohort.installs === 0) return null;
  return Math.round((10_000 * (cohort.reached[level - 1] ?? 0)) / cohort.installs) / 100;
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

// ---------------------------------------------------------------- export tables (the screens' tables as numbers)

export type ExportCell = string | number | null;
export interface ExportTable {
  name: string;
  header: string[];
  rows: ExportCell[][];
}

export function mainDataTable(rows: readonly MainDataRow[]): ExportTable {
  const lines: MainDataLine[] = [...rows, mainDataTotal(rows)];
  return {
    name: 'Main Data',
    header: ['Day', ...MAIN_DATA_COLUMNS.map((c) => exportTitle(c as MetricColumn<unknown>))],
    rows: lines.map((line) => [line.day, ...MAIN_DATA_COLUMNS.map((c) => rounded(c, line))]),
  };
}

export function retentionTable(cohorts: readonly RetentionCohort[]): ExportTable {
  const lines: RetentionLine[] = [...cohorts, retentionTotal(cohorts)];
  return {
    name: 'Retention',
    header: ['Install day', 'Installs', ...Array.from({ length: RETENTION_DAYS + 1 }, (_, n) => `D${n} (%)`)],
    rows: lines.map((line) => [line.installDay, line.installs, ...Array.from({ length: RETENTION_DAYS + 1 }, (_, n) => retentionCell(line, n))]),
  };
}

export function levelTable(rows: readonly LevelRow[]): ExportTable {
  return {
    name: 'Level',
    header: ['Level', ...LEVEL_COLUMNS.map((c) => exportTitle(c as MetricColumn<unknown>))],
    rows: levelLines(rows).map((line) => [line.level, ...LEVEL_COLUMNS.map((c) => rounded(c, line))]),
  };
}

export function levelRetentionTable(cohorts: readonly LevelRetentionCohort[], maxLevel: number): ExportTable {
  const lines = [...cohorts, levelRetentionTotal(cohorts, maxLevel)];
  return {
    name: 'Level Retention',
    header: ['Install day', 'Installs', ...Array.from({ length: maxLevel }, (_, i) => `Level ${i + 1} (%)`)],
    rows: lines.map((line) => [line.installDay, line.installs, ...Array.from({ length: maxLevel }, (_, i) => levelShare(line, i + 1))]),
  };
}
