import { z } from 'zod';
import { nullableNumbers, numbers } from '../../reports/fields';

/*
 * The figures of the gameplay and custom-event reports (task quests, resources, funnels, counters,
 * measurements), one schema per report. Days are calendar days of UTC+7; docs/metrics.md defines each.
 */

/** Players (counted once per day) per quest state: the rows' fields, and the sums the report reads from quest_daily. */
export const QUEST_STATES = ['started', 'progressed', 'completed', 'claimed', 'failed'] as const;
const questCounts = numbers(...QUEST_STATES);
export const questRow = z.object({ questId: z.string(), ...questCounts });
export const questDayRow = z.object({ day: z.string(), ...questCounts });
export type QuestRow = z.infer<typeof questRow>;
export type QuestDayRow = z.infer<typeof questDayRow>;

export const resourceDayRow = z.object({ day: z.string(), ...numbers('earned', 'spent', 'earnEvents', 'spendEvents', 'earners', 'spenders', 'dau') });
export type ResourceDayRow = z.infer<typeof resourceDayRow>;

/** One source (earn) or sink (spend) of a resource over the range; users are summed over the days. */
export const resourceChannelRow = z.object({ channel: z.string(), ...numbers('amount', 'events', 'userDays') });
export type ResourceChannelRow = z.infer<typeof resourceChannelRow>;

export const funnelStepRow = z.object({
  step: z.number(),
  name: z.string(),
  users: z.number(),
  /** Median seconds from the previous step (null for step 0 or without users). */
  medianSecs: z.number().nullable(),
});
export type FunnelStepRow = z.infer<typeof funnelStepRow>;

export const counterCell = z.object({ day: z.string(), name: z.string(), ...numbers('total', 'events', 'users') });
export type CounterCell = z.infer<typeof counterCell>;

export const measurementStats = z.object({ key: z.string(), count: z.number(), ...nullableNumbers('mean', 'p50', 'p90', 'p99') });
export type MeasurementStats = z.infer<typeof measurementStats>;
