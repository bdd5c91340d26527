import { z } from 'zod';
import { ratio, sum, type ReportColumn } from '../reports/columns';
import { defineReport } from '../reports/define';
import { linesTable } from '../reports/table';

/**
 * In-house ads reports as descriptors (src/lib/reports/define.ts): per day for a campaign (or all), per
 * advertised app and per publisher app. Definitions in docs/metrics.md. Shared by browser and server.
 */

export const houseAdLine = z.object({
  /** A day (YYYY-MM-DD) or an app id, by report. */
  key: z.string(),
  /** What the key is called on screen (the app's name; the day itself). */
  label: z.string(),
  impressions: z.number(),
  clicks: z.number(),
  installs: z.number(),
});
export type HouseAdLine = z.infer<typeof houseAdLine>;

export const HOUSE_AD_COLUMNS: ReportColumn<HouseAdLine>[] = [
  { key: 'impressions', label: 'Impressions', unit: 'count', decimals: 0, measure: sum('impressions') },
  { key: 'clicks', label: 'Clicks', unit: 'count', decimals: 0, measure: sum('clicks') },
  { key: 'ctr', label: 'CTR', unit: 'pct', decimals: 2, measure: ratio('clicks', 'impressions', 100) },
  { key: 'installs', label: 'Installs', unit: 'count', decimals: 0, measure: sum('installs') },
  { key: 'cvr', label: 'CVR', unit: 'pct', decimals: 2, measure: ratio('installs', 'clicks', 100) },
];

const hasData = (lines: readonly HouseAdLine[]) => lines.some((l) => l.impressions + l.clicks + l.installs > 0);
const shortDay = (day: string) => day.slice(5);
const colors = { impressions: '#1890ff', clicks: '#e6a23c', installs: '#67c23a' };

export const campaignReportScreen = defineReport({
  id: 'houseAdCampaign',
  route: '/ads_in_house/report/campaign',
  api: '/api/ads_in_house/report/campaign',
  appMode: 'multi',
  extra: { campaign: z.coerce.string<string | number>().trim().max(12).default('') },
  controls: [{ key: 'campaign', label: 'Campaign', options: [{ label: 'All campaigns', value: '' }], answerOptions: (a: { campaigns: { id: number; name: string }[] }) => a.campaigns.map((c) => ({ label: `${c.name} (#${c.id})`, value: String(c.id) })) }],
  figures: { campaign: z.string(), campaigns: z.array(z.object({ id: z.number(), name: z.string() })), rows: z.array(houseAdLine) },
  noun: 'house ad impressions',
  fileStem: 'house-ads-campaign',
  isEmpty: (answer) => !hasData(answer.rows),
  table: (answer) => linesTable({ name: 'Campaign Report', key: { label: 'Day', value: (r) => r.key, day: true }, columns: HOUSE_AD_COLUMNS, rows: answer.rows, total: true, newestFirst: true }),
  chart: (answer) => ({
    x: 'day',
    labels: answer.rows.map((r) => shortDay(r.key)),
    leftTitle: 'Impressions',
    rightTitle: 'Clicks and installs',
    series: [
      { label: 'Impressions', data: answer.rows.map((r) => r.impressions), color: colors.impressions },
      { label: 'Clicks', data: answer.rows.map((r) => r.clicks), right: true, color: colors.clicks },
      { label: 'Installs', data: answer.rows.map((r) => r.installs), right: true, color: colors.installs },
    ],
  }),
});

/** Per app (advertised or publisher): one line an app, bars. */
function perAppReport(id: string, route: string, api: string, name: string, keyLabel: string, fileStem: string) {
  return defineReport({
    id,
    route,
    api,
    appMode: 'multi',
    figures: { rows: z.array(houseAdLine) },
    noun: 'house ad impressions',
    fileStem,
    isEmpty: (answer) => !hasData(answer.rows),
    table: (answer) => linesTable({ name, key: { label: keyLabel, value: (r) => r.label }, columns: HOUSE_AD_COLUMNS, rows: answer.rows, total: true, newestFirst: false }),
    chart: (answer) => ({
      x: 'category',
      labels: answer.rows.map((r) => r.label),
      leftTitle: 'Impressions',
      rightTitle: 'Clicks and installs',
      series: [
        { label: 'Impressions', data: answer.rows.map((r) => r.impressions), type: 'bar', color: colors.impressions },
        { label: 'Clicks', data: answer.rows.map((r) => r.clicks), type: 'bar', right: true, color: colors.clicks },
        { label: 'Installs', data: answer.rows.map((r) => r.installs), type: 'bar', right: true, color: colors.installs },
      ],
    }),
  });
}

export const advertiserReportScreen = perAppReport('houseAdAdvertiser', '/ads_in_house/report/advertiser', '/api/ads_in_house/report/advertiser', 'Advertiser Report', 'Advertised app', 'house-ads-advertiser');
export const publisherReportScreen = perAppReport('houseAdPublisher', '/ads_in_house/report/publisher', '/api/ads_in_house/report/publisher', 'Publisher Report', 'Publisher app', 'house-ads-publisher');

export const houseAdReports = [campaignReportScreen, advertiserReportScreen, publisherReportScreen];
