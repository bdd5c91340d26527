import { OS_NAMES as PLATFORM_NAMES } from '../platform';
import { z } from 'zod';
import { dayChart, defineReport, groupBy, seriesOf, shortDay } from '../reports/define';
import { countColumn, only, pctColumn, percent, ratio, type ReportColumn } from '../reports/columns';
import { moneyColumn, moneyDiffColumn } from './columns';
import { usdOfMicros } from '../numbers';
import { financeSourceNotice } from './sources';
import { numbers } from '../reports/fields';
import { linesTable } from '../reports/table';
import { financeReconciliationScreen } from './reconciliation';

/**
 * The finance report screens (tracker issue 16) as descriptors, shared by browser and server; the SQL is in
 * ./queries.ts, attached in ./service.ts, and every query goes through the finance permission
 * (./scope.ts). Money is USD micros in the answers, dollars on screen. Definitions: docs/metrics.md "Finance".
 */

const option = (value: string, label: string) => ({ value, label });
/** Finance figures are per app, day and OS: no app version, no country. */
const NO_VERSION_OR_COUNTRY = ['version', 'countries'] as const;

export const pnlRow = z.object({ key: z.string(), ...numbers('adRevenue', 'iapGross', 'iapNet', 'revenue', 'cost', 'profit', 'installs') });
export type PnlRowT = z.infer<typeof pnlRow>;
/** Revenue by network or store, by kind (ads / IAP) or by the source of the figures (the Revenue report; App Detail's sources). */
export const revenueSourceRow = z.object({ key: z.string(), kind: z.string(), ...numbers('gross', 'net') });
type RevenueSourceRowT = z.infer<typeof revenueSourceRow>;

const PNL_COLUMNS: ReportColumn<PnlRowT>[] = [
  moneyColumn('adRevenue', 'Ad revenue'),
  moneyColumn('iapGross', 'IAP gross'),
  moneyColumn('iapNet', 'IAP net'),
  moneyColumn('revenue', 'Revenue'),
  moneyColumn('cost', 'Cost'),
  moneyColumn('profit', 'Profit'),
  pctColumn('margin', 'Margin', 'profit', 'revenue', 1),
  countColumn('installs', 'Paid installs'),
];

const pnlChart = (rows: readonly PnlRowT[], byDay: boolean, label: (key: string) => string) => {
  const type = byDay ? undefined : ('bar' as const);
  return {
    x: byDay ? ('day' as const) : ('category' as const),
    labels: rows.map((r) => label(r.key)),
    leftTitle: 'USD',
    series: seriesOf(rows, [
      { label: 'Revenue', value: (r) => usdOfMicros(r.revenue), type, color: 'blue' },
      { label: 'Cost', value: (r) => usdOfMicros(r.cost), type, color: 'red' },
      { label: 'Profit', value: (r) => usdOfMicros(r.profit), type, color: 'green' },
    ]),
  };
};

const hasMoney = (rows: readonly PnlRowT[]) => rows.some((r) => r.revenue !== 0 || r.cost !== 0 || r.iapGross !== 0);
/** App ids → names, for lines keyed by app. */
const appNames = z.record(z.string(), z.string());

// ---------------------------------------------------------------- Finance Statistic

export const STATISTIC_GROUPS = ['day', 'app', 'team', 'os'] as const;
const STATISTIC_LABELS = { day: 'Day', app: 'App', team: 'Team', os: 'OS', month: 'Month' } as const;
const OS_NAMES: Record<string, string> = Object.fromEntries(Object.entries(PLATFORM_NAMES));
const keyLabel = (by: string, names: Record<string, string>) => (key: string) => (by === 'app' ? names[key] ?? key : by === 'os' ? OS_NAMES[key] ?? key : by === 'day' ? shortDay(key) : key);

export const financeStatisticScreen = defineReport({
  id: 'financeStatistic',
  route: '/finance/statistic/index',
  api: '/api/reportSystem/data',
  appMode: 'multi',
  hideFilters: NO_VERSION_OR_COUNTRY,
  ...groupBy(STATISTIC_GROUPS, STATISTIC_LABELS),
  figures: { by: z.enum(STATISTIC_GROUPS), names: appNames, rows: z.array(pnlRow) },
  noun: 'finance figures',
  notices: () => [financeSourceNotice],
  isEmpty: (answer) => !hasMoney(answer.rows),
  table: (answer) =>
    linesTable({
      name: 'Finance Statistic',
      key: { label: STATISTIC_LABELS[answer.by], value: (r) => (answer.by === 'day' ? r.key : keyLabel(answer.by, answer.names)(r.key)), day: answer.by === 'day' },
      columns: PNL_COLUMNS,
      rows: answer.rows,
    }),
  chart: (answer) => pnlChart(answer.rows, answer.by === 'day', keyLabel(answer.by, answer.names)),
});

// ---------------------------------------------------------------- Overview

export const OVERVIEW_GROUPS = ['team', 'app', 'month'] as const;

export const financeOverviewScreen = defineReport({
  id: 'financeOverview',
  route: '/finance/overview',
  api: '/api/reportSystem/dataChart',
  appMode: 'multi',
  hideFilters: NO_VERSION_OR_COUNTRY,
  ...groupBy(OVERVIEW_GROUPS, { team: 'Team', app: 'Top apps', month: 'Month (trend)' }),
  figures: { by: z.enum(OVERVIEW_GROUPS), names: appNames, rows: z.array(pnlRow) },
  noun: 'finance figures',
  notices: () => [financeSourceNotice],
  isEmpty: (answer) => !hasMoney(answer.rows),
  table: (answer) =>
    linesTable({ name: 'Finance Overview', key: { label: STATISTIC_LABELS[answer.by], value: (r) => keyLabel(answer.by, answer.names)(r.key) }, columns: PNL_COLUMNS, rows: answer.rows }),
  chart: (answer) => pnlChart(answer.rows, false, keyLabel(answer.by, answer.names)),
});

// ---------------------------------------------------------------- App Detail

export const APP_DETAIL_GROUPS = ['day', 'month', 'os'] as const;

export const financeAppDetailScreen = defineReport({
  id: 'financeAppDetail',
  route: '/finance/app_detail',
  api: '/api/reportSystem/appDetail/data',
  appMode: 'single',
  hideFilters: NO_VERSION_OR_COUNTRY,
  ...groupBy(APP_DETAIL_GROUPS, STATISTIC_LABELS),
  figures: { by: z.enum(APP_DETAIL_GROUPS), names: appNames, rows: z.array(pnlRow), sources: z.array(revenueSourceRow) },
  noun: 'finance figures',
  notices: () => [financeSourceNotice],
  isEmpty: (answer) => !hasMoney(answer.rows),
  table: (answer) =>
    linesTable({
      name: 'App Detail',
      key: { label: STATISTIC_LABELS[answer.by], value: (r) => (answer.by === 'os' ? OS_NAMES[r.key] ?? r.key : r.key), day: answer.by === 'day' },
      columns: PNL_COLUMNS,
      rows: answer.rows,
      newestFirst: answer.by !== 'os',
    }),
  chart: (answer) => pnlChart(answer.rows, answer.by === 'day', keyLabel(answer.by, answer.names)),
});

// ---------------------------------------------------------------- Revenue

export const REVENUE_GROUPS = ['network', 'kind', 'source'] as const;
const KIND_LABELS: Record<string, string> = { ads: 'Ads', iap: 'IAP' };

export const financeRevenueScreen = defineReport({
  id: 'financeRevenue',
  route: '/finance/revenue',
  api: '/api/reportSystem/dataByRangeDate',
  appMode: 'multi',
  hideFilters: NO_VERSION_OR_COUNTRY,
  ...groupBy(REVENUE_GROUPS, { network: 'Network or store', kind: 'Ads / IAP', source: 'Source of the figures' }),
  figures: { by: z.enum(REVENUE_GROUPS), rows: z.array(revenueSourceRow) },
  noun: 'revenue',
  notices: () => [financeSourceNotice],
  isEmpty: (answer) => answer.rows.length === 0,
  table: (answer) =>
    linesTable<RevenueSourceRowT>({
      name: 'Revenue',
      key: { label: answer.by === 'network' ? 'Network or store' : answer.by === 'kind' ? 'Kind' : 'Source', value: (r) => (answer.by === 'kind' ? KIND_LABELS[r.key] ?? r.key : r.key) },
      columns: [
        moneyColumn('gross', 'Gross'),
        moneyColumn('net', 'Net'),
        {
          key: 'share',
          label: 'Share of net',
          unit: 'pct',
          decimals: 1,
          measure: only((r) => {
            const total = answer.rows.reduce((s, x) => s + x.net, 0);
            return total > 0 ? (100 * r.net) / total : null;
          }),
        },
      ],
      rows: answer.rows,
      total: true,
      newestFirst: false,
    }),
  chart: (answer) => ({
    x: 'category',
    labels: answer.rows.map((r) => (answer.by === 'kind' ? KIND_LABELS[r.key] ?? r.key : r.key)),
    leftTitle: 'USD',
    series: seriesOf(answer.rows, [
      { label: 'Gross', value: (r) => usdOfMicros(r.gross), type: 'bar', color: 'blue' },
      { label: 'Net', value: (r) => usdOfMicros(r.net), type: 'bar', color: 'green' },
    ]),
  }),
});

// ---------------------------------------------------------------- Statistic MKT

export const MKT_GROUPS = ['channel', 'campaign', 'day', 'app'] as const;
export const costRow = z.object({ key: z.string(), ...numbers('cost', 'installs', 'revD0', 'revD7', 'revD30') });
type CostRowT = z.infer<typeof costRow>;
const MKT_LABELS = { channel: 'Channel', campaign: 'Campaign', day: 'Day', app: 'App' } as const;

export const MKT_COLUMNS: ReportColumn<CostRowT>[] = [
  moneyColumn('cost', 'Cost'),
  countColumn('installs', 'Installs'),
  { key: 'cpi', label: 'CPI', unit: 'usd', decimals: 3, measure: ratio<CostRowT>('cost', 'installs', 1e-6) },
  pctColumn('roasD0', 'ROAS D0', 'revD0', 'cost', 1),
  pctColumn('roasD7', 'ROAS D7', 'revD7', 'cost', 1),
  pctColumn('roasD30', 'ROAS D30', 'revD30', 'cost', 1),
];

export const financeMktScreen = defineReport({
  id: 'financeMkt',
  route: '/finance/statistic_mkt',
  api: '/api/reportSystem/mktStatistic/getCostData',
  appMode: 'multi',
  hideFilters: NO_VERSION_OR_COUNTRY,
  ...groupBy(MKT_GROUPS, MKT_LABELS),
  figures: { by: z.enum(MKT_GROUPS), names: appNames, rows: z.array(costRow) },
  noun: 'UA cost',
  notices: () => [financeSourceNotice],
  fileStem: 'statistic-mkt',
  isEmpty: (answer) => answer.rows.length === 0,
  table: (answer) =>
    linesTable<CostRowT>({
      name: 'Statistic MKT',
      key: { label: MKT_LABELS[answer.by], value: (r) => (answer.by === 'app' ? answer.names[r.key] ?? r.key : r.key), day: answer.by === 'day' },
      columns: MKT_COLUMNS,
      rows: answer.rows,
    }),
  chart: (answer) => ({
    x: answer.by === 'day' ? 'day' : 'category',
    labels: answer.rows.map((r) => (answer.by === 'day' ? shortDay(r.key) : answer.by === 'app' ? answer.names[r.key] ?? r.key : r.key)),
    leftTitle: 'Cost (USD)',
    rightTitle: 'ROAS D7 (%)',
    series: seriesOf(answer.rows, [
      { label: 'Cost (USD)', value: (r) => usdOfMicros(r.cost), type: 'bar', color: 'red' },
      { label: 'ROAS D7 (%)', value: (r) => percent(r.revD7, r.cost), right: true, color: 'blue' },
    ]),
  }),
});



// ---------------------------------------------------------------- Compare Version (statistic2)

export const compareRow = z.object({ key: z.string(), ...numbers('revenueA', 'costA', 'revenueB', 'costB') });
type CompareRowT = z.infer<typeof compareRow>;

/** A figure of both versions and B − A, each summed over the range. */
const versionColumns = (figure: 'revenue' | 'cost', label: string): ReportColumn<CompareRowT>[] => {
  const diff = (r: CompareRowT) => r[`${figure}B`] - r[`${figure}A`];
  return [
    moneyColumn(`${figure}A`, `${label} A`),
    moneyColumn(`${figure}B`, `${label} B`),
    moneyDiffColumn<CompareRowT>(`${figure}Diff`, `${label} B − A`, diff),
  ];
};
/** Either side's dropdown: the current figures or an imported batch. */
const versionControl = (side: 'a' | 'b') => ({
  key: side,
  label: `Version ${side.toUpperCase()}`,
  options: [option('current', 'Current figures')],
  answerOptions: (answer: { versions: { value: string; label: string }[] }) => answer.versions,
});

/** A: 'current' (what every screen counts) or a batch id; B likewise. Empty: the server picks (current vs the newest import). */
export const financeCompareScreen = defineReport({
  id: 'financeCompare',
  route: '/finance/statistic2',
  api: '/api/reportSystem/compareVersion',
  appMode: 'multi',
  hideFilters: NO_VERSION_OR_COUNTRY,
  extra: { a: z.string().max(20).default(''), b: z.string().max(20).default('') },
  controls: [versionControl('a'), versionControl('b')],
  figures: { a: z.string(), b: z.string(), versions: z.array(z.object({ value: z.string(), label: z.string() })), rows: z.array(compareRow) },
  noun: 'finance figures',
  notices: () => [financeSourceNotice],
  fileStem: 'finance-compare-version',
  isEmpty: (answer) => !answer.rows.some((r) => r.revenueA || r.costA || r.revenueB || r.costB),
  table: (answer) =>
    linesTable<CompareRowT>({
      name: 'Compare Version',
      byDay: (r) => r.key,
      columns: [...versionColumns('revenue', 'Revenue'), ...versionColumns('cost', 'Cost')],
      rows: answer.rows,
    }),
  chart: (answer) =>
    dayChart(answer.rows, (r) => r.key, { left: 'USD' }, [
      { label: 'Revenue A', value: (r) => usdOfMicros(r.revenueA), color: 'blue' },
      { label: 'Revenue B', value: (r) => usdOfMicros(r.revenueB), color: 'cyan' },
      { label: 'Cost A', value: (r) => usdOfMicros(r.costA), color: 'red' },
      { label: 'Cost B', value: (r) => usdOfMicros(r.costB), color: 'orange' },
    ]),
});

export const financeReports = [financeStatisticScreen, financeRevenueScreen, financeMktScreen, financeOverviewScreen, financeAppDetailScreen, financeCompareScreen, financeReconciliationScreen];
