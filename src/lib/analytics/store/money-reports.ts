import type { Sql } from '../../server/db';
import { addDays, daysBetween } from '../../time/day';
import type { ColumnStore, StoreScope } from './types';
import { liveEvents } from './schema';
import { activeDaysSql } from './user-days';
import { attributeFilter, storeContext } from './scope';
import { baseParams, installsPerDay, installsSql, REFUSED, userDaysSql } from './reports';

/**
 * The ads and money reports (src/lib/analytics/money/) on the column store, from raw events: each query is the
 * money rollup it replaces (src/lib/analytics/rollups/money.ts) written over the events, so the same events give
 * the same figures. The rules the rollups carry, said once here:
 * - ad funnel and impressions count each event under its own attributes (os, version, country);
 * - a store transaction is one purchase, on its earliest event (by time, then event id) and under that event's
 *   attributes; a purchase its store refused is no purchase at all (iap_purchases);
 * - CVR's "purchase" goal is the first non-refused iap_purchase event (user_firsts);
 * - App Measurement reads the user-day figures (daily_metrics), where every non-refused purchase event counts.
 * Output aliases never reuse a column's name: ClickHouse resolves a name to the SELECT alias first.
 */

const num = (v: unknown) => Number(v ?? 0);
const IN_RANGE = 'app_id IN {apps:Array(String)} AND day BETWEEN {from:Date} AND {to:Date}';
const OWN_ATTRIBUTES = { os: 'os', version: 'app_version', country: 'country' };

async function paramsFor(db: Sql, scope: StoreScope, extra: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  return { ...baseParams(scope, await storeContext(db, scope.apps)), ...extra };
}

// ---------------------------------------------------------------- ad funnel

/** The funnel's figures as aggregates over ad_view events with an `action` column. */
const FUNNEL_SELECT = `countIf(action = 'request') AS requests, countIf(action = 'show') AS shows, countIf(action = 'click') AS clicks,
  countIf(action = 'reward') AS rewards, countIf(action = 'show' AND format = 'rewarded') AS rewardedShows, countIf(action = 'failed') AS failures`;

/** ad_view events of the range matching the filters, with their payload's columns. */
const adViews = (store: ColumnStore, filter: string) =>
  `SELECT day, os, app_version, country, simpleJSONExtractString(params, 'action') AS action, simpleJSONExtractString(params, 'format') AS format,
          simpleJSONExtractString(params, 'placement') AS placement, simpleJSONExtractString(params, 'network') AS network,
          if(action = 'failed', simpleJSONExtractString(params, 'reason'), '') AS reason
     FROM ${liveEvents(store, `${IN_RANGE} AND name = 'ad_view'`)} WHERE ${filter}`;

export interface FunnelSums {
  requests: number;
  shows: number;
  clicks: number;
  rewards: number;
  rewardedShows: number;
  failures: number;
}
const funnelOf = (r: Record<string, unknown>): FunnelSums => ({
  requests: num(r.requests), shows: num(r.shows), clicks: num(r.clicks), rewards: num(r.rewards), rewardedShows: num(r.rewardedShows), failures: num(r.failures),
});

/** The ad funnel per day with data (all formats or one). */
export async function adviewDays(db: Sql, store: ColumnStore, scope: StoreScope, format: string): Promise<Map<string, FunnelSums & { day: string }>> {
  const params = await paramsFor(db, scope, { format });
  const filter = attributeFilter(scope, params, OWN_ATTRIBUTES);
  const rows = await store.query<Record<string, unknown>>(
    `SELECT toString(day) AS d, ${FUNNEL_SELECT} FROM (${adViews(store, filter)}) ${format === 'all' ? '' : 'WHERE format = {format:String}'} GROUP BY day`,
    params,
  );
  return new Map(rows.map((r) => [String(r.d), { day: String(r.d), ...funnelOf(r) }]));
}

const ADVIEW_KEY = { placement: 'placement', network: 'network', format: 'format', reason: 'reason' } as const;

/**
 * The ad funnel per placement, network, format or failure reason, most requests (then failures) first. By reason
 * it keeps, as the rollup does, the groups of ad_view_daily's grain (day, attributes, format, placement, network,
 * reason) that have failures: requests of such a group count beside its failures.
 */
export async function adviewGroups(db: Sql, store: ColumnStore, scope: StoreScope, by: keyof typeof ADVIEW_KEY): Promise<(FunnelSums & { key: string })[]> {
  const params = await paramsFor(db, scope);
  const filter = attributeFilter(scope, params, OWN_ATTRIBUTES);
  const key = ADVIEW_KEY[by];
  const grain = `SELECT ${key} AS k, ${FUNNEL_SELECT} FROM (${adViews(store, filter)})
                  GROUP BY day, os, app_version, country, format, placement, network, reason ${by === 'reason' ? 'HAVING failures > 0' : ''}`;
  const rows = await store.query<Record<string, unknown>>(
    `SELECT k, sum(requests) AS requests, sum(shows) AS shows, sum(clicks) AS clicks, sum(rewards) AS rewards, sum(rewardedShows) AS rewardedShows,
            sum(failures) AS failures FROM (${grain}) GROUP BY k ORDER BY requests DESC, failures DESC, k`,
    params,
  );
  return rows.map((r) => ({ key: String(r.k), ...funnelOf(r) }));
}

// ---------------------------------------------------------------- ad impressions

const IMPRESSION_KEY = { day: 'toString(day)', network: "simpleJSONExtractString(params, 'network')", format: "simpleJSONExtractString(params, 'format')", placement: "simpleJSONExtractString(params, 'placement')" } as const;

/** Impressions and revenue per day, network, format or placement (most revenue first), and DAU per day (the per-DAU base). */
export async function adImpressions(
  db: Sql,
  store: ColumnStore,
  scope: StoreScope,
  by: keyof typeof IMPRESSION_KEY,
): Promise<{ rows: { key: string; impressions: number; revenue: number }[]; dauOf: Map<string, number> }> {
  const params = await paramsFor(db, scope);
  const own = attributeFilter(scope, params, OWN_ATTRIBUTES);
  const userDay = attributeFilter(scope, params, { os: 'u_os', version: 'u_version', country: 'u_country' });
  const [rows, dau] = await Promise.all([
    store.query<{ k: string; impressions: string; rev: string }>(
      `SELECT ${IMPRESSION_KEY[by]} AS k, count() AS impressions, sum(revenue) AS rev
         FROM ${liveEvents(store, `${IN_RANGE} AND name = 'ad_impression'`)} WHERE ${own} GROUP BY k ORDER BY rev DESC, k`,
      params,
    ),
    store.query<{ d: string; n: string }>(`SELECT toString(day) AS d, count() AS n FROM (${userDaysSql(store, params)}) WHERE ${userDay} GROUP BY day`, params),
  ]);
  return { rows: rows.map((r) => ({ key: r.k, impressions: num(r.impressions), revenue: num(r.rev) })), dauOf: new Map(dau.map((r) => [r.d, num(r.n)])) };
}

// ---------------------------------------------------------------- in-app purchases

/**
 * Store transactions up to the scope's last day (iap_purchases): each transaction id of an app once, as its
 * earliest non-refused event. A transaction's events never come before its earliest one's day, so reading the
 * days up to `to` finds every transaction whose first event is in the range.
 */
export const transactions = (store: ColumnStore) =>
  `SELECT app_id, t.1 AS user_id, t.2 AS day, t.3 AS event_time, t.4 AS event_id, t.5 AS os, t.6 AS app_version, t.7 AS country, t.8 AS product_id, t.9 AS revenue
     FROM (SELECT app_id, argMin((user_id, day, event_time, event_id, os, app_version, country, simpleJSONExtractString(params, 'productId'), revenue), (event_time, event_id)) AS t
             FROM ${liveEvents(store, "app_id IN {apps:Array(String)} AND name = 'iap_purchase' AND day <= {to:Date}")}
            WHERE NOT ${REFUSED} GROUP BY app_id, simpleJSONExtractString(params, 'transactionId'))`;

/** Each payer's first transaction ever (by time, then event id), up to the scope's last day. */
const firstTransactions = (store: ColumnStore) =>
  `SELECT app_id, user_id, f.1 AS day, f.2 AS event_time, f.3 AS os, f.4 AS app_version, f.5 AS country, f.6 AS product_id, f.7 AS revenue
     FROM (SELECT app_id, user_id, argMin((day, event_time, os, app_version, country, product_id, revenue), (event_time, event_id)) AS f
             FROM (${transactions(store)}) GROUP BY app_id, user_id)`;

export interface PurchaseDay {
  day: string;
  revenue: number;
  purchases: number;
  payers: number;
  firstPayers: number;
}

/** Purchases (one per transaction), revenue, payers and first-time payers per day with data. */
export async function purchaseDays(db: Sql, store: ColumnStore, scope: StoreScope): Promise<Map<string, PurchaseDay>> {
  const params = await paramsFor(db, scope);
  const filter = attributeFilter(scope, params, OWN_ATTRIBUTES);
  const [days, firsts] = await Promise.all([
    store.query<Record<string, string>>(
      `SELECT toString(day) AS d, sum(revenue) AS rev, count() AS purchases, uniqExact(app_id, user_id) AS payers
         FROM (${transactions(store)}) WHERE day >= {from:Date} AND ${filter} GROUP BY day`,
      params,
    ),
    store.query<{ d: string; n: string }>(`SELECT toString(day) AS d, count() AS n FROM (${firstTransactions(store)}) WHERE day >= {from:Date} AND ${filter} GROUP BY day`, params),
  ]);
  const byDay = new Map<string, PurchaseDay>(days.map((r) => [r.d!, { day: r.d!, revenue: num(r.rev), purchases: num(r.purchases), payers: num(r.payers), firstPayers: 0 }]));
  for (const f of firsts) byDay.get(f.d)!.firstPayers = num(f.n);
  return byDay;
}

/** Purchases, buyers and revenue per product over the range (most revenue first), and the range's distinct buyers. */
export async function purchaseProducts(
  db: Sql,
  store: ColumnStore,
  scope: StoreScope,
): Promise<{ products: { productId: string; purchases: number; buyers: number; revenue: number }[]; buyers: number }> {
  const params = await paramsFor(db, scope);
  const filter = attributeFilter(scope, params, OWN_ATTRIBUTES);
  const inRange = `(SELECT * FROM (${transactions(store)}) WHERE day >= {from:Date} AND ${filter})`;
  const [rows, all] = await Promise.all([
    store.query<Record<string, string>>(
      `SELECT product_id AS p, count() AS purchases, uniqExact(app_id, user_id) AS buyers, sum(revenue) AS rev FROM ${inRange} GROUP BY product_id ORDER BY rev DESC, p`,
      params,
    ),
    store.query<{ n: string }>(`SELECT uniqExact(app_id, user_id) AS n FROM ${inRange}`, params),
  ]);
  return { products: rows.map((r) => ({ productId: r.p!, purchases: num(r.purchases), buyers: num(r.buyers), revenue: num(r.rev) })), buyers: num(all[0]?.n) };
}

/**
 * First purchases in the range (by the first purchase's day and attributes): product, revenue, days since the
 * install (null without one) and the highest main-mode level played before it — on an earlier day, or that day
 * up to the purchase's time (iap_purchases.before_level with level_reach's earlier days).
 */
export async function firstPurchaseFacts(
  db: Sql,
  store: ColumnStore,
  scope: StoreScope,
): Promise<{ productId: string; revenue: number; daysSinceInstall: number | null; levelBefore: number }[]> {
  const params = await paramsFor(db, scope);
  const filter = attributeFilter(scope, params, OWN_ATTRIBUTES);
  const firsts = `(SELECT * FROM (${firstTransactions(store)}) WHERE day >= {from:Date} AND ${filter})`;
  // The level events read are the first buyers' only (a few percent of the players): half the time at 10 M events.
  const rows = await store.query<{ p: string; rev: string; fday: string; iday: string | null; level: string }>(
    `SELECT any(f.product_id) AS p, any(f.revenue) AS rev, toString(any(f.day)) AS fday, any(i.iday) AS iday,
            maxIf(l.level, l.l_day < f.day OR (l.l_day = f.day AND l.l_time <= f.event_time)) AS level
       FROM ${firsts} AS f
       LEFT JOIN (SELECT app_id, user_id, toString(install_day) AS iday FROM (${installsSql(store)})) AS i ON i.app_id = f.app_id AND i.user_id = f.user_id
       LEFT JOIN (SELECT app_id, user_id, day AS l_day, event_time AS l_time, simpleJSONExtractInt(params, 'level') AS level
                    FROM ${liveEvents(store, "app_id IN {apps:Array(String)} AND day <= {to:Date} AND name IN ('level_start', 'level_complete', 'level_fail')")}
                   WHERE (app_id, user_id) IN (SELECT app_id, user_id FROM ${firsts}) AND simpleJSONExtractString(params, 'mode') = 'main') AS l
                 ON l.app_id = f.app_id AND l.user_id = f.user_id
      GROUP BY f.app_id, f.user_id
      SETTINGS join_use_nulls = 1`,
    params,
  );
  return rows.map((r) => ({
    productId: r.p, revenue: num(r.rev), daysSinceInstall: r.iday === null ? null : daysBetween(r.iday, r.fday), levelBefore: Math.max(0, num(r.level)),
  }));
}

// ---------------------------------------------------------------- subscriptions

/** Every subscription event of the scope's apps up to its last day, per user and product in time order (subscription_events). */
export async function subscriptionEvents(db: Sql, store: ColumnStore, scope: StoreScope) {
  const params = await paramsFor(db, scope);
  const rows = await store.query<{ app_id: string; user_id: string; p: string; a: string; d: string; rev: string; os: number; app_version: string; country: string }>(
    `SELECT app_id, user_id, simpleJSONExtractString(params, 'productId') AS p, simpleJSONExtractString(params, 'action') AS a, toString(day) AS d,
            simpleJSONExtractInt(params, 'revenueUsdMicros') AS rev, os, app_version, country
       FROM ${liveEvents(store, "app_id IN {apps:Array(String)} AND name = 'subscription' AND day <= {to:Date}")}
      ORDER BY app_id, user_id, p, event_time, event_id`,
    params,
  );
  return rows.map((r) => ({ app_id: r.app_id, user_id: r.user_id, product_id: r.p, action: r.a, day: r.d, revenue: String(r.rev), os: num(r.os), app_version: r.app_version, country: r.country }));
}

// ---------------------------------------------------------------- CVR

/** The events that reach each CVR goal (user_firsts). */
const GOAL_EVENTS: Record<string, string> = {
  purchase: `name = 'iap_purchase' AND NOT ${REFUSED}`,
  rewarded: "name = 'ad_impression' AND simpleJSONExtractString(params, 'format') = 'rewarded'",
  level1: "name = 'level_complete' AND simpleJSONExtractString(params, 'mode') = 'main' AND JSONExtractRaw(params, 'level') = '1'",
};

/**
 * CVR cells: per install cohort of the scope (by the install's attributes), the users who first reached the goal
 * N days after installing (N ≤ last; a goal reached before the install counts on the install day), and the sizes.
 */
export async function cvrCells(
  db: Sql,
  store: ColumnStore,
  scope: StoreScope,
  goal: string,
  last: number,
): Promise<{ reached: Map<string, number>; sizes: Map<string, number> }> {
  const context = await storeContext(db, scope.apps);
  const params = { ...baseParams(scope, context), goal_to: addDays(scope.to, last) };
  const filter = attributeFilter(scope, params, { os: 'i_os', version: 'i_version', country: 'i_country' });
  const [rows, sizes] = await Promise.all([
    store.query<{ cohort: string; after: string; n: string }>(
      `SELECT toString(i.install_day) AS cohort, toInt32(dateDiff('day', i.install_day, greatest(g.first_day, i.install_day))) AS after, count() AS n
         FROM (SELECT * FROM (${installsSql(store, filter)}) WHERE install_day >= {from:Date} AND ${filter}) AS i
         INNER JOIN (SELECT app_id, user_id, min(day) AS first_day FROM ${liveEvents(store, `app_id IN {apps:Array(String)} AND day <= {goal_to:Date} AND ${GOAL_EVENTS[goal]}`)}
                      GROUP BY app_id, user_id) AS g ON g.app_id = i.app_id AND g.user_id = i.user_id
        WHERE after <= ${last}
        GROUP BY cohort, after`,
      params,
    ),
    installsPerDay(store, scope, context),
  ]);
  return { reached: new Map(rows.map((r) => [`${r.cohort}|${num(r.after)}`, num(r.n)])), sizes };
}

// ---------------------------------------------------------------- App Measurement

/** Per app and day with data: installs, DAU, sessions, ad and IAP revenue, payers (daily_metrics' figures). */
export async function appDays(db: Sql, store: ColumnStore, scope: StoreScope): Promise<Record<string, unknown>[]> {
  const params = await paramsFor(db, scope);
  const userDay = attributeFilter(scope, params, { os: 'u_os', version: 'u_version', country: 'u_country' });
  const install = attributeFilter(scope, params, { os: 'i_os', version: 'i_version', country: 'i_country' });
  const [days, installs] = await Promise.all([
    store.query<Record<string, string>>(
      `SELECT app_id, toString(day) AS d, count() AS dau, sum(sessions) AS s, sum(ad_revenue) AS ad, sum(iap_revenue) AS iap, countIf(iap_purchases > 0) AS payers
         FROM (${userDaysSql(store, params)}) WHERE ${userDay} GROUP BY app_id, day`,
      params,
    ),
    store.query<{ app_id: string; d: string; n: string }>(
      `SELECT app_id, toString(install_day) AS d, count() AS n FROM (${installsSql(store, install)}) WHERE install_day >= {from:Date} AND ${install} GROUP BY app_id, install_day`,
      params,
    ),
  ]);
  const out = new Map<string, Record<string, unknown>>();
  const rowOf = (app: string, day: string) =>
    out.get(`${app}|${day}`) ?? out.set(`${app}|${day}`, { app_id: app, day, installs: 0, dau: 0, sessions: 0, ad_revenue: 0, iap_revenue: 0, payers: 0 }).get(`${app}|${day}`)!;
  for (const r of days) Object.assign(rowOf(r.app_id!, r.d!), { dau: num(r.dau), sessions: num(r.s), ad_revenue: num(r.ad), iap_revenue: num(r.iap), payers: num(r.payers) });
  for (const r of installs) rowOf(r.app_id, r.d).installs = num(r.n);
  return [...out.values()];
}

/** Users of each app's install cohorts of the scope active on day 1 and day 7 after installing, days before today only. */
export async function appRetainedD1D7(db: Sql, store: ColumnStore, scope: StoreScope, today: string): Promise<{ app_id: string; install_day: string; n: number; users: number }[]> {
  const params = await paramsFor(db, scope, { active_to: addDays(scope.to, 7), today });
  const filter = attributeFilter(scope, params, { os: 'i_os', version: 'i_version', country: 'i_country' });
  const rows = await store.query<{ app_id: string; cohort: string; after: string; users: string }>(
    `SELECT i.app_id AS app_id, toString(i.install_day) AS cohort, toInt32(dateDiff('day', i.install_day, a.active_day)) AS after, count() AS users
       FROM (SELECT * FROM (${installsSql(store, filter)}) WHERE install_day >= {from:Date} AND ${filter}) AS i
       INNER JOIN (SELECT app_id, user_id, day AS active_day FROM (${activeDaysSql(store, 'app_id IN {apps:Array(String)} AND day BETWEEN {from:Date} AND {active_to:Date}')})) AS a
               ON a.app_id = i.app_id AND a.user_id = i.user_id
      WHERE after IN (1, 7) AND a.active_day < {today:Date}
      GROUP BY app_id, cohort, after`,
    params,
  );
  return rows.map((r) => ({ app_id: r.app_id, install_day: r.cohort, n: num(r.after), users: num(r.users) }));
}
