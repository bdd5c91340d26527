import { z } from 'zod';
import { dayChart, defineReport } from '../reports/define';
import type { ReportColumn } from '../reports/columns';
import { numbers } from '../reports/fields';
import { linesTable, type ReportTable } from '../reports/table';
import { moneyColumn, moneyDiffColumn } from './columns';
import { usdOfMicros } from '../numbers';
import { REVENUE_FROM_FINANCE, REVENUE_FROM_SDK } from './sources';

/**
 * Revenue reconciliation (issue 37): per app and day, revenue from game events (SDK) beside revenue from
 * store and network reports (finance), the gap and its known causes. Definitions: docs/metrics.md
 * "Revenue reconciliation"; the SQL is ./reconciliation-query.ts.
 */

export const reconciliationRow = z.object({
  day: z.string(),
  appId: z.string(),
  ...numbers('sdkAds', 'sdkIap', 'sdkRevenue', 'financeAds', 'iapGross', 'iapNet', 'financeRevenue'),
  /** The known causes of the gap, "; "-separated; empty when none is known. */
  cause: z.string(),
});
export type ReconciliationRowT = z.infer<typeof reconciliationRow>;

const gapOf = (r: ReconciliationRowT) => r.financeRevenue - r.sdkRevenue;
/** The gap as a share of the SDK revenue; none where the SDK has none. */
const gapPct = (gap: number, sdk: number) => (sdk !== 0 ? (100 * gap) / sdk : null);

const COLUMNS: ReportColumn<ReconciliationRowT>[] = [
  moneyColumn('sdkAds', 'SDK ad revenue'),
  moneyColumn('sdkIap', 'SDK IAP revenue'),
  moneyColumn('sdkRevenue', 'SDK revenue'),
  moneyColumn('financeAds', 'Finance ad revenue'),
  moneyColumn('iapGross', 'Finance IAP gross'),
  moneyColumn('iapNet', 'Finance IAP net'),
  moneyColumn('financeRevenue', 'Finance revenue'),
  moneyDiffColumn<ReconciliationRowT>('gap', 'Gap (finance − SDK)', gapOf),
  {
    key: 'gapPct',
    label: 'Gap %',
    unit: 'pct',
    decimals: 1,
    measure: {
      value: (r) => gapPct(gapOf(r), r.sdkRevenue),
      total: (rows) => gapPct(rows.reduce((s, r) => s + gapOf(r), 0), rows.reduce((s, r) => s + r.sdkRevenue, 0)),
      rule: 'gap over SDK revenue of the sums',
    },
  },
];

/** The lines table with the app after the day and the cause (text) last; the Total leaves both blank (null, as an export reads back an empty cell). */
function reconciliationTable(rows: readonly ReconciliationRowT[], names: Record<string, string>): ReportTable {
  const base = linesTable({ name: 'Revenue reconciliation', byDay: (r) => r.day, columns: COLUMNS, rows });
  const [day, ...figures] = base.columns;
  return {
    ...base,
    columns: [day!, { key: 'app', label: 'App', unit: 'text', decimals: 0 }, ...figures, { key: 'cause', label: 'Cause', unit: 'text', decimals: 0 }],
    rows: base.rows.map(([d, ...cells], i) => [d!, names[rows[i]!.appId] ?? rows[i]!.appId, ...cells, rows[i]!.cause || null]),
    total: base.total ? [base.total[0]!, null, ...base.total.slice(1), null] : null,
  };
}

/** One point a day: both revenues summed over the apps. */
function byDay(rows: readonly ReconciliationRowT[]) {
  const days = new Map<string, { day: string; sdk: number; finance: number }>();
  for (const r of rows) {
    const d = days.get(r.day) ?? { day: r.day, sdk: 0, finance: 0 };
    d.sdk += r.sdkRevenue;
    d.finance += r.financeRevenue;
    days.set(r.day, d);
  }
  return [...days.values()];
}

export const financeReconciliationScreen = defineReport({
  id: 'financeReconciliation',
  route: '/finance/reconciliation',
  appMode: 'multi',
  hideFilters: ['version', 'countries'],
  figures: { names: z.record(z.string(), z.string()), rows: z.array(reconciliationRow) },
  noun: 'revenue',
  notices: () => [
    {
      tone: 'info',
      text: `SDK revenue is ${REVENUE_FROM_SDK}; finance revenue (ad revenue + IAP net) is ${REVENUE_FROM_FINANCE}. Gap = finance − SDK; the cause lists what the figures show (store fee, estimates, a missing side).`,
    },
  ],
  isEmpty: (answer) => answer.rows.length === 0,
  table: (answer) => reconciliationTable(answer.rows, answer.names),
  chart: (answer) =>
    dayChart(byDay(answer.rows), (r) => r.day, { left: 'USD' }, [
      { label: 'SDK revenue', value: (r) => usdOfMicros(r.sdk), color: 'orange' },
      { label: 'Finance revenue', value: (r) => usdOfMicros(r.finance), color: 'blue' },
    ]),
});
