import { z } from 'zod';
import { numbers } from '../reports/fields';

/*
 * The figures the first analytics reports answer with: one row schema per report. Days are calendar days
 * of the reporting time zone (UTC+7); money is integer USD micros. The screens are in ./screens.ts.
 */

export const LEVEL_MODES = ['main', 'minigame'] as const;
export const LEVEL_RETENTION_MAX_LEVELS = 200;

// ---------------------------------------------------------------- Main Data

/** Main Data's figures of a day: the row's fields, and the sums the report reads from daily_metrics. */
export const MAIN_DATA_FIGURES = ['installs', 'dau', 'sessions', 'sessionEnds', 'sessionSeconds', 'adImpressions', 'adRevenue', 'iapPurchases', 'iapRevenue', 'payers'] as const;
export const mainDataRow = z.object({ day: z.string(), ...numbers(...MAIN_DATA_FIGURES) });
export type MainDataRow = z.infer<typeof mainDataRow>;

// ---------------------------------------------------------------- retention

/** What every install cohort's line starts with (retention, level retention, CVR, the cohort views). */
export const installCohort = { installDay: z.string(), installs: z.number() };

export const retentionCohort = z.object({
  ...installCohort,
  /** Users of the cohort active on install day + N, N = 0..30; null until that day is over (UTC+7). */
  retained: z.array(z.number().nullable()),
});
export type RetentionCohort = z.infer<typeof retentionCohort>;

// ---------------------------------------------------------------- levels

export const levelRow = z.object({
  ...numbers('level', 'starts', 'completes', 'fails'),
  /** Sum of attempts over completions (attempts a win took). */
  attemptsSum: z.number(),
  /** Sum of durations (s) over completions and fails. */
  durationSum: z.number(),
  /** Players whose first play of the level falls in the range. */
  reached: z.number(),
});
export type LevelRow = z.infer<typeof levelRow>;

export const levelRetentionCohort = z.object({
  ...installCohort,
  /** reached[i]: users of the cohort who have reached level i + 1. */
  reached: z.array(z.number()),
});
export type LevelRetentionCohort = z.infer<typeof levelRetentionCohort>;

