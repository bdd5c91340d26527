import { z } from 'zod';

/*
 * The figures of the gameplay and custom-event reports (task quests, resources, funnels, counters,
 * measurements), one schema per report. Days are calendar days of UTC+7; docs/metrics.md defines each.
 */

/** Players (counted once per day) per quest state. */
const questCounts = { started: z.number(), progressed: z.number(), completed: z.number(), claimed: z.number(), failed: z.number() };
export const questRow = z.object({ questId: z.string(), ...questCounts });
export const questDayRow = z.object({ day: z.string(), ...questCounts });
export type QuestRow = z.infer<typeof questRow>;
export type QuestDayRow = z.infer<typeof questDayRow>;

export const resourceDayRow = z.object({
  day: z.string(),
  earned: z.number(),
  spent: z.number(),
  earnEvents: z.number(),
  spendEvents: z.number(),
  earners: z.number(),
  spenders: z.number(),
  dau: z.number(),
});
export type ResourceDayRow = z.infer<typeof resourceDayRow>;

/** One source (earn) or sink (spend) of a resource over the range; users are summed over the days. */
export const resourceChannelRow = z.object({ channel: z.string(), amount: z.number(), events: z.number(), userDays: z.number() });
export type ResourceChannelRow = z.infer<typeof resourceChannelRow>;

export const funnelStepRow = z.object({
  step: z.number(),
  name: z.string(),
  users: z.number(),
  /** Median seconds from the previous step (null for step 0 or without users). */
  medianSecs: z.number().nullable(),
});
export type FunnelStepRow = z.infer<typeof funnelStepRow>;

export const counterCell = z.object({ day: z.string(), name: z.string(), total: z.number(), events: z.number(), users: z.number() });
export type CounterCell = z.infer<typeof counterCell>;

export const measurementStats = z.object({
  key: z.string(),
  count: z.number(),
  mean: z.number().nullable(),
  p50: z.number().nullable(),
  p90: z.number().nullable(),
  p99: z.number().nullable(),
});
export type MeasurementStats = z.infer<typeof measurementStats>;
