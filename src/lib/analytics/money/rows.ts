import { z } from 'zod';
import { numbers } from '../../reports/fields';
import { installCohort } from '../rows';

/*
 * The figures the ads and money reports answer with (sums; the screens derive the ratios, see
 * ./metrics.ts and docs/metrics.md "Ads and money"). Days are UTC+7 calendar days; money is USD micros.
 */

/** The SDK's ad formats (events.ts AD_FORMATS; not imported: events.ts → contract.ts → screens.ts would make a cycle). */
export const AD_FORMAT_CHOICES = ['all', 'banner', 'interstitial', 'rewarded', 'app_open'] as const;

// ---------------------------------------------------------------- ad funnel (ad_view)

const adFunnel = {
  ...numbers('requests', 'shows', 'clicks', 'rewards'),
  /** Shows of the rewarded format (the base of reward completion). */
  rewardedShows: z.number(),
  failures: z.number(),
};
export const adViewDayRow = z.object({ day: z.string(), ...adFunnel });
export type AdViewDayRow = z.infer<typeof adViewDayRow>;
export const adViewGroupRow = z.object({ key: z.string(), ...adFunnel });
export type AdViewGroupRow = z.infer<typeof adViewGroupRow>;
export const ADVIEW_GROUPS = ['placement', 'network', 'format', 'reason'] as const;
export type AdViewGroup = (typeof ADVIEW_GROUPS)[number];

// ---------------------------------------------------------------- ad impressions

export const ADS_IMPRESSION_GROUPS = ['day', 'network', 'format', 'placement'] as const;
export type AdsImpressionGroup = (typeof ADS_IMPRESSION_GROUPS)[number];
export const adImpressionRow = z.object({
  /** The day (by = day) or the network, format or placement. */
  key: z.string(),
  ...numbers('impressions', 'revenue'),
  /** DAU of the day (by = day); the range's sum of daily DAU otherwise. */
  dau: z.number(),
});
export type AdImpressionRow = z.infer<typeof adImpressionRow>;

// ---------------------------------------------------------------- in-app purchases

export const inappDayRow = z.object({
  day: z.string(),
  ...numbers('revenue', 'purchases', 'payers'),
  /** Payers whose first ever purchase (in this app) is on the day. */
  firstPayers: z.number(),
});
export type InappDayRow = z.infer<typeof inappDayRow>;

export const inappProductRow = z.object({ productId: z.string(), ...numbers('purchases', 'buyers', 'revenue') });
export type InappProductRow = z.infer<typeof inappProductRow>;

export const FIRST_IAP_GROUPS = ['product', 'daysSinceInstall', 'level'] as const;
export type FirstIapGroup = (typeof FIRST_IAP_GROUPS)[number];
export const firstIapRow = z.object({
  key: z.string(),
  ...numbers('payers', 'revenue'),
  /** Payers with a known install day, and the sum of their days from install to first purchase. */
  withInstall: z.number(),
  daysSum: z.number(),
  /** Sum of the highest main-mode level played before the first purchase. */
  levelSum: z.number(),
});
export type FirstIapRow = z.infer<typeof firstIapRow>;

// ---------------------------------------------------------------- subscriptions

export const SUBSCRIPTION_GROUPS = ['day', 'product'] as const;
export const subscriptionRow = z.object({
  /** The day (by = day) or the product. */
  key: z.string(),
  ...numbers('starts', 'renewals', 'cancellations', 'revenue'),
  /** Active subscriptions at the end of the day (of the range's last day for a product). */
  activeEnd: z.number(),
  /** Sum over the row's days of the subscriptions active at the end of the day before (the churn base). */
  activeBase: z.number(),
});
export type SubscriptionRow = z.infer<typeof subscriptionRow>;

// ---------------------------------------------------------------- CVR

export const CVR_GOALS = ['purchase', 'rewarded', 'level1'] as const;
export type CvrGoal = (typeof CVR_GOALS)[number];
export const CVR_WINDOWS = [0, 1, 3, 7, 14, 30] as const;
export const cvrCohort = z.object({
  ...installCohort,
  /** converted[i]: installed users who first reached the goal by install day + CVR_WINDOWS[i]; null until that day is over. */
  converted: z.array(z.number().nullable()),
});
export type CvrCohort = z.infer<typeof cvrCohort>;

// ---------------------------------------------------------------- App Measurement

export const appMeasurementLine = z.object({
  appId: z.string(),
  name: z.string(),
  installs: z.number(),
  /** Sum of daily DAU over the range (÷ days = average DAU). */
  dauSum: z.number(),
  ...numbers('days', 'sessions', 'adRevenue', 'iapRevenue', 'payersSum'),
  /** Retained on day 1 / day 7 and the installs of the cohorts whose day 1 / 7 is over. */
  d1Users: z.number(),
  d1Base: z.number(),
  d7Users: z.number(),
  d7Base: z.number(),
  /** DAU of each day of the range (the sparkline). */
  dauByDay: z.array(z.number()),
});
export type AppMeasurementLine = z.infer<typeof appMeasurementLine>;
