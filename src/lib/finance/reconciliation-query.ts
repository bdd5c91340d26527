import type { Sql } from '../server/db';
import { countedRevenue } from './queries';
import type { FinanceScope } from './scope';
import { formatUsdMicros } from '../numbers';
import type { ReconciliationRowT } from './reconciliation';
import { columnStore } from '../analytics/store/column-store';
import { sdkRevenueDays } from '../analytics/store/finance-figures';

/**
 * Revenue reconciliation (issue 37; docs/metrics.md "Revenue reconciliation"): per app and day, the revenue
 * the games reported through the SDK (daily_metrics, what Main Data sums; on a column store the same from raw
 * events) beside the revenue finance counts
 * (the counted rows of finance_revenue, what Finance Statistic sums), and the causes of the gap that the
 * figures themselves show. Only app-days with money on either side are listed. Money is USD micros.
 */

const n = (v: unknown) => Number(v ?? 0);

interface Side {
  sdkAds: number;
  sdkIap: number;
  financeAds: number;
  iapGross: number;
  iapNet: number;
  estimate: number;
  houseAds: number;
  reported: number;
  financeRows: number;
}

/** The causes the figures show, in a fixed order; empty when none is known. */
export function causesOf(s: Side): string {
  const sdk = s.sdkAds + s.sdkIap;
  const causes: string[] = [];
  if (sdk === 0) causes.push('no SDK events');
  if (s.financeRows === 0) causes.push('no import yet');
  if (s.estimate !== 0) causes.push(`${s.reported === 0 ? 'finance is' : 'part of finance is'} the estimate from game events (no store or network report yet) ${formatUsdMicros(s.estimate)}`);
  if (s.iapGross !== s.iapNet) causes.push(`store fee ${formatUsdMicros(s.iapGross - s.iapNet)}`);
  if (s.houseAds !== 0) causes.push(`house ads value ${formatUsdMicros(s.houseAds)} (finance only)`);
  return causes.join('; ');
}

/** The SDK side per app and day with money: daily_metrics on PostgreSQL, the same figures from raw events on a column store. */
async function sdkRevenue(db: Sql, scope: FinanceScope): Promise<{ app_id: string; day: string; ads: number | string; iap: number | string }[]> {
  const store = columnStore();
  if (store) return sdkRevenueDays(db, await store, { apps: scope.apps, from: scope.from, to: scope.to, os: scope.os });
  const sp: unknown[] = [JSON.stringify(scope.apps), scope.from, scope.to];
  let sdkWhere = `app_id IN (SELECT jsonb_array_elements_text($1::jsonb)) AND day BETWEEN $2::date AND $3::date`;
  if (scope.os) sdkWhere += ` AND os = $${sp.push(scope.os)}`;
  return db.query<{ app_id: string; day: string; ads: string; iap: string }>(
    `SELECT app_id, day::text AS day, sum(ad_revenue)::text AS ads, sum(iap_revenue)::text AS iap
       FROM daily_metrics WHERE ${sdkWhere} GROUP BY 1, 2 HAVING sum(ad_revenue) <> 0 OR sum(iap_revenue) <> 0`,
    sp,
  );
}

export async function reconciliation(db: Sql, scope: FinanceScope): Promise<ReconciliationRowT[]> {
  if (scope.apps.length === 0) return [];
  const fp: unknown[] = [];
  const [sdk, fin] = await Promise.all([
    sdkRevenue(db, scope),
    db.query<Record<string, string>>(
      `SELECT app_id, day::text AS day,
              sum(net_usd) FILTER (WHERE kind = 'ads')::text AS ads,
              sum(gross_usd) FILTER (WHERE kind = 'iap')::text AS iap_gross,
              sum(net_usd) FILTER (WHERE kind = 'iap')::text AS iap_net,
              sum(net_usd) FILTER (WHERE rank = 2)::text AS estimate,
              sum(net_usd) FILTER (WHERE rank = 0)::text AS house,
              count(*) FILTER (WHERE rank = 1)::int AS reported,
              count(*)::int AS rows
         FROM ${countedRevenue(scope, fp)} c GROUP BY 1, 2`,
      fp,
    ),
  ]);
  const sides = new Map<string, Side & { appId: string; day: string }>();
  const side = (appId: string, day: string) => {
    const k = `${day}|${appId}`;
    let s = sides.get(k);
    if (!s) sides.set(k, (s = { appId, day, sdkAds: 0, sdkIap: 0, financeAds: 0, iapGross: 0, iapNet: 0, estimate: 0, houseAds: 0, reported: 0, financeRows: 0 }));
    return s;
  };
  for (const r of sdk) Object.assign(side(r.app_id, r.day), { sdkAds: n(r.ads), sdkIap: n(r.iap) });
  for (const r of fin) {
    Object.assign(side(r.app_id!, r.day!), {
      financeAds: n(r.ads), iapGross: n(r.iap_gross), iapNet: n(r.iap_net), estimate: n(r.estimate), houseAds: n(r.house), reported: n(r.reported), financeRows: n(r.rows),
    });
  }
  return [...sides.values()]
    .sort((a, b) => a.day.localeCompare(b.day) || a.appId.localeCompare(b.appId))
    .map((s) => ({
      day: s.day,
      appId: s.appId,
      sdkAds: s.sdkAds,
      sdkIap: s.sdkIap,
      sdkRevenue: s.sdkAds + s.sdkIap,
      financeAds: s.financeAds,
      iapGross: s.iapGross,
      iapNet: s.iapNet,
      financeRevenue: s.financeAds + s.iapNet,
      cause: causesOf(s),
    }));
}
