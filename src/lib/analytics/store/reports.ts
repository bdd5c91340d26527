import type { Sql } from '../../server/db';
import { addDays } from '../../time/day';
import type { LevelRow, MainDataRow } from '../rows';
import { RETENTION_MAX_DAY } from '../rollups/constants';
import type { ColumnStore, StoreScope } from './types';
import { liveEvents } from './schema';
import { attributeFilter, firstEvent, NO_FILTER, storeContext, type StoreContext } from './scope';
import { activeDaysSql, keepsUserDays, LAST_ATTRIBUTES_OF_EVENTS, summedUserDaysSql } from './user-days';

/**
 * The reports on the column store, from raw events (no rollups): the definitions of docs/metrics.md as the
 * PostgreSQL rollups compute them (src/lib/analytics/rollups/), so the same events give the same figures.
 * - A user-day's figures count under the user's last event of the day (os, version, country).
 * - An install is the user's first first_open ever (by time, then event id), counted on its day under its attributes.
 * - An iap_purchase its store refused is no purchase and no revenue.
 */

const num = (v: unknown) => Number(v ?? 0);

/** A purchase the store refused (StoreContext.refused), as a condition on an events row. */
export const REFUSED = `has({refused:Array(String)}, concat(simpleJSONExtractString(params, 'store'), '\\t', simpleJSONExtractString(params, 'transactionId')))`;

/**
 * One row per active user and day of the range: the figures of user_days. On chdb from the sums kept as events
 * arrive (./user-days.ts), elsewhere from the events. `params` are the query's (baseParams): whether any purchase
 * is refused decides whether refusals are read back.
 */
export function userDaysSql(store: ColumnStore, params: Record<string, unknown>): string {
  if (keepsUserDays(store)) return summedUserDaysSql(store, ((params.refused as unknown[] | undefined) ?? []).length > 0, REFUSED);
  return `SELECT app_id, day, user_id,
            ${LAST_ATTRIBUTES_OF_EVENTS},
            countIf(name = 'session_start') AS sessions, countIf(name = 'session_end') AS session_ends, sumIf(duration, name = 'session_end') AS session_seconds,
            countIf(name = 'ad_impression') AS ad_impressions, sumIf(revenue, name = 'ad_impression') AS ad_revenue,
            countIf(name = 'iap_purchase' AND NOT ${REFUSED}) AS iap_purchases, sumIf(revenue, name = 'iap_purchase' AND NOT ${REFUSED}) AS iap_revenue
       FROM ${liveEvents(store, 'app_id IN {apps:Array(String)} AND day BETWEEN {from:Date} AND {to:Date}')}
      GROUP BY app_id, day, user_id`;
}

/** Every user's install (first first_open up to `to`): day, and attributes when `filter` (on i_os, i_version, i_country) reads them. */
export function installsSql(store: ColumnStore, filter = NO_FILTER): string {
  return `SELECT app_id, user_id, f.1 AS install_day, f.2 AS i_os, f.3 AS i_version, f.4 AS i_country FROM (
            SELECT app_id, user_id, ${firstEvent(filter)} AS f
              FROM ${liveEvents(store, "app_id IN {apps:Array(String)} AND name = 'first_open' AND day <= {to:Date}")}
             GROUP BY app_id, user_id)`;
}

export function baseParams(scope: Pick<StoreScope, 'apps' | 'from' | 'to'>, context: StoreContext): Record<string, unknown> {
  return { apps: scope.apps, from: scope.from, to: scope.to, test_players: context.testPlayers, refused: context.refused };
}

/** Installs per day of the scope (by the install's attributes). */
export async function installsPerDay(store: ColumnStore, scope: StoreScope, context: StoreContext): Promise<Map<string, number>> {
  if (scope.apps.length === 0) return new Map();
  const params = baseParams(scope, context);
  const filter = attributeFilter(scope, params, { os: 'i_os', version: 'i_version', country: 'i_country' });
  const rows = await store.query<{ day: string; n: string }>(
    `SELECT toString(install_day) AS day, count() AS n FROM (${installsSql(store, filter)}) WHERE install_day >= {from:Date} AND ${filter} GROUP BY install_day`,
    params,
  );
  return new Map(rows.map((r) => [r.day, num(r.n)]));
}

/** Main Data's sums per day with data (days without data are left to the caller's zero rows). */
export async function mainDataDays(db: Sql, store: ColumnStore, scope: StoreScope): Promise<Map<string, MainDataRow>> {
  const byDay = new Map<string, MainDataRow>();
  if (scope.apps.length === 0) return byDay;
  const context = await storeContext(db, scope.apps);
  const params = baseParams(scope, context);
  const filter = attributeFilter(scope, params, { os: 'u_os', version: 'u_version', country: 'u_country' });
  const [rows, installs] = await Promise.all([
    store.query<Record<string, string>>(
      `SELECT toString(day) AS day, count() AS dau, sum(sessions) AS sessions, sum(session_ends) AS sessionEnds, sum(session_seconds) AS sessionSeconds,
              sum(ad_impressions) AS adImpressions, sum(ad_revenue) AS adRevenue, sum(iap_purchases) AS iapPurchases, sum(iap_revenue) AS iapRevenue,
              countIf(iap_purchases > 0) AS payers
         FROM (${userDaysSql(store, params)}) WHERE ${filter} GROUP BY day`,
      params,
    ),
    installsPerDay(store, scope, context),
  ]);
  const zero = { installs: 0, dau: 0, sessions: 0, sessionEnds: 0, sessionSeconds: 0, adImpressions: 0, adRevenue: 0, iapPurchases: 0, iapRevenue: 0, payers: 0 };
  for (const r of rows) {
    byDay.set(r.day!, {
      ...zero, day: r.day!, dau: num(r.dau), sessions: num(r.sessions), sessionEnds: num(r.sessionEnds), sessionSeconds: num(r.sessionSeconds),
      adImpressions: num(r.adImpressions), adRevenue: num(r.adRevenue), iapPurchases: num(r.iapPurchases), iapRevenue: num(r.iapRevenue), payers: num(r.payers),
    });
  }
  for (const [day, n] of installs) byDay.set(day, { ...(byDay.get(day) ?? { ...zero, day }), installs: n });
  return byDay;
}

/** Retention cells: users of each install cohort of the scope active on install day + n (n = 0..30), and the cohort sizes. */
export async function retentionCells(db: Sql, store: ColumnStore, scope: StoreScope): Promise<{ cells: Map<string, number>; sizes: Map<string, number> }> {
  const cells = new Map<string, number>();
  if (scope.apps.length === 0) return { cells, sizes: new Map() };
  const context = await storeContext(db, scope.apps);
  const params = { ...baseParams(scope, context), active_to: addDays(scope.to, RETENTION_MAX_DAY) };
  const filter = attributeFilter(scope, params, { os: 'i_os', version: 'i_version', country: 'i_country' });
  const [rows, sizes] = await Promise.all([
    store.query<{ cohort: string; n: number; users: string }>(
      `SELECT toString(i.install_day) AS cohort, toInt32(dateDiff('day', i.install_day, a.day)) AS n, count() AS users
         FROM (SELECT * FROM (${installsSql(store, filter)}) WHERE install_day >= {from:Date} AND ${filter}) AS i
         INNER JOIN (${activeDaysSql(store, 'app_id IN {apps:Array(String)} AND day BETWEEN {from:Date} AND {active_to:Date}')}) AS a
                 ON a.app_id = i.app_id AND a.user_id = i.user_id
        WHERE a.day >= i.install_day AND a.day <= i.install_day + ${RETENTION_MAX_DAY}
        GROUP BY i.install_day, n`,
      params,
    ),
    installsPerDay(store, scope, context),
  ]);
  for (const r of rows) cells.set(`${r.cohort}|${num(r.n)}`, num(r.users));
  return { cells, sizes };
}

/** The dashboard's key figures per app: any data at all, installs today and yesterday, DAU and revenue (ads + IAP) yesterday. */
export async function dashboardFigures(db: Sql, store: ColumnStore, apps: readonly string[], today: string): Promise<Map<string, { hasData: boolean; it: number; iy: number; dy: number; ry: number }>> {
  const out = new Map<string, { hasData: boolean; it: number; iy: number; dy: number; ry: number }>();
  if (apps.length === 0) return out;
  const yesterday = addDays(today, -1);
  const context = await storeContext(db, apps);
  const params = { apps: [...apps], from: yesterday, to: today, test_players: context.testPlayers, refused: context.refused, yesterday, today };
  const [any, installs, days] = await Promise.all([
    store.query<{ app_id: string }>(`SELECT app_id FROM ${liveEvents(store, 'app_id IN {apps:Array(String)}')} LIMIT 1 BY app_id`, params),
    store.query<{ app_id: string; it: string; iy: string }>(
      `SELECT app_id, countIf(install_day = {today:Date}) AS it, countIf(install_day = {yesterday:Date}) AS iy FROM (${installsSql(store)}) WHERE install_day >= {from:Date} GROUP BY app_id`,
      params,
    ),
    store.query<{ app_id: string; dy: string; ry: string }>(
      `SELECT app_id, count() AS dy, sum(ad_revenue + iap_revenue) AS ry FROM (${userDaysSql(store, params)}) WHERE day = {yesterday:Date} GROUP BY app_id`,
      params,
    ),
  ]);
  const row = (app: string) => out.get(app) ?? (out.set(app, { hasData: false, it: 0, iy: 0, dy: 0, ry: 0 }), out.get(app)!);
  for (const r of any) row(r.app_id).hasData = true;
  for (const r of installs) Object.assign(row(r.app_id), { it: num(r.it), iy: num(r.iy) });
  for (const r of days) Object.assign(row(r.app_id), { dy: num(r.dy), ry: num(r.ry) });
  return out;
}

const LEVEL_EVENTS = "name IN ('level_start', 'level_complete', 'level_fail')";

/**
 * Level: per level of the mode, plays and outcomes in the range under each event's own attributes, and the
 * players whose first play of the level (by time, then event id) falls in the range, under that play's attributes.
 */
export async function levelRows(db: Sql, store: ColumnStore, scope: StoreScope, mode: string): Promise<LevelRow[]> {
  if (scope.apps.length === 0) return [];
  const context = await storeContext(db, scope.apps);
  const params = { ...baseParams(scope, context), mode };
  const filter = attributeFilter(scope, params, { os: 'os', version: 'app_version', country: 'country' });
  const firstFilter = attributeFilter(scope, params, { os: 'f.2', version: 'f.3', country: 'f.4' });
  const rows = await store.query<Record<string, string>>(
    `SELECT p.level AS level, starts, completes, fails, attemptsSum, durationSum, coalesce(r.reached, 0) AS reached FROM (
       SELECT simpleJSONExtractInt(params, 'level') AS level, countIf(name = 'level_start') AS starts, countIf(name = 'level_complete') AS completes,
              countIf(name = 'level_fail') AS fails, sumIf(simpleJSONExtractInt(params, 'attempts'), name = 'level_complete') AS attemptsSum,
              sumIf(duration, name != 'level_start') AS durationSum
         FROM ${liveEvents(store, `app_id IN {apps:Array(String)} AND day BETWEEN {from:Date} AND {to:Date} AND ${LEVEL_EVENTS}`)}
        WHERE simpleJSONExtractString(params, 'mode') = {mode:String} AND ${filter} GROUP BY level) AS p
     LEFT JOIN (
       SELECT level, count() AS reached FROM (
         SELECT app_id, user_id, simpleJSONExtractInt(params, 'level') AS level, ${firstEvent(firstFilter)} AS f
           FROM ${liveEvents(store, `app_id IN {apps:Array(String)} AND day <= {to:Date} AND ${LEVEL_EVENTS}`)}
          WHERE simpleJSONExtractString(params, 'mode') = {mode:String} GROUP BY app_id, user_id, level)
        WHERE f.1 >= {from:Date} AND ${firstFilter} GROUP BY level) AS r ON r.level = p.level
     ORDER BY level`,
    params,
  );
  return rows.map((r) => ({ level: num(r.level), starts: num(r.starts), completes: num(r.completes), fails: num(r.fails), attemptsSum: num(r.attemptsSum), durationSum: num(r.durationSum), reached: num(r.reached) }));
}

/** Level retention: per install cohort of the scope, its users who have played each level 1..maxLevel of the mode (any day so far). */
export async function levelReachByCohort(db: Sql, store: ColumnStore, scope: StoreScope, mode: string, maxLevel: number): Promise<{ reached: Map<string, number>; sizes: Map<string, number> }> {
  const reached = new Map<string, number>();
  if (scope.apps.length === 0) return { reached, sizes: new Map() };
  const context = await storeContext(db, scope.apps);
  const params = { ...baseParams(scope, context), mode, max_level: maxLevel };
  const filter = attributeFilter(scope, params, { os: 'i_os', version: 'i_version', country: 'i_country' });
  const [rows, sizes] = await Promise.all([
    store.query<{ cohort: string; level: string; users: string }>(
      `SELECT toString(i.install_day) AS cohort, l.level AS level, count() AS users
         FROM (SELECT * FROM (${installsSql(store, filter)}) WHERE install_day >= {from:Date} AND ${filter}) AS i
         INNER JOIN (SELECT DISTINCT app_id, user_id, simpleJSONExtractInt(params, 'level') AS level
                       FROM ${liveEvents(store, `app_id IN {apps:Array(String)} AND ${LEVEL_EVENTS}`)}
                      WHERE simpleJSONExtractString(params, 'mode') = {mode:String} AND level BETWEEN 1 AND {max_level:UInt32}) AS l
                 ON l.app_id = i.app_id AND l.user_id = i.user_id
        GROUP BY i.install_day, l.level`,
      params,
    ),
    installsPerDay(store, scope, context),
  ]);
  for (const r of rows) reached.set(`${r.cohort}|${num(r.level)}`, num(r.users));
  return { reached, sizes };
}
