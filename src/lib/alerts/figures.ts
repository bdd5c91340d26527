import type { Sql } from '../server/db';

export type RevenueSource = 'sdk' | 'finance';

export const SOURCE_LABEL: Record<RevenueSource, string> = { sdk: 'SDK ad revenue', finance: 'Finance ad revenue' };

/**
 * An app's ad revenue (USD micros) on each of the given days; a day without any is 0. SDK: the sum of the
 * games' ad_impression values (daily_metrics.ad_revenue, what Main Data shows). Finance: the counted ad
 * revenue of the finance tables (finance_daily.ad_usd: the networks' reports, AdMob, imports, corrections and
 * the estimate from game events, what Finance Statistic shows).
 */
export async function adRevenueByDay(db: Sql, source: RevenueSource, appId: string, days: readonly string[]): Promise<Map<string, number>> {
  const table = source === 'sdk' ? 'daily_metrics' : 'finance_daily';
  const column = source === 'sdk' ? 'ad_revenue' : 'ad_usd';
  const rows = await db.query<{ day: string; micros: string }>(
    `SELECT day::text AS day, sum(${column})::text AS micros FROM ${table}
      WHERE app_id = $1 AND day IN (SELECT unnest($2::date[])) GROUP BY day`,
    [appId, days],
  );
  const byDay = new Map(days.map((d) => [d, 0]));
  for (const r of rows) byDay.set(r.day, Number(r.micros));
  return byDay;
}

/** The report that shows the figures: Main Data (SDK) or the revenue reconciliation (finance beside SDK), over the baseline and the day. */
export function reportLink(source: RevenueSource, appId: string, from: string, to: string): string {
  const path = source === 'sdk' ? '/gsm/analytic/main_data' : '/finance/reconciliation';
  return `${path}?${new URLSearchParams({ apps: appId, from, to })}`;
}
