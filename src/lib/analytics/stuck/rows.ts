import { z } from 'zod';
import { nullableNumbers } from '../../reports/fields';

/** Stuck Game's answer: one row per main-mode level that players of the range reached. */
export const stuckLevelRow = z.object({
  level: z.number(),
  /** Players whose first play of the level falls in the range. */
  reached: z.number(),
  /** Of those: the level is the highest they have reached and they have not played for N days. */
  stuck: z.number(),
  /** Their fails and completions of the level (any day up to now). */
  fails: z.number(),
  completes: z.number(),
  /** Of those: players who have completed it, and what passing took (null when nobody has). */
  passed: z.number(),
  ...nullableNumbers('attemptsMedian', 'attemptsP90', 'secondsMedian', 'secondsP90'),
});
export type StuckLevelRow = z.infer<typeof stuckLevelRow>;

export const INACTIVE_DAY_CHOICES = [1, 3, 7, 14, 30] as const;
