import type { Cell } from '../reports/xlsx';
import { fileResponse } from '../reports/export';
import { usdOfMicros as usd } from '../numbers';
import type { MonthReport } from './month-contract';

/** dataMonthExcel: the month report as the screen shows it (one line per app, then each team's and the grand total). */
export function monthExcel(report: MonthReport): Response {
  const header: Cell[] = ['Team', 'App', 'Ad revenue (USD)', 'IAP net (USD)', 'Revenue adjustment (USD)', 'Revenue (USD)', 'Cost adjustment (USD)', 'Cost (USD)', 'Profit (USD)', 'Paid installs', 'Reason'];
  const grid: Cell[][] = [header];
  for (const r of report.rows) {
    grid.push([r.team, r.name, usd(r.adRevenue), usd(r.iapNet), usd(r.revenueAdjustment), usd(r.revenue), usd(r.costAdjustment), usd(r.cost), usd(r.profit), r.installs, r.reason]);
  }
  for (const t of [...report.teams, report.total]) {
    grid.push([t.key === 'Total' ? 'Total' : `${t.key} total`, '', usd(t.adRevenue), usd(t.iapNet), usd(t.revenueAdjustment), usd(t.revenue), usd(t.costAdjustment), usd(t.cost), usd(t.profit), t.installs, '']);
  }
  return fileResponse(`Report ${report.month}`, grid, 'xlsx', `finance-report-${report.month}`);
}
