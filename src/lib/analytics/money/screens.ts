import { z } from 'zod';
import { CHART_PALETTE, dayChart, defineReport, groupBy, seriesOf, shortDay, type ReportNotice } from '../../reports/define';
import { percent } from '../../reports/columns';
import { linesTable, type ReportTable } from '../../reports/table';
import { noInstalls } from '../cohort-table';
import { addDays } from '../../time/day';
import {
  adFunnelColumns, adFunnelHasData, adImpressionColumns, APP_MEASUREMENT_COLUMNS, cvrCell, cvrTotal, failureColumns, firstIapColumns, INAPP_DAY_COLUMNS,
  inappProductColumns, subscriptionColumns,
} from './metrics';
import {
  AD_FORMAT_CHOICES, ADS_IMPRESSION_GROUPS, ADVIEW_GROUPS, adImpressionRow, adViewDayRow, adViewGroupRow, appMeasurementLine, CVR_GOALS, CVR_WINDOWS, cvrCohort,
  FIRST_IAP_GROUPS, firstIapRow, inappDayRow, inappProductRow, SUBSCRIPTION_GROUPS, subscriptionRow, type AdViewGroupRow,
} from './rows';

/**
 * The ads and money report screens (tracker issue 13) as descriptors, shared by browser and server; the SQL
 * is in ./reports.ts, attached in ./service.ts. Figures are defined in docs/metrics.md ("Ads and money").
 */

const option = (value: string, label: string) => ({ value, label });
/** An empty network, placement or reason (the SDK sent none) shown as such. */
const shownKey = (key: string) => key || '(not sent)';
/** The charts' Fill (%): shows over requests. */
const fillRate = (r: { shows: number; requests: number }) => percent(r.shows, r.requests);

// ---------------------------------------------------------------- Adview Overview, Adview

export const adviewOverviewScreen = defineReport({
  id: 'adviewOverview',
  route: '/gsm/analytic/adviewOverview',
  appMode: 'multi',
  // Not "format": the export's own parameter (csv or xlsx) has that name.
  extra: { adFormat: z.enum(AD_FORMAT_CHOICES).default('all') },
  controls: [{ key: 'adFormat', label: 'Ad format', options: AD_FORMAT_CHOICES.map((f) => option(f, f === 'all' ? 'All formats' : f)) }],
  figures: { adFormat: z.enum(AD_FORMAT_CHOICES), rows: z.array(adViewDayRow) },
  noun: 'ad views',
  isEmpty: (answer) => !answer.rows.some(adFunnelHasData),
  table: (answer) => linesTable({ name: 'Adview Overview', byDay: (r) => r.day, columns: adFunnelColumns(), rows: answer.rows }),
  chart: (answer) =>
    dayChart(answer.rows, (r) => r.day, { left: 'Ad views', right: 'Fill (%)' }, [
      { label: 'Requests', value: 'requests', color: 'blue' },
      { label: 'Shows', value: 'shows', color: 'green' },
      { label: 'Failures', value: 'failures', color: 'red' },
      { label: 'Fill (%)', value: fillRate, right: true, color: 'orange' },
    ]),
});

const ADVIEW_LABELS = { placement: 'Placement', network: 'Network', format: 'Format', reason: 'Failure reason' } as const;

export const adviewScreen = defineReport({
  id: 'adview',
  route: '/gsm/analytic/adview',
  appMode: 'multi',
  ...groupBy(ADVIEW_GROUPS, ADVIEW_LABELS),
  figures: { by: z.enum(ADVIEW_GROUPS), groups: z.array(adViewGroupRow) },
  noun: 'ad views',
  isEmpty: (answer) => !answer.groups.some(adFunnelHasData),
  table: (answer) =>
    linesTable<AdViewGroupRow>({
      name: 'Adview',
      key: { label: ADVIEW_LABELS[answer.by], value: (r) => shownKey(r.key) },
      columns: answer.by === 'reason' ? failureColumns(answer.groups) : adFunnelColumns(),
      rows: answer.groups,
    }),
  chart: (answer) => ({
    x: 'category',
    labels: answer.groups.map((g) => shownKey(g.key)),
    leftTitle: answer.by === 'reason' ? 'Failures' : 'Shows',
    rightTitle: answer.by === 'reason' ? undefined : 'Fill (%)',
    series: seriesOf(
      answer.groups,
      answer.by === 'reason'
        ? [{ label: 'Failures', value: 'failures', color: 'red' }]
        : [
            { label: 'Shows', value: 'shows', color: 'green' },
            { label: 'Fill (%)', value: fillRate, right: true, color: 'orange' },
          ],
    ),
  }),
});

// ---------------------------------------------------------------- Ads Impression

const IMPRESSION_LABELS = { day: 'Day', network: 'Network', format: 'Format', placement: 'Placement' } as const;

export const adsImpressionScreen = defineReport({
  id: 'adsImpression',
  route: '/gsm/analytic/adsImpression',
  appMode: 'multi',
  ...groupBy(ADS_IMPRESSION_GROUPS, IMPRESSION_LABELS),
  figures: { by: z.enum(ADS_IMPRESSION_GROUPS), dauDays: z.number(), rows: z.array(adImpressionRow) },
  noun: 'ad impressions',
  isEmpty: (answer) => !answer.rows.some((r) => r.impressions > 0),
  table: (answer) =>
    linesTable({
      name: 'Ads Impression',
      key: { label: IMPRESSION_LABELS[answer.by], value: (r) => shownKey(r.key), day: answer.by === 'day' },
      columns: adImpressionColumns(answer.by === 'day', answer.rows, answer.dauDays),
      rows: answer.rows,
    }),
  chart: (answer) => ({
    x: answer.by === 'day' ? 'day' : 'category',
    labels: answer.rows.map((r) => (answer.by === 'day' ? shortDay(r.key) : shownKey(r.key))),
    leftTitle: 'Impressions',
    rightTitle: 'Revenue (USD)',
    series: seriesOf(answer.rows, [
      { label: 'Impressions', value: 'impressions', color: 'blue' },
      { label: 'Revenue (USD)', value: (r) => r.revenue / 1e6, type: 'bar', right: true, color: 'orange' },
    ]),
  }),
});

// ---------------------------------------------------------------- Inapp Overview, Inapp, First IAP

/*
 * The two ways the console counts purchases (docs/metrics.md, "Purchases: two countings"): App Measurement
 * follows Main Data (iap_purchase events as the game sent them), the Inapp screens count verified store
 * transactions once. They differ by design, so each screen says which one it uses and points to the other.
 */
export const STORE_TRANSACTIONS_NOTICE: ReportNotice = {
  tone: 'info',
  text: 'Purchases here are store transactions: verified purchases, one per store and transaction id (a re-sent purchase counts once). App Measurement counts purchase events as Main Data does.',
  link: { label: 'App Measurement', href: '/gsm/analytic/app_measurement' },
};
export const PURCHASE_EVENTS_NOTICE: ReportNotice = {
  tone: 'info',
  text: 'IAP here counts purchase events as Main Data does (each iap_purchase the game sent). Inapp Overview counts verified store transactions, one per transaction id.',
  link: { label: 'Inapp Overview', href: '/gsm/analytic/inappOverview' },
};

export const inappOverviewScreen = defineReport({
  id: 'inappOverview',
  route: '/gsm/analytic/inappOverview',
  appMode: 'multi',
  figures: { rows: z.array(inappDayRow) },
  noun: 'purchases',
  isEmpty: (answer) => !answer.rows.some((r) => r.purchases > 0),
  notices: () => [STORE_TRANSACTIONS_NOTICE],
  table: (answer) => linesTable({ name: 'Inapp Overview', byDay: (r) => r.day, columns: INAPP_DAY_COLUMNS, rows: answer.rows }),
  chart: (answer) =>
    dayChart(answer.rows, (r) => r.day, { left: 'Payers', right: 'Revenue (USD)' }, [
      { label: 'Payers', value: 'payers', color: 'blue' },
      { label: 'First-time payers', value: 'firstPayers', color: 'green' },
      { label: 'Revenue (USD)', value: (r) => r.revenue / 1e6, type: 'bar', right: true, color: 'purple' },
    ]),
});

export const inappScreen = defineReport({
  id: 'inapp',
  route: '/gsm/analytic/inapp',
  appMode: 'multi',
  figures: { buyers: z.number(), products: z.array(inappProductRow) },
  noun: 'purchases',
  isEmpty: (answer) => answer.products.length === 0,
  notices: () => [STORE_TRANSACTIONS_NOTICE],
  table: (answer) =>
    linesTable({ name: 'Inapp', key: { label: 'Product', value: (r) => r.productId }, columns: inappProductColumns(answer.products, answer.buyers), rows: answer.products }),
  chart: (answer) => ({
    x: 'category',
    labels: answer.products.map((p) => p.productId),
    leftTitle: 'Purchases',
    rightTitle: 'Revenue (USD)',
    series: seriesOf(answer.products, [
      { label: 'Purchases', value: 'purchases', color: 'blue' },
      { label: 'Revenue (USD)', value: (p) => p.revenue / 1e6, right: true, color: 'purple' },
    ]),
  }),
});

const FIRST_IAP_LABELS = { product: 'Product', daysSinceInstall: 'Days since install', level: 'Level before' } as const;

export const firstIapScreen = defineReport({
  id: 'firstIap',
  route: '/gsm/analytic/firstIap',
  appMode: 'multi',
  ...groupBy(FIRST_IAP_GROUPS, FIRST_IAP_LABELS),
  figures: { by: z.enum(FIRST_IAP_GROUPS), rows: z.array(firstIapRow) },
  noun: 'first purchases',
  isEmpty: (answer) => !answer.rows.some((r) => r.payers > 0),
  table: (answer) => linesTable({ name: 'First IAP', key: { label: FIRST_IAP_LABELS[answer.by], value: (r) => r.key }, columns: firstIapColumns(answer.rows), rows: answer.rows }),
  chart: (answer) => ({
    x: 'category',
    labels: answer.rows.map((r) => r.key),
    leftTitle: 'First-time payers',
    series: seriesOf(answer.rows, [{ label: 'First-time payers', value: 'payers', color: 'purple' }]),
  }),
});

// ---------------------------------------------------------------- Subscription

export const subscriptionScreen = defineReport({
  id: 'subscription',
  route: '/gsm/analytic/subscription',
  appMode: 'multi',
  ...groupBy(SUBSCRIPTION_GROUPS, { day: 'Day', product: 'Product' }),
  figures: { by: z.enum(SUBSCRIPTION_GROUPS), rows: z.array(subscriptionRow) },
  noun: 'subscription events',
  isEmpty: (answer) => !answer.rows.some((r) => r.starts + r.renewals + r.cancellations + r.activeEnd > 0),
  table: (answer) =>
    linesTable({
      name: 'Subscription',
      key: { label: answer.by === 'day' ? 'Day' : 'Product', value: (r) => r.key, day: answer.by === 'day' },
      columns: subscriptionColumns(answer.by === 'day', answer.rows),
      rows: answer.rows,
    }),
  chart: (answer) => ({
    x: answer.by === 'day' ? 'day' : 'category',
    labels: answer.rows.map((r) => (answer.by === 'day' ? shortDay(r.key) : r.key)),
    leftTitle: 'Subscriptions',
    rightTitle: 'Revenue (USD)',
    series: seriesOf(answer.rows, [
      { label: 'Active at end', value: 'activeEnd', color: 'blue' },
      { label: 'Starts', value: 'starts', color: 'green' },
      { label: 'Cancellations', value: 'cancellations', color: 'red' },
      { label: 'Revenue (USD)', value: (r) => r.revenue / 1e6, type: 'bar', right: true, color: 'purple' },
    ]),
  }),
});

// ---------------------------------------------------------------- CVR

const CVR_LABELS = { purchase: 'First purchase', rewarded: 'Rewarded ad watched', level1: 'Level 1 completed' } as const;

function cvrTable(answer: { cohorts: readonly { installDay: string; installs: number; converted: (number | null)[] }[] }): ReportTable {
  const total = cvrTotal(answer.cohorts);
  return {
    name: 'CVR',
    columns: [
      { key: 'installDay', label: 'Install day', unit: 'day', decimals: 0 },
      { key: 'installs', label: 'Installs', unit: 'count', decimals: 0 },
      ...CVR_WINDOWS.map((n) => ({ key: `d${n}`, label: `D${n}`, exportLabel: `By D${n} (%)`, unit: 'pct' as const, decimals: 2, heat: true })),
    ],
    rows: answer.cohorts.map((c) => [c.installDay, c.installs, ...c.converted.map((v) => cvrCell(v, c.installs))]),
    total: ['All', total.installs, ...total.cells],
    totalHint: 'All cohorts of the range: converted users over the installs of the cohorts whose window is over',
    newestFirst: true,
  };
}

export const cvrScreen = defineReport({
  id: 'cvr',
  route: '/gsm/analytic/cvr',
  appMode: 'multi',
  extra: { goal: z.enum(CVR_GOALS).default('purchase') },
  controls: [{ key: 'goal', label: 'Conversion', options: CVR_GOALS.map((g) => option(g, CVR_LABELS[g])) }],
  figures: { goal: z.enum(CVR_GOALS), cohorts: z.array(cvrCohort) },
  noun: 'installs',
  isEmpty: noInstalls,
  table: (answer) => cvrTable(answer),
  chart: (answer) => ({
    x: 'day',
    labels: answer.cohorts.map((c) => shortDay(c.installDay)),
    leftTitle: `${CVR_LABELS[answer.goal]} (%)`,
    // D0, D1 and D7: a 30-day range never has a cohort whose D30 is over.
    series: [0, 1, 3].map((i, k) => ({ label: `By D${CVR_WINDOWS[i]}`, data: answer.cohorts.map((c) => cvrCell(c.converted[i], c.installs)), color: CHART_PALETTE[k]! })),
  }),
});

// ---------------------------------------------------------------- App Measurement

export const appMeasurementScreen = defineReport({
  id: 'appMeasurement',
  route: '/gsm/analytic/app_measurement',
  api: '/api/analytic/appMeasurement',
  appMode: 'multi',
  figures: { lines: z.array(appMeasurementLine) },
  noun: 'events',
  isEmpty: (answer) => !answer.lines.some((l) => l.dauSum + l.installs > 0),
  notices: () => [PURCHASE_EVENTS_NOTICE],
  table: (answer) => linesTable({ name: 'App Measurement', key: { label: 'App', value: (l) => l.name }, columns: APP_MEASUREMENT_COLUMNS, rows: answer.lines, sortable: true }),
  // One DAU line per app over the range's days: the apps' sparklines side by side.
  chart: (answer) => ({
    x: 'day',
    labels: Array.from({ length: answer.lines[0]?.dauByDay.length ?? 0 }, (_, i) => shortDay(addDays(answer.from, i))),
    leftTitle: 'DAU',
    series: answer.lines.map((l, i) => ({ label: l.name, data: l.dauByDay, color: CHART_PALETTE[i % CHART_PALETTE.length]! })),
  }),
});

/** The ads and money reports, in menu order. */
export const moneyReports = [adviewOverviewScreen, adviewScreen, adsImpressionScreen, inappOverviewScreen, inappScreen, firstIapScreen, subscriptionScreen, cvrScreen, appMeasurementScreen];
