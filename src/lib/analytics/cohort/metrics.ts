import type { ActivityCohort, CohortCell, LevelCell, LevelCohortLine } from './rows';
import { percentileOfRuns } from '../../reports/percentile';

/**
 * The cohort views' figures (docs/metrics.md "Cohort views") as code, shared by server and browser: each
 * is a ratio numerator ÷ denominator of a cell, and the All line divides the sums over the cohorts that
 * have reached that day (never an average of the cohorts' ratios).
 */

export type RevenueKind = 'total' | 'ads' | 'iap';

/** One view's ratio: what is counted (per cell) over whom (installs or active users). */
export interface CohortFigure {
  numerator: (cell: CohortCell, revenue: RevenueKind) => number;
  denominator: (cell: CohortCell, installs: number) => number;
}

const USD = 1e-6;
const revenueOf = (ads: number, iap: number, kind: RevenueKind) => (kind === 'ads' ? ads : kind === 'iap' ? iap : ads + iap) * USD;

export const COHORT_FIGURES = {
  /** Rev/user: cumulative revenue of days 0..N per installed user (the LTV curve). */
  ltv: { numerator: (c, kind) => revenueOf(c.cumAds, c.cumIap, kind), denominator: (_c, installs) => installs },
  /** Rev/Eng.user: revenue of day N per cohort user active that day. */
  revenuePerActive: { numerator: (c, kind) => revenueOf(c.ads, c.iap, kind), denominator: (c) => c.users },
  /** Avg Time: play time (s) of day N per active user. */
  playTime: { numerator: (c) => c.seconds, denominator: (c) => c.users },
  /** Session: sessions started on day N per active user. */
  sessions: { numerator: (c) => c.sessions, denominator: (c) => c.users },
  /** Impression: ad impressions on day N per active user. */
  impressions: { numerator: (c) => c.impressions, denominator: (c) => c.users },
} satisfies Record<string, CohortFigure>;

/** A cohort's figure on its i-th shown day: null before the day is over or over zero users. */
export function cohortValue(figure: CohortFigure, cohort: ActivityCohort, i: number, revenue: RevenueKind): number | null {
  const cell = cohort.cells[i];
  if (!cell) return null;
  const d = figure.denominator(cell, cohort.installs);
  return d > 0 ? figure.numerator(cell, revenue) / d : null;
}

/** The All line: sums over the cohorts that have reached the i-th shown day. */
export function cohortAllValue(figure: CohortFigure, cohorts: readonly ActivityCohort[], i: number, revenue: RevenueKind): number | null {
  let n = 0;
  let d = 0;
  for (const cohort of cohorts) {
    const cell = cohort.cells[i];
    if (!cell) continue;
    n += figure.numerator(cell, revenue);
    d += figure.denominator(cell, cohort.installs);
  }
  return d > 0 ? n / d : null;
}

/** The level view: the mean or the median highest level of a cell (null without active users). */
export function levelValue(cell: LevelCell | null | undefined, stat: 'average' | 'median'): number | null {
  if (!cell || cell.users === 0) return null;
  return stat === 'median' ? cell.median : cell.levelSum / cell.users;
}

/** Cohorts the chart draws besides the All line: the newest five, or every 7th from the newest. */
export function chartedCohorts<L extends ActivityCohort | LevelCohortLine>(cohorts: readonly L[], choice: 'newest' | 'weekly' | 'all'): L[] {
  const withData = cohorts.filter((c) => c.installs > 0);
  if (choice === 'all') return [];
  const newestFirst = [...withData].reverse();
  return (choice === 'newest' ? newestFirst.slice(0, 5) : newestFirst.filter((_, i) => i % 7 === 0).slice(0, 8)).reverse();
}

/** The mean's sum and the median of a histogram of highest levels (level → users). */
export function levelSummary(histogram: ReadonlyMap<number, number>): LevelCell {
  const levels = [...histogram.entries()].filter(([, users]) => users > 0).sort((a, b) => a[0] - b[0]);
  const users = levels.reduce((n, [, u]) => n + u, 0);
  const levelSum = levels.reduce((n, [level, u]) => n + level * u, 0);
  // The console's one median (type 7: the mean of the two middle levels when the count is even).
  const median = percentileOfRuns(levels, 0.5);
  return { users, levelSum, median };
}
