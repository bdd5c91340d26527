import { countColumn, dailyAverage, pctColumn, percent, ratio, usdColumn, type Measure, type ReportColumn } from '../../reports/columns';
import { CVR_WINDOWS, type AdImpressionRow, type AdViewDayRow, type AdViewGroupRow, type AppMeasurementLine, type CvrCohort, type FirstIapRow, type InappDayRow, type InappProductRow, type SubscriptionRow } from './rows';

/**
 * The ads and money figures of docs/metrics.md ("Ads and money") as columns: how each is derived from the
 * answer's sums and how its Total aggregates. Shared by server and browser.
 */

const USD = 1e-6;
const sumAll = <R,>(rows: readonly R[], value: (r: R) => number) => rows.reduce((n, r) => n + value(r), 0);
const over = (n: number, d: number, scale = 1) => (d > 0 ? (n * scale) / d : null);

// ---------------------------------------------------------------- ad funnel

/** The funnel counts a day row and a group row share. */
type Funnel = Omit<AdViewDayRow, 'day'>;
export function adFunnelColumns(): ReportColumn<Funnel>[] {
  return [
    countColumn('requests', 'Requests'),
    countColumn('shows', 'Shows'),
    pctColumn('fill', 'Fill', 'shows', 'requests'),
    countColumn('clicks', 'Clicks'),
    pctColumn('ctr', 'CTR', 'clicks', 'shows'),
    countColumn('rewards', 'Rewards'),
    pctColumn('rewardCompletion', 'Reward completion', 'rewards', 'rewardedShows'),
    countColumn('failures', 'Failures'),
  ];
}

/** Failures by reason: the count and its share of all failures of the range. */
export function failureColumns(rows: readonly AdViewGroupRow[]): ReportColumn<AdViewGroupRow>[] {
  const all = sumAll(rows, (r) => r.failures);
  return [
    countColumn('failures', 'Failures'),
    { key: 'share', label: 'Share of failures', unit: 'pct', decimals: 2, measure: { value: (r) => over(r.failures, all, 100), total: () => (all > 0 ? 100 : null), rule: 'all reasons' } },
  ];
}

export const adFunnelHasData = (r: Funnel | AdViewGroupRow) => r.requests + r.shows + r.clicks + r.rewards + r.failures > 0;

// ---------------------------------------------------------------- ad impressions

/** Impressions and revenue, eCPM, impressions per DAU; by category also the share of revenue. dauDays: the range's sum of daily DAU. */
export function adImpressionColumns(byDay: boolean, rows: readonly AdImpressionRow[], dauDays: number): ReportColumn<AdImpressionRow>[] {
  const revenue = sumAll(rows, (r) => r.revenue);
  const perDau: Measure<AdImpressionRow> = byDay
    ? ratio('impressions', 'dau')
    : { value: (r) => over(r.impressions, r.dau), total: (all) => over(sumAll(all, (r) => r.impressions), dauDays), rule: 'ratio of the sums', aggregate: 'ratio' };
  return [
    countColumn('impressions', 'Impressions'),
    usdColumn('revenue', 'Revenue'),
    { key: 'ecpm', label: 'eCPM', unit: 'usd', decimals: 2, measure: ratio('revenue', 'impressions', 1000 * USD) },
    { key: 'impressionsPerDau', label: 'Impressions / DAU', unit: 'ratio', decimals: 2, measure: perDau },
    ...(byDay
      ? []
      : [{ key: 'share', label: 'Share of revenue', unit: 'pct' as const, decimals: 2, measure: { value: (r: AdImpressionRow) => over(r.revenue, revenue, 100), total: () => (revenue > 0 ? 100 : null), rule: 'all rows' } }]),
  ];
}

// ---------------------------------------------------------------- in-app purchases

export const INAPP_DAY_COLUMNS: ReportColumn<InappDayRow>[] = [
  usdColumn('revenue', 'Revenue'),
  countColumn('purchases', 'Purchases'),
  { key: 'payers', label: 'Payers', unit: 'count', decimals: 0, totalDecimals: 1, measure: dailyAverage('payers') },
  countColumn('firstPayers', 'First-time payers'),
  { key: 'arppu', label: 'ARPPU', unit: 'usd', decimals: 2, measure: ratio('revenue', 'payers', USD) },
];

/** Per product; buyers of the Total are the distinct buyers of the range (a user buying two products counts once). */
export function inappProductColumns(rows: readonly InappProductRow[], buyers: number): ReportColumn<InappProductRow>[] {
  const revenue = sumAll(rows, (r) => r.revenue);
  return [
    countColumn('purchases', 'Purchases'),
    { key: 'buyers', label: 'Buyers', unit: 'count', decimals: 0, measure: { value: (r) => r.buyers, total: () => buyers, rule: 'distinct buyers' } },
    usdColumn('revenue', 'Revenue'),
    { key: 'share', label: 'Share of revenue', unit: 'pct', decimals: 2, measure: { value: (r) => over(r.revenue, revenue, 100), total: () => (revenue > 0 ? 100 : null), rule: 'all products' } },
    { key: 'avgPrice', label: 'Average price', unit: 'usd', decimals: 2, measure: ratio('revenue', 'purchases', USD) },
  ];
}

/**
 * Bands from their lower bounds: [0, 1, 2, 4] gives 0, 1, 2-3, 4+ (a band of one number is named by it).
 * `zero` renames the band of 0 (the level bands call it "none").
 */
function bands(lower: readonly number[], zero?: string) {
  return lower.map((from, i) => {
    const to = i + 1 < lower.length ? lower[i + 1]! - 1 : Infinity;
    const key = from === 0 && zero ? zero : to === Infinity ? `${from}+` : from === to ? String(from) : `${from}-${to}`;
    return { key, from, to };
  });
}
const bandOf = (list: readonly { key: string; from: number; to: number }[], n: number) => list.find((b) => n >= b.from && n <= b.to)!.key;

/** Days from install to the first purchase, in the buckets the First IAP report groups by: 0, 1, 2-3, 4-7, 8-14, 15-30, 31+. */
export const DAYS_SINCE_INSTALL_BUCKETS = bands([0, 1, 2, 4, 8, 15, 31]);
/** Payers without an install event (no first_open) or who bought before it. */
export const NO_INSTALL_BUCKET = 'no install';
export const daysBucket = (days: number | null) => (days === null || days < 0 ? NO_INSTALL_BUCKET : bandOf(DAYS_SINCE_INSTALL_BUCKETS, days));

/** Highest level played before the first purchase, in bands: none, 1-5, 6-10, 11-20, 21-50, 51-100, 101+. */
export const LEVEL_BANDS = bands([0, 1, 6, 11, 21, 51, 101], 'none');
export const levelBand = (level: number) => bandOf(LEVEL_BANDS, level);

export function firstIapColumns(rows: readonly FirstIapRow[]): ReportColumn<FirstIapRow>[] {
  const payers = sumAll(rows, (r) => r.payers);
  return [
    countColumn('payers', 'First-time payers'),
    { key: 'share', label: 'Share of payers', unit: 'pct', decimals: 2, measure: { value: (r) => over(r.payers, payers, 100), total: () => (payers > 0 ? 100 : null), rule: 'all rows' } },
    usdColumn('revenue', 'First purchase revenue'),
    { key: 'avgDays', label: 'Avg days since install', unit: 'ratio', decimals: 1, measure: ratio('daysSum', 'withInstall') },
    { key: 'avgLevel', label: 'Avg level before', unit: 'ratio', decimals: 1, measure: ratio('levelSum', 'payers') },
  ];
}

// ---------------------------------------------------------------- subscriptions

export function subscriptionColumns(byDay: boolean, rows: readonly SubscriptionRow[]): ReportColumn<SubscriptionRow>[] {
  // Active at the end of the range: the last day's line (by day), the products' sum (by product).
  const activeEnd = byDay ? (rows.at(-1)?.activeEnd ?? null) : sumAll(rows, (r) => r.activeEnd);
  return [
    countColumn('starts', 'Starts'),
    countColumn('renewals', 'Renewals'),
    countColumn('cancellations', 'Cancellations'),
    { key: 'active', label: 'Active at end', unit: 'count', decimals: 0, measure: { value: (r) => r.activeEnd, total: () => activeEnd, rule: 'at the end of the range' } },
    pctColumn('churn', 'Churn', 'cancellations', 'activeBase'),
    usdColumn('revenue', 'Revenue'),
  ];
}

// ---------------------------------------------------------------- CVR

/** A CVR cell: converted ÷ installs in %, 2 decimals; null while the window is not over. */
export function cvrCell(converted: number | null | undefined, installs: number): number | null {
  return converted === null || converted === undefined ? null : percent(converted, installs);
}

/** The All line: per window, the converted users of the cohorts whose window is over ÷ those cohorts' installs. */
export function cvrTotal(cohorts: readonly CvrCohort[]): { installs: number; cells: (number | null)[] } {
  return {
    installs: sumAll(cohorts, (c) => c.installs),
    cells: CVR_WINDOWS.map((_, i) => {
      const done = cohorts.filter((c) => c.converted[i] !== null && c.converted[i] !== undefined);
      return done.length ? cvrCell(sumAll(done, (c) => c.converted[i]!), sumAll(done, (c) => c.installs)) : null;
    }),
  };
}

// ---------------------------------------------------------------- App Measurement

export const APP_MEASUREMENT_COLUMNS: ReportColumn<AppMeasurementLine>[] = [
  countColumn('installs', 'Installs'),
  { key: 'dau', label: 'DAU (avg)', unit: 'count', decimals: 1, measure: { value: (r) => over(r.dauSum, r.days), total: (rows) => over(sumAll(rows, (r) => r.dauSum), rows[0]?.days ?? 0), rule: 'sum of the apps' } },
  { key: 'sessionsPerDau', label: 'Sessions / DAU', unit: 'ratio', decimals: 2, measure: ratio('sessions', 'dauSum') },
  usdColumn('adRevenue', 'Ad revenue'),
  usdColumn('iapRevenue', 'IAP revenue'),
  { key: 'revenue', label: 'Total revenue', unit: 'usd', decimals: 2, measure: { value: (r) => (r.adRevenue + r.iapRevenue) * USD, total: (rows) => sumAll(rows, (r) => r.adRevenue + r.iapRevenue) * USD, rule: 'sum of the apps' } },
  { key: 'arpdau', label: 'ARPDAU', unit: 'usd', decimals: 4, measure: ratio(['adRevenue', 'iapRevenue'], 'dauSum', USD) },
  { key: 'payers', label: 'Payers (avg)', unit: 'count', decimals: 1, measure: { value: (r) => over(r.payersSum, r.days), total: (rows) => over(sumAll(rows, (r) => r.payersSum), rows[0]?.days ?? 0), rule: 'sum of the apps' } },
  pctColumn('conversion', 'Conversion', 'payersSum', 'dauSum'),
  pctColumn('d1', 'D1 retention', 'd1Users', 'd1Base'),
  pctColumn('d7', 'D7 retention', 'd7Users', 'd7Base'),
];
