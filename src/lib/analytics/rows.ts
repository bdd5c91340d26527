import { z } from 'zod';

/*
 * The figures the first analytics reports answer with: one row schema per report. Days are calendar days
 * of the reporting time zone (UTC+7); money is integer USD micros. The screens are in ./screens.ts.
 */

export const LEVEL_MODES = ['main', 'minigame'] as const;
export const LEVEL_RETENTION_MAX_LEVELS = 200;

// ---------------------------------------------------------------- Main Data

export const mainDataRow = z.object({
  day: z.string(),
  installs: z.number(),
  dau: z.number(),
  sessions: z.number(),
  sessionEnds: z.number(),
  sessionSeconds: z.number(),
  adImpressions: z.number(),
  adRevenue: z.number(),
  iapPurchases: z.number(),
  iapRevenue: z.number(),
  payers: z.number(),
});
export type MainDataRow = z.infer<typeof mainDataRow>;

// ---------------------------------------------------------------- retention

export const retentionCohort = z.object({
  installDay: z.string(),
  installs: z.number(),
  /** Users of the cohort active on install day + N, N = 0..30; null until that day is over (UTC+7). */
  retained: z.array(z.number().nullable()),
});
export type RetentionCohort = z.infer<typeof retentionCohort>;

// ---------------------------------------------------------------- levels

export const levelRow = z.object({
  level: z.number(),
  starts: z.number(),
  completes: z.number(),
  fails: z.number(),
  /** Sum of attempts over completions (attempts a win took). */
  attemptsSum: z.number(),
  /** Sum of durations (s) over completions and fails. */
  durationSum: z.number(),
  /** Players whose first play of the level falls in the range. */
  reached: z.number(),
});
export type LevelRow = z.infer<typeof levelRow>;

export const levelRetentionCohort = z.object({
  installDay: z.string(),
  installs: z.number(),
  /** reached[i]: users of the cohort who have reached level i + 1. */
  reached: z.array(z.number()),
});
export type LevelRetentionCohort = z.infer<typeof levelRetentionCohort>;

