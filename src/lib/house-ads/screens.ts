import { z } from 'zod';
import { countColumn, pctColumn, sum, type ReportColumn } from '../reports/columns';
import { dayChart, defineReport, seriesOf, shortDay } from '../reports/define';
import { numbers } from '../reports/fields';
import { linesTable } from '../reports/table';
import { formatCount } from '../numbers';

/**
 * In-house ads reports as descriptors (src/lib/reports/define.ts): per day for a campaign (or all), per
 * advertised app and per publisher app. Definitions in docs/metrics.md. Shared by browser and server.
 */

export const houseAdLine = z.object({
  /** A day (YYYY-MM-DD) or an app id, by report. */
  key: z.string(),
  /** What the key is called on screen (the app's name; the day itself). */
  label: z.string(),
  ...numbers('impressions', 'clicks', 'installs'),
  /** The installs' cost-equivalent value in USD (src/lib/house-ads/value.ts). */
  value: z.number(),
});
export type HouseAdLine = z.infer<typeof houseAdLine>;

export const HOUSE_AD_COLUMNS: ReportColumn<HouseAdLine>[] = [
  countColumn('impressions', 'Impressions'),
  countColumn('clicks', 'Clicks'),
  pctColumn('ctr', 'CTR', 'clicks', 'impressions'),
  countColumn('installs', 'Installs'),
  pctColumn('cvr', 'CVR', 'installs', 'clicks'),
  { key: 'value', label: 'Value', unit: 'usd', decimals: 2, measure: sum('value') },
];

const hasData = (lines: readonly HouseAdLine[]) => lines.some((l) => l.impressions + l.clicks + l.installs > 0);

/** Impressions on the left axis, clicks and installs on the right: lines over days, bars over apps. */
const houseAdChart = (rows: readonly HouseAdLine[], x: 'day' | 'category') => {
  const type = x === 'category' ? ('bar' as const) : undefined;
  return {
    x,
    labels: rows.map((r) => (x === 'day' ? shortDay(r.key) : r.label)),
    leftTitle: 'Impressions',
    rightTitle: 'Clicks and installs',
    series: seriesOf(rows, [
      { label: 'Impressions', value: 'impressions', type, color: 'blue' },
      { label: 'Clicks', value: 'clicks', type, right: true, color: 'orange' },
      { label: 'Installs', value: 'installs', type, right: true, color: 'green' },
    ]),
  };
};

/** A campaign picked on screen by id, among those the answer offers; what '' means is the report's (all, the newest, the period before). */
const campaignId = z.coerce.string<string | number>().trim().max(12).default('');
const campaignChoice = z.object({ id: z.number(), name: z.string() });
const campaignOptions = (a: { campaigns: z.infer<typeof campaignChoice>[] }) => a.campaigns.map((c) => ({ label: `${c.name} (#${c.id})`, value: String(c.id) }));

export const campaignReportScreen = defineReport({
  id: 'houseAdCampaign',
  route: '/ads_in_house/report/campaign',
  appMode: 'multi',
  extra: { campaign: campaignId },
  controls: [{ key: 'campaign', label: 'Campaign', options: [{ label: 'All campaigns', value: '' }], answerOptions: campaignOptions }],
  figures: { campaign: z.string(), campaigns: z.array(campaignChoice), rows: z.array(houseAdLine) },
  noun: 'house ad impressions',
  fileStem: 'house-ads-campaign',
  isEmpty: (answer) => !hasData(answer.rows),
  table: (answer) => linesTable({ name: 'Campaign Report', byDay: (r) => r.key, columns: HOUSE_AD_COLUMNS, rows: answer.rows }),
  chart: (answer) => houseAdChart(answer.rows, 'day'),
});

/** Per app (advertised or publisher): one line an app, bars. */
function perAppReport(id: string, route: string, name: string, keyLabel: string, fileStem: string) {
  return defineReport({
    id,
    route,
    appMode: 'multi',
    figures: { rows: z.array(houseAdLine) },
    noun: 'house ad impressions',
    fileStem,
    isEmpty: (answer) => !hasData(answer.rows),
    table: (answer) => linesTable({ name, key: { label: keyLabel, value: (r) => r.label }, columns: HOUSE_AD_COLUMNS, rows: answer.rows }),
    chart: (answer) => houseAdChart(answer.rows, 'category'),
  });
}

export const advertiserReportScreen = perAppReport('houseAdAdvertiser', '/ads_in_house/report/advertiser', 'Advertiser Report', 'Advertised app', 'house-ads-advertiser');
export const publisherReportScreen = perAppReport('houseAdPublisher', '/ads_in_house/report/publisher', 'Publisher Report', 'Publisher app', 'house-ads-publisher');

/** A campaign, a publisher app or an advertised app with its figures (the overview's top lists). */
export const houseAdTop = houseAdLine;

const fmt = (n: number) => formatCount(n);
const pctOf = (n: number, d: number) => (d > 0 ? `${((n * 100) / d).toFixed(2)}%` : '–');
/** "Name: 1,234 impressions, 2.10% CTR, 5 installs" — one line of a top list. */
const topLine = (l: HouseAdLine) => `${l.label}: ${fmt(l.impressions)} impressions, ${pctOf(l.clicks, l.impressions)} CTR, ${fmt(l.installs)} installs`;

/** How many campaigns and publisher apps the overview names. */
export const OVERVIEW_TOP = 5;

/**
 * The studio's house ads at a glance: the totals (the Total line) and each day of the range, with the top
 * campaigns and top publisher apps by impressions named above the figures.
 */
export const overviewScreen = defineReport({
  id: 'houseAdOverview',
  route: '/ads_in_house/overview/index',
  api: '/api/ads_in_house/overview',
  appMode: 'multi',
  figures: { rows: z.array(houseAdLine), topCampaigns: z.array(houseAdTop), topPublishers: z.array(houseAdTop) },
  noun: 'house ad impressions',
  fileStem: 'house-ads-overview',
  isEmpty: (answer) => !hasData(answer.rows),
  notices: (answer) => [
    ...(answer.topCampaigns.length ? [{ tone: 'info' as const, text: `Top campaigns — ${answer.topCampaigns.map(topLine).join(' · ')}` }] : []),
    ...(answer.topPublishers.length ? [{ tone: 'info' as const, text: `Top publisher apps — ${answer.topPublishers.map(topLine).join(' · ')}` }] : []),
  ],
  table: (answer) => linesTable({ name: 'Overview', byDay: (r) => r.key, columns: HOUSE_AD_COLUMNS, rows: answer.rows }),
  chart: (answer) => houseAdChart(answer.rows, 'day'),
});

/** One day of a comparison: the first side's figures and the second's (another campaign, or the period before). */
export const compareLine = z.object({
  key: z.string(),
  /** The second side's day (the same day, or the matching day of the period before). */
  otherDay: z.string(),
  ...numbers('aImpressions', 'aClicks', 'aInstalls', 'bImpressions', 'bClicks', 'bInstalls'),
});
export type CompareLine = z.infer<typeof compareLine>;

/** The second side when no second campaign is chosen: the first campaign in the period before the range. */
export const PREVIOUS_PERIOD = '';

/** One side's columns of a comparison, named by its campaign: impressions, clicks, CTR, installs. */
const sideColumns = (side: 'a' | 'b', name: string): ReportColumn<CompareLine>[] => [
  countColumn(`${side}Impressions`, `${name} impressions`),
  countColumn(`${side}Clicks`, `${name} clicks`),
  pctColumn(`${side}Ctr`, `${name} CTR`, `${side}Clicks`, `${side}Impressions`),
  countColumn(`${side}Installs`, `${name} installs`),
];


/**
 * Two campaigns side by side per day, or one campaign against itself in the period just before the range
 * (same length). An empty first campaign shows the newest campaign the apps filter allows.
 */
export const compareScreen = defineReport({
  id: 'houseAdCompare',
  route: '/ads_in_house/compare',
  appMode: 'multi',
  extra: { a: campaignId, b: campaignId },
  controls: [
    { key: 'a', label: 'Campaign', options: [], answerOptions: campaignOptions },
    { key: 'b', label: 'Compare with', options: [{ label: 'The period before', value: PREVIOUS_PERIOD }], answerOptions: campaignOptions },
  ],
  figures: {
    a: z.string(),
    b: z.string(),
    aName: z.string(),
    bName: z.string(),
    campaigns: z.array(campaignChoice),
    rows: z.array(compareLine),
  },
  noun: 'house ad impressions of these campaigns',
  fileStem: 'house-ads-compare',
  isEmpty: (answer) => !answer.rows.some((r) => r.aImpressions + r.aClicks + r.aInstalls + r.bImpressions + r.bClicks + r.bInstalls > 0),
  emptyText: (answer) => (answer.a === '' ? 'No campaign to compare for these apps.' : null),
  table: (answer) => linesTable({ name: 'Compare', byDay: (r) => r.key, columns: [...sideColumns('a', answer.aName), ...sideColumns('b', answer.bName)], rows: answer.rows }),
  chart: (answer) =>
    dayChart(answer.rows, (r) => r.key, { left: 'Impressions', right: 'Clicks' }, [
      { label: `${answer.aName} impressions`, value: 'aImpressions', color: 'blue' },
      { label: `${answer.bName} impressions`, value: 'bImpressions', color: 'violet' },
      { label: `${answer.aName} clicks`, value: 'aClicks', right: true, color: 'orange' },
      { label: `${answer.bName} clicks`, value: 'bClicks', right: true, color: 'red' },
    ]),
});

export const houseAdReports = [overviewScreen, campaignReportScreen, advertiserReportScreen, publisherReportScreen, compareScreen];
