import type { Sql } from '../../server/db';
import type { ColumnStore } from './types';
import { EVENTS_TABLE } from './schema';
import { storeContext } from './scope';
import { REFUSED } from './reports';

/**
 * Find User's reads (src/lib/players/staff-service.ts) on the column store, from raw events, with the
 * definitions of the PostgreSQL tables they replace:
 * - activity = the player's user_days summed: active days, sessions, play time, ad impressions and revenue,
 *   purchase events and revenue with refused purchases left out; test players have none (analytics_events);
 * - install = app_users: the first first_open ever (by time, then event id), under its attributes;
 * - levels = level_reach: the highest level played per mode;
 * - versions, countries and the latest purchases read every stored event of the player (test players too),
 *   as they read `events` on PostgreSQL.
 * A player's rows are spread over the app's days in the sorting key (app, day, name, player), so these read one
 * app's player column: fine for a staff look-up, not for a report over many players.
 *
 * Each event is counted once without FINAL: for one app and player, the rows FINAL would collapse are those sharing
 * (day, name, event_id, sent_day), so `LIMIT 1 BY` those over the player's handful of rows does the same. Measured on
 * 5 M events of one app (chdb, load ~23, a player with 61 stored rows, 12 of them copies): the activity query took
 * 2.4–3.7 s through FINAL and 30–170 ms this way, with the same figures.
 */

const num = (v: unknown) => Number(v ?? 0);
const isoOf = (text: string) => `${text.replace(' ', 'T')}Z`;
const LEVEL_EVENTS = "name IN ('level_start', 'level_complete', 'level_fail')";

/** The users whose purchase events carry the transaction id (every stored event, test players too), in id order. */
export async function usersOfTransaction(store: ColumnStore, appId: string, transactionId: string): Promise<string[]> {
  const rows = await store.query<{ user_id: string }>(
    `SELECT DISTINCT user_id FROM ${store.database}.${EVENTS_TABLE}
      WHERE app_id = {app:String} AND name = 'iap_purchase' AND simpleJSONExtractString(params, 'transactionId') = {tx:String} ORDER BY user_id LIMIT 20`,
    { app: appId, tx: transactionId },
  );
  return rows.map((r) => r.user_id);
}

/** Whether the player has an event the reports count (user_days has a row for them: not a flagged test player). */
export async function hasLiveEvents(db: Sql, store: ColumnStore, appId: string, userId: string): Promise<boolean> {
  const context = await storeContext(db, [appId]);
  const rows = await store.query(
    `SELECT 1 FROM ${store.database}.${EVENTS_TABLE} WHERE app_id = {app:String} AND user_id = {user:String} AND NOT has({test_players:Array(String)}, concat(app_id, '\\t', user_id)) LIMIT 1`,
    { app: appId, user: userId, test_players: context.testPlayers },
  );
  return rows.length > 0;
}

export interface StoredProfile {
  install: { install_day: string; os: number; app_version: string; country: string } | null;
  activity: { first_day: string | null; last_day: string | null; active_days: number; sessions: number; play: number; impressions: number; ad_revenue: number; purchases: number; iap_revenue: number };
  seen: { versions: string[]; countries: string[] };
  levels: { mode: string; level: number }[];
  purchases: { event_time: string; params: Record<string, unknown> }[];
}

/** Everything Find User's profile reads from events, for one player; `since` is the first day of "the last year". */
export async function playerFacts(db: Sql, store: ColumnStore, appId: string, userId: string, since: string): Promise<StoredProfile> {
  const context = await storeContext(db, [appId]);
  const params = { app: appId, user: userId, since, test_players: context.testPlayers, refused: context.refused };
  /** The player's events matching `where`, each once; `live` leaves a flagged test player's out (analytics_events). */
  const rows = (where: string, live: boolean) =>
    `(SELECT *, revenue, duration FROM ${store.database}.${EVENTS_TABLE}
       WHERE app_id = {app:String} AND user_id = {user:String} AND ${where}${live ? " AND NOT has({test_players:Array(String)}, concat(app_id, '\\t', user_id))" : ''}
       LIMIT 1 BY day, name, event_id, sent_day)`;
  const [install, activity, seen, levels, purchases] = await Promise.all([
    store.query<{ d: string; os: string; v: string; c: string }>(
      `SELECT toString(f.1) AS d, f.2 AS os, f.3 AS v, f.4 AS c
         FROM (SELECT argMin((day, os, app_version, country), (event_time, event_id)) AS f, count() AS n FROM ${rows("name = 'first_open'", true)})
        WHERE n > 0`,
      params,
    ),
    store.query<Record<string, string>>(
      `SELECT count() AS n, toString(min(day)) AS first_day, toString(max(day)) AS last_day, uniqExact(day) AS active_days,
              countIf(name = 'session_start') AS sessions, sumIf(duration, name = 'session_end') AS play,
              countIf(name = 'ad_impression') AS impressions, sumIf(revenue, name = 'ad_impression') AS ad_revenue,
              countIf(name = 'iap_purchase' AND NOT ${REFUSED}) AS purchases, sumIf(revenue, name = 'iap_purchase' AND NOT ${REFUSED}) AS iap_revenue
         FROM ${rows('1', true)}`,
      params,
    ),
    store.query<{ versions: string[]; countries: string[] }>(
      `SELECT groupUniqArray(app_version) AS versions, groupUniqArray(country) AS countries FROM ${rows('day >= {since:Date}', false)}`,
      params,
    ),
    store.query<{ mode: string; level: string }>(
      `SELECT simpleJSONExtractString(params, 'mode') AS mode, max(simpleJSONExtractInt(params, 'level')) AS level
         FROM ${rows(LEVEL_EVENTS, true)} GROUP BY mode ORDER BY mode`,
      params,
    ),
    store.query<{ t: string; params: string }>(
      `SELECT toString(event_time) AS t, params FROM ${rows("name = 'iap_purchase' AND day >= {since:Date}", false)}
        ORDER BY event_time DESC, event_id DESC LIMIT 20`,
      params,
    ),
  ]);
  const a = activity[0] ?? {};
  const none = num(a.n) === 0;
  return {
    install: install[0] ? { install_day: install[0].d, os: num(install[0].os), app_version: install[0].v, country: install[0].c } : null,
    activity: {
      first_day: none ? null : a.first_day!, last_day: none ? null : a.last_day!, active_days: num(a.active_days), sessions: num(a.sessions), play: num(a.play),
      impressions: num(a.impressions), ad_revenue: num(a.ad_revenue), purchases: num(a.purchases), iap_revenue: num(a.iap_revenue),
    },
    seen: { versions: seen[0]?.versions ?? [], countries: seen[0]?.countries ?? [] },
    levels: levels.map((l) => ({ mode: l.mode, level: num(l.level) })),
    purchases: purchases.map((p) => ({ event_time: isoOf(p.t), params: JSON.parse(p.params) as Record<string, unknown> })),
  };
}
