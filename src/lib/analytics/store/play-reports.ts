import type { Sql } from '../../server/db';
import { addDays } from '../../time/day';
import { funnelPath, FUNNEL_WINDOW_DAYS } from '../rollups/funnel';
import type { ColumnStore, StoreScope } from './types';
import { liveEvents } from './schema';
import { attributeFilter, firstEvent, NO_FILTER, storeContext } from './scope';
import { baseParams } from './reports';
import { activeDaysSql, dayAttributesSql } from './user-days';

/**
 * The gameplay and custom-event reports (src/lib/analytics/play/) on the column store, from raw events: the
 * rollups of src/lib/analytics/rollups/play-daily.ts and funnel.ts written over the events. Quests, resources and
 * counters count under the user-day's attributes (the user's last event of the day); measurements and funnel
 * paths under their own event's (a path under its entry, the first step-0 event by time, then event id).
 */

const num = (v: unknown) => Number(v ?? 0);
const IN_RANGE = 'app_id IN {apps:Array(String)} AND day BETWEEN {from:Date} AND {to:Date}';

async function paramsFor(db: Sql, scope: StoreScope, extra: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  return { ...baseParams(scope, await storeContext(db, scope.apps)), ...extra };
}

/**
 * Events of some names in the range whose user-day passes the report's attribute filter (`filter` on u_os,
 * u_version, u_country: the user's last event of the day, ./user-days.ts). Without a filter every event passes, so the user-day
 * scan (every event of the range, grouped by player and day) is left out: the same rows for a fraction of the work.
 */
const underUserDay = (store: ColumnStore, names: string, filter: string) =>
  filter === NO_FILTER
    ? `SELECT * FROM ${liveEvents(store, `${IN_RANGE} AND name IN (${names})`)}`
    : `SELECT e.*, u.u_os AS u_os, u.u_version AS u_version, u.u_country AS u_country
         FROM ${liveEvents(store, `${IN_RANGE} AND name IN (${names})`)} AS e
         INNER JOIN (${dayAttributesSql(store, IN_RANGE)}) AS u
                 ON u.app_id = e.app_id AND u.day = e.day AND u.user_id = e.user_id
        WHERE ${filter}`;
const USER_DAY = { os: 'u_os', version: 'u_version', country: 'u_country' };
const OWN = { os: 'os', version: 'app_version', country: 'country' };

/** Per quest and day: the players in each state (each counted once a day per app). */
export async function questDays(db: Sql, store: ColumnStore, scope: StoreScope): Promise<Record<string, string>[]> {
  const params = await paramsFor(db, scope);
  const filter = attributeFilter(scope, params, USER_DAY);
  const state = (s: string) => `uniqExactIf((app_id, user_id), simpleJSONExtractString(params, 'state') = '${s}')`;
  return store.query<Record<string, string>>(
    `SELECT simpleJSONExtractString(params, 'questId') AS quest_id, toString(day) AS d, ${state('start')} AS started, ${state('progress')} AS progressed,
            ${state('complete')} AS completed, ${state('claim')} AS claimed, ${state('fail')} AS failed
       FROM (${underUserDay(store, "'task_quest'", filter)}) GROUP BY quest_id, day`,
    params,
  );
}

/** Resource events as flows (earn by source, spend by sink), under the user-day's attributes, as a subquery. */
const flows = (store: ColumnStore, filter: string) =>
  `SELECT app_id, day, user_id, simpleJSONExtractString(params, 'resource') AS resource, if(name = 'resource_earn', 'earn', 'spend') AS flow,
          if(name = 'resource_earn', simpleJSONExtractString(params, 'source'), simpleJSONExtractString(params, 'sink')) AS channel, simpleJSONExtractInt(params, 'amount') AS amount
     FROM (${underUserDay(store, "'resource_earn', 'resource_spend'", filter)})`;

/** The scope's resources, most earner- and spender-days first (resource_users_daily's weight). */
export async function resourceNames(db: Sql, store: ColumnStore, scope: StoreScope): Promise<string[]> {
  const params = await paramsFor(db, scope);
  const rows = await store.query<{ r: string }>(
    `SELECT resource AS r FROM (${flows(store, attributeFilter(scope, params, USER_DAY))})
      GROUP BY resource ORDER BY uniqExactIf((app_id, day, user_id), flow = 'earn') + uniqExactIf((app_id, day, user_id), flow = 'spend') DESC, r`,
    params,
  );
  return rows.map((r) => r.r);
}

/** A resource per day: amounts and events earned and spent, earners and spenders. */
export async function resourceDays(db: Sql, store: ColumnStore, scope: StoreScope, resource: string): Promise<Record<string, string>[]> {
  const params = await paramsFor(db, scope, { resource });
  return store.query<Record<string, string>>(
    `SELECT toString(day) AS d, sumIf(amount, flow = 'earn') AS earned, sumIf(amount, flow = 'spend') AS spent, countIf(flow = 'earn') AS earnEvents,
            countIf(flow = 'spend') AS spendEvents, uniqExactIf((app_id, user_id), flow = 'earn') AS earners, uniqExactIf((app_id, user_id), flow = 'spend') AS spenders
       FROM (${flows(store, attributeFilter(scope, params, USER_DAY))}) WHERE resource = {resource:String} GROUP BY day`,
    params,
  );
}

/** A resource's sources or sinks over the range: amount, events and player-days, most amount first. */
export async function resourceChannelRows(db: Sql, store: ColumnStore, scope: StoreScope, resource: string, flow: 'earn' | 'spend') {
  const params = await paramsFor(db, scope, { resource, flow });
  const rows = await store.query<Record<string, string>>(
    `SELECT channel AS c, sum(amount) AS amt, count() AS events, uniqExact(app_id, day, user_id) AS user_days
       FROM (${flows(store, attributeFilter(scope, params, USER_DAY))}) WHERE resource = {resource:String} AND flow = {flow:String}
      GROUP BY channel ORDER BY amt DESC, c`,
    params,
  );
  return rows.map((r) => ({ channel: r.c!, amount: num(r.amt), events: num(r.events), userDays: num(r.user_days) }));
}

/** DAU per day under the filters (a user-day under its last event's attributes). */
export async function dauPerDay(db: Sql, store: ColumnStore, scope: StoreScope): Promise<Map<string, number>> {
  const params = await paramsFor(db, scope);
  const filter = attributeFilter(scope, params, USER_DAY);
  const rows = await store.query<{ d: string; n: string }>(
    filter === NO_FILTER
      ? `SELECT toString(day) AS d, count() AS n FROM (${activeDaysSql(store, IN_RANGE)}) GROUP BY day`
      : `SELECT toString(day) AS d, count() AS n FROM (${dayAttributesSql(store, IN_RANGE)}) WHERE ${filter} GROUP BY day`,
    params,
  );
  return new Map(rows.map((r) => [r.d, num(r.n)]));
}

/** Counters per day and name (one name, or all): total, events and players (once a day per app); and the names, most events first. */
export async function counterCells(db: Sql, store: ColumnStore, scope: StoreScope, asked: string) {
  const params = await paramsFor(db, scope, { asked });
  const filter = attributeFilter(scope, params, USER_DAY);
  const counters = `(SELECT app_id, day, user_id, simpleJSONExtractString(params, 'name') AS counter, simpleJSONExtractInt(params, 'value') AS value
                       FROM (${underUserDay(store, "'counter'", filter)}))`;
  const [names, rows] = await Promise.all([
    store.query<{ n: string }>(`SELECT counter AS n FROM ${counters} GROUP BY counter ORDER BY count() DESC, n`, params),
    store.query<Record<string, string>>(
      `SELECT toString(day) AS d, counter AS n, sum(value) AS total, count() AS events, uniqExact(app_id, user_id) AS users
         FROM ${counters} ${asked ? 'WHERE counter = {asked:String}' : ''} GROUP BY day, counter ORDER BY d, n`,
      params,
    ),
  ]);
  return { names: names.map((r) => r.n), cells: rows.map((r) => ({ day: r.d!, name: r.n!, total: num(r.total), events: num(r.events), users: num(r.users) })) };
}

/** The scope's measurement names, most sent first (under each event's own attributes). */
export async function measurementNameList(db: Sql, store: ColumnStore, scope: StoreScope): Promise<string[]> {
  const params = await paramsFor(db, scope);
  const rows = await store.query<{ n: string }>(
    `SELECT simpleJSONExtractString(params, 'name') AS n FROM ${liveEvents(store, `${IN_RANGE} AND name = 'measurement'`)} WHERE ${attributeFilter(scope, params, OWN)}
      GROUP BY n ORDER BY count() DESC, n`,
    params,
  );
  return rows.map((r) => r.n);
}

/** A measurement's values per (day, OS, version), with the largest unit sent (measurement_lists). */
export async function measurementValueLists(db: Sql, store: ColumnStore, scope: StoreScope, name: string) {
  const params = await paramsFor(db, scope, { m: name });
  const rows = await store.query<{ d: string; os: number; ver: string; unit: string; vals: number[] }>(
    `SELECT toString(day) AS d, os, app_version AS ver, max(simpleJSONExtractString(params, 'unit')) AS unit, groupArray(toFloat64OrZero(simpleJSONExtractRaw(params, 'value'))) AS vals
       FROM ${liveEvents(store, `${IN_RANGE} AND name = 'measurement'`)}
      WHERE simpleJSONExtractString(params, 'name') = {m:String} AND ${attributeFilter(scope, params, OWN)} GROUP BY day, os, app_version`,
    params,
  );
  return rows.map((r) => ({ day: r.d, os: num(r.os), ver: r.ver, unit: r.unit, vals: r.vals.map(Number) }));
}

/**
 * The scope's funnels (players who entered in the range under the filters, most first), each player's entry
 * being their first step-0 event ever.
 */
export async function funnelNames(db: Sql, store: ColumnStore, scope: StoreScope): Promise<string[]> {
  const params = await paramsFor(db, scope);
  const filter = attributeFilter(scope, params, { os: 'f.2', version: 'f.3', country: 'f.4' });
  const rows = await store.query<{ n: string }>(
    `SELECT funnel AS n FROM (
       SELECT app_id, user_id, simpleJSONExtractString(params, 'funnel') AS funnel, ${firstEvent(filter)} AS f
         FROM ${liveEvents(store, "app_id IN {apps:Array(String)} AND day <= {to:Date} AND name = 'funnel_step'")}
        WHERE simpleJSONExtractInt(params, 'step') = 0 GROUP BY app_id, user_id, funnel)
      WHERE f.1 >= {from:Date} AND ${filter} GROUP BY funnel ORDER BY count() DESC, n`,
    params,
  );
  return rows.map((r) => r.n);
}

/** A funnel's steps sent around the range (range + window) with their names: step → name. */
export async function funnelStepNames(db: Sql, store: ColumnStore, scope: StoreScope, funnel: string): Promise<{ step: number; name: string }[]> {
  const params = { ...(await paramsFor(db, scope)), funnel, window_to: addDays(scope.to, FUNNEL_WINDOW_DAYS) };
  const rows = await store.query<{ step: string; n: string }>(
    `SELECT simpleJSONExtractInt(params, 'step') AS step, max(simpleJSONExtractString(params, 'stepName')) AS n
       FROM ${liveEvents(store, "app_id IN {apps:Array(String)} AND day BETWEEN {from:Date} AND {window_to:Date} AND name = 'funnel_step'")}
      WHERE simpleJSONExtractString(params, 'funnel') = {funnel:String} GROUP BY step`,
    params,
  );
  return rows.map((r) => ({ step: num(r.step), name: r.n }));
}

/**
 * The paths of the players who entered the funnel in the range under the filters (funnel_users): each from all
 * of the player's steps of the funnel, as ../rollups/funnel.ts computes it. A player's steps come as one row of
 * (step, time in ms, event id, day, os, version, country) tuples — a fifth of the rows and a third of the text of
 * a row per step, which the worker parses and hands over (the tutorial funnel at 10 M events: 313,121 steps of
 * 63,929 players). The attributes ride along only when a filter reads them.
 */
export async function funnelPaths(db: Sql, store: ColumnStore, scope: StoreScope, funnel: string): Promise<{ reached: number; stepSecs: number[] }[]> {
  const params = { ...(await paramsFor(db, scope)), funnel };
  const filtered = attributeFilter(scope, {}, OWN) !== NO_FILTER;
  const attributes = filtered ? 'os, app_version, country' : "toUInt8(0), '', ''";
  type Step = [step: number, time: number, eventId: string, day: string, os: number, version: string, country: string];
  const players = await store.query<{ steps: Step[] }>(
    `SELECT groupArray((simpleJSONExtractInt(params, 'step'), toUnixTimestamp64Milli(event_time), event_id, toString(day), ${attributes})) AS steps
       FROM ${liveEvents(store, "app_id IN {apps:Array(String)} AND name = 'funnel_step'")} WHERE simpleJSONExtractString(params, 'funnel') = {funnel:String}
      GROUP BY app_id, user_id`,
    params,
  );
  const matches = (e: Step) =>
    (!scope.os || num(e[4]) === scope.os) && (!scope.version || scope.version === 'all' || e[5] === scope.version) && (!scope.countries.length || scope.countries.includes(e[6]));
  const out: { reached: number; stepSecs: number[] }[] = [];
  for (const { steps } of players) {
    const path = funnelPath(steps.map((e) => ({ step: num(e[0]), time: num(e[1]), eventId: e[2] })));
    if (!path) continue;
    const entry = steps.find((e) => e[2] === path.entry.eventId)!;
    if (entry[3] < scope.from || entry[3] > scope.to || !matches(entry)) continue;
    out.push({ reached: path.reached, stepSecs: path.stepSecs });
  }
  return out;
}
