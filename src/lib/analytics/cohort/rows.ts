import { z } from 'zod';
import { choiceField, numbers } from '../../reports/fields';
import { installCohort } from '../rows';

/*
 * The figures the cohort views answer with (days are UTC+7 calendar days, money integer USD micros).
 * Rows are install cohorts; `cells[i]` is day `days[i]` since install, null until that day is over.
 */

/** What a cohort's users active on install day + N did that day, and the cohort's revenue up to that day. */
export const cohortCell = z.object({
  /** Cohort users active on the day. */
  users: z.number(),
  sessions: z.number(),
  /** Play time: sum of session_end durations (s). */
  seconds: z.number(),
  impressions: z.number(),
  /** Revenue of the day (micros). */
  ads: z.number(),
  iap: z.number(),
  /** Revenue of days 0..N (micros): the LTV numerators. */
  cumAds: z.number(),
  cumIap: z.number(),
});
export type CohortCell = z.infer<typeof cohortCell>;

export const activityCohort = z.object({
  ...installCohort,
  cells: z.array(cohortCell.nullable()),
});
export type ActivityCohort = z.infer<typeof activityCohort>;

/** Active cohort users on day N and their highest level reached by then: the sum (for the mean) and the median. */
export const levelCell = z.object({ ...numbers('users', 'levelSum'), median: z.number().nullable() });
export type LevelCell = z.infer<typeof levelCell>;

export const levelCohortLine = z.object({
  ...installCohort,
  cells: z.array(levelCell.nullable()),
});
export type LevelCohortLine = z.infer<typeof levelCohortLine>;

/** Which cohorts the chart draws besides the All line. */
export const COHORT_CHART_CHOICES = [
  { label: 'Newest 5 cohorts', value: 'newest' },
  { label: 'Every 7th cohort', value: 'weekly' },
  { label: 'All cohorts only', value: 'all' },
] as const;
export const cohortChart = choiceField(COHORT_CHART_CHOICES);

export const REVENUE_CHOICES = [
  { label: 'Ads + IAP', value: 'total' },
  { label: 'Ads', value: 'ads' },
  { label: 'IAP', value: 'iap' },
] as const;
export const revenueKind = choiceField(REVENUE_CHOICES);

export const LEVEL_STAT_CHOICES = [
  { label: 'Average', value: 'average' },
  { label: 'Median', value: 'median' },
] as const;
export const levelStat = choiceField(LEVEL_STAT_CHOICES);
