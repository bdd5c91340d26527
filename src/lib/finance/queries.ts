import type { Sql } from '../server/db';
import { countedCostRows, countedRevenueRows } from './batches';
import { financeWhere, type FinanceScope } from './scope';
import { addDays } from '../time/day';

/**
 * The SQL of the finance reports, over the current rows of the scope (src/lib/finance/scope.ts decides the
 * apps). Money answers are USD micros. Revenue counts, per app, day, OS and kind, the best-ranked source
 * only: a network or store figure (rank 1) replaces the console's own estimate (rank 2) of the same day;
 * house ads' value (rank 0) always counts (countedRevenueRows in batches.ts).
 */

const n = (v: unknown) => Number(v ?? 0);

/** The counted revenue rows of the scope, as a subquery (columns of finance_revenue). */
export function countedRevenue(scope: FinanceScope, params: unknown[]): string {
  return countedRevenueRows(financeWhere(scope, params, 'r'));
}

export interface PnlRow {
  key: string;
  adRevenue: number;
  iapGross: number;
  iapNet: number;
  /** Ad revenue + IAP net: what the studio keeps before UA cost. */
  revenue: number;
  cost: number;
  profit: number;
  installs: number;
}

export type PnlGroup = 'day' | 'month' | 'app' | 'team' | 'os';

const groupExpr: Record<PnlGroup, string> = {
  day: `day::text`,
  month: `to_char(day, 'YYYY-MM')`,
  app: `app_id`,
  team: `app_id`,
  os: `os::text`,
};

/** Revenue, cost and profit by day, month, app, team or OS (every day of the range for 'day', zero where nothing). */
export async function pnl(db: Sql, scope: FinanceScope, by: PnlGroup): Promise<PnlRow[]> {
  if (scope.apps.length === 0) return [];
  // From the daily rollup (finance_daily: counted revenue and current cost per app, day and OS).
  const params: unknown[] = [];
  const figures = await db.query<Record<string, string>>(
    `SELECT ${groupExpr[by]} AS key, sum(ad_usd)::text AS ads, sum(iap_gross_usd)::text AS iap_gross, sum(iap_net_usd)::text AS iap_net,
            sum(cost_usd)::text AS cost, sum(installs)::text AS installs
       FROM finance_daily WHERE ${financeWhere(scope, params).replace(/^current AND /, '')} GROUP BY 1`,
    params,
  );
  const teamOf = new Map(scope.appInfo.map((a) => [a.id, a.team || '(no team)']));
  const rows = new Map<string, PnlRow>();
  const row = (rawKey: string) => {
    const key = by === 'team' ? teamOf.get(rawKey) ?? '(no team)' : rawKey;
    let r = rows.get(key);
    if (!r) rows.set(key, (r = { key, adRevenue: 0, iapGross: 0, iapNet: 0, revenue: 0, cost: 0, profit: 0, installs: 0 }));
    return r;
  };
  if (by === 'day') for (let d = scope.from; d <= scope.to; d = nextDay(d)) row(d);
  for (const r of figures) {
    const line = row(r.key!);
    line.adRevenue += n(r.ads);
    line.iapGross += n(r.iap_gross);
    line.iapNet += n(r.iap_net);
    line.cost += n(r.cost);
    line.installs += n(r.installs);
  }
  for (const r of rows.values()) {
    r.revenue = r.adRevenue + r.iapNet;
    r.profit = r.revenue - r.cost;
  }
  const list = [...rows.values()];
  if (by === 'app' || by === 'team') return list.sort((a, b) => b.revenue - a.revenue || a.key.localeCompare(b.key));
  return list.sort((a, b) => a.key.localeCompare(b.key));
}

const nextDay = (d: string) => addDays(d, 1);

export interface RevenueSourceRow {
  key: string;
  kind: string;
  gross: number;
  net: number;
}

export type RevenueGroup = 'network' | 'kind' | 'source';

/**
 * A range cut into the whole months inside it and the partial months at its edges: the monthly rollups
 * (migration 0161) answer the whole months, the raw rows only the edges (at most two partial months).
 */
export function splitByMonth(from: string, to: string): { months: { from: string; to: string } | null; edges: { from: string; to: string }[] } {
  const firstOfNext = (d: string) => new Date(Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)), 1)).toISOString().slice(0, 10);
  const firstFull = from.endsWith('-01') ? from : firstOfNext(from);
  const afterTo = nextDay(to);
  const lastFullStart = afterTo.endsWith('-01') ? `${to.slice(0, 7)}-01` : `${prevMonth(to.slice(0, 7))}-01`;
  if (firstFull > lastFullStart) return { months: null, edges: [{ from, to }] };
  const edges: { from: string; to: string }[] = [];
  if (from < firstFull) edges.push({ from, to: prevDay(firstFull) });
  const lastFullEnd = prevDay(firstOfNext(lastFullStart));
  if (lastFullEnd < to) edges.push({ from: nextDay(lastFullEnd), to });
  return { months: { from: firstFull, to: lastFullStart }, edges };
}

const prevDay = (d: string) => addDays(d, -1);
const prevMonth = (m: string) => {
  const d = new Date(Date.UTC(Number(m.slice(0, 4)), Number(m.slice(5, 7)) - 2, 1));
  return d.toISOString().slice(0, 7);
};

/** The scope's rows of a monthly rollup (month = first day) for whole months from..to. */
function monthlyWhere(scope: FinanceScope, months: { from: string; to: string }, params: unknown[]): string {
  return financeWhere({ ...scope, ...months }, params, 'm').replace(/^m\.current AND /, '').replace('m.day BETWEEN', 'm.month BETWEEN');
}

/** Revenue by network or store, by kind (ads / IAP), or by the source the figures came from. */
export async function revenueBy(db: Sql, scope: FinanceScope, by: RevenueGroup): Promise<RevenueSourceRow[]> {
  if (scope.apps.length === 0) return [];
  const params: unknown[] = [];
  const key = by === 'network' ? 'network' : by === 'kind' ? 'kind' : 'source';
  const split = splitByMonth(scope.from, scope.to);
  const parts = [
    ...(split.months ? [`SELECT kind, network, source, gross_usd, net_usd FROM finance_revenue_monthly m WHERE ${monthlyWhere(scope, split.months, params)}`] : []),
    ...split.edges.map((edge) => `SELECT kind, network, source, gross_usd, net_usd FROM ${countedRevenue({ ...scope, ...edge }, params)} e`),
  ];
  const rows = await db.query<Record<string, string>>(
    `SELECT ${key} AS key, ${by === 'network' ? 'min(kind)' : by === 'kind' ? 'kind' : `string_agg(DISTINCT kind, ',')`} AS kind,
            sum(gross_usd)::text AS gross, sum(net_usd)::text AS net
       FROM (${parts.join(' UNION ALL ')}) c GROUP BY 1 ORDER BY sum(net_usd) DESC, 1`,
    params,
  );
  return rows.map((r) => ({ key: r.key!, kind: r.kind!, gross: n(r.gross), net: n(r.net) }));
}

export interface CostRow {
  key: string;
  cost: number;
  installs: number;
  revD0: number;
  revD7: number;
  revD30: number;
}

export type CostGroup = 'channel' | 'campaign' | 'day' | 'app';

/** UA cost, installs and the cohorts' revenue D0/D7/D30 by channel, campaign, day or app. */
export async function costBy(db: Sql, scope: FinanceScope, by: CostGroup): Promise<CostRow[]> {
  if (scope.apps.length === 0) return [];
  const params: unknown[] = [];
  const key = by === 'channel' ? 'channel' : by === 'campaign' ? `channel || ' / ' || campaign` : by === 'day' ? 'day::text' : 'app_id';
  const columns = 'app_id, channel, campaign, cost_usd, installs, rev_d0_usd, rev_d7_usd, rev_d30_usd';
  // By day the raw rows are the answer; otherwise whole months come from the monthly rollup.
  const split = by === 'day' ? { months: null, edges: [{ from: scope.from, to: scope.to }] } : splitByMonth(scope.from, scope.to);
  const parts = [
    ...(split.months ? [`SELECT ${columns}, NULL::date AS day FROM finance_cost_monthly m WHERE ${monthlyWhere(scope, split.months, params)}`] : []),
    ...split.edges.map((edge) => `SELECT ${columns}, day FROM ${countedCostRows(financeWhere({ ...scope, ...edge }, params, 'c'))} e`),
  ];
  const rows = await db.query<Record<string, string>>(
    `SELECT ${key} AS key, sum(cost_usd)::text AS cost, sum(installs)::text AS installs,
            sum(rev_d0_usd)::text AS d0, sum(rev_d7_usd)::text AS d7, sum(rev_d30_usd)::text AS d30
       FROM (${parts.join(' UNION ALL ')}) c GROUP BY 1 ORDER BY ${by === 'day' ? '1' : 'sum(cost_usd) DESC, 1'}`,
    params,
  );
  return rows.map((r) => ({ key: r.key!, cost: n(r.cost), installs: n(r.installs), revD0: n(r.d0), revD7: n(r.d7), revD30: n(r.d30) }));
}

/** Revenue (net) and cost per day of one version: 'current' (the counted figures) or one batch's own rows, current or replaced. */
export async function versionByDay(db: Sql, scope: FinanceScope, version: string): Promise<Map<string, { revenue: number; cost: number }>> {
  const out = new Map<string, { revenue: number; cost: number }>();
  if (scope.apps.length === 0) return out;
  const rp: unknown[] = [];
  const cp: unknown[] = [];
  let revenueSql: string;
  let costSql: string;
  if (version === 'current') {
    // The counted figures: the daily rollup.
    revenueSql = `SELECT day::text AS day, sum(ad_usd + iap_net_usd)::text AS v FROM finance_daily WHERE ${financeWhere(scope, rp).replace(/^current AND /, '')} GROUP BY 1`;
    costSql = `SELECT day::text AS day, sum(cost_usd)::text AS v FROM finance_daily WHERE ${financeWhere(scope, cp).replace(/^current AND /, '')} GROUP BY 1`;
  } else {
    const batch = Number(version);
    const where = (params: unknown[]) => financeWhere(scope, params).replace(/^current AND /, '') + ` AND batch_id = $${params.push(batch)}`;
    revenueSql = `SELECT day::text AS day, sum(net_usd)::text AS v FROM finance_revenue WHERE ${where(rp)} GROUP BY 1`;
    costSql = `SELECT day::text AS day, sum(cost_usd)::text AS v FROM finance_cost WHERE ${where(cp)} GROUP BY 1`;
  }
  for (const r of await db.query<{ day: string; v: string }>(revenueSql, rp)) out.set(r.day, { revenue: n(r.v), cost: out.get(r.day)?.cost ?? 0 });
  for (const r of await db.query<{ day: string; v: string }>(costSql, cp)) out.set(r.day, { revenue: out.get(r.day)?.revenue ?? 0, cost: n(r.v) });
  return out;
}
