import type { ColumnStore } from './types';
import { EVENTS_TABLE, NOT_TEST_PLAYER, liveEvents, storeMarks } from './schema.ts';
import { attributesCarried, ORDER_WITH_ATTRIBUTES } from './scope.ts';

/**
 * The user-day figures (one row per app, day and player: the day's last platform, version and country, sessions,
 * session ends and seconds, ad impressions and revenue, IAP purchases and revenue), which Main Data, App
 * Measurement, the cohort views, Ads Impression's DAU and the dashboard read; and the players' active days, which
 * Retention, App Measurement's D1/D7, Cohort Level and A/B retention read (activeDaysSql). From raw events they cost a scan of
 * every event of the range grouped by player and day: 3.5 s at 105.8 M events on 2 cores (docs/performance.md).
 *
 * On chdb they are summed as the events arrive into `user_days` (an AggregatingMergeTree filled by a materialized
 * view on the events table), 43 times fewer rows to read. What keeps it exact:
 * - one row an event: chdb's events are written once each (./ingest.ts), so the view sees each event once;
 * - a late event adds to its day's row, merged at read time (the reads group again by app, day and player);
 * - test players and refused purchases change after the fact: left out at read time, as from raw events (the
 *   refused purchases' events are read back and subtracted);
 * - a console killed while writing may leave the events stored and their sums not, or the reverse: the worker
 *   notes each write's app-days before it and clears them after it (scripts/lib/chdb-worker.mjs), and the
 *   app-days of a write that never finished are summed again from the events when the store opens (ensureUserDays).
 * A ClickHouse server (EVENT_STORE=clickhouse) may hold racing copies of an event until a merge, which a view would
 * count twice: there the figures are read from the events (FINAL).
 */
export const USER_DAYS_TABLE = 'user_days';
const VIEW = 'user_days_from_events';
const BUILT_MARK = 'user-days-built';

/** The user-day's attributes (u_os, u_version, u_country): its last event's, carried by `last` (ORDER_WITH_ATTRIBUTES). */
const LAST_ATTRIBUTES = (() => {
  const [os, version, country] = attributesCarried('max(last)');
  return `${os} AS u_os, ${version} AS u_version, ${country} AS u_country`;
})();

/** The same from raw events: the attributes of the day's last event, by time then id. */
export const LAST_ATTRIBUTES_OF_EVENTS =
  'argMax(os, (event_time, event_id)) AS u_os, argMax(app_version, (event_time, event_id)) AS u_version, argMax(country, (event_time, event_id)) AS u_country';

// The sums read params with JSONExtractInt, the expressions of the events' materialized columns revenue and
// duration, rather than the columns themselves: what a view is handed of an insert is not documented to hold them.
const SUMS = `max(${ORDER_WITH_ATTRIBUTES}) AS last,
  countIf(name = 'session_start') AS sessions, countIf(name = 'session_end') AS session_ends,
  sumIf(JSONExtractInt(params, 'duration'), name = 'session_end') AS session_seconds,
  countIf(name = 'ad_impression') AS ad_impressions, sumIf(JSONExtractInt(params, 'revenueUsdMicros'), name = 'ad_impression') AS ad_revenue,
  countIf(name = 'iap_purchase') AS iap_purchases, sumIf(JSONExtractInt(params, 'revenueUsdMicros'), name = 'iap_purchase') AS iap_revenue`;

const summed = (from: string, where = '1') => `SELECT app_id, day, user_id, ${SUMS} FROM ${from} WHERE ${where} GROUP BY app_id, day, user_id`;

const ddl = (db: string) => `CREATE TABLE IF NOT EXISTS ${db}.${USER_DAYS_TABLE} (
    app_id LowCardinality(String),
    day Date,
    user_id String,
    last SimpleAggregateFunction(max, String),
    sessions SimpleAggregateFunction(sum, UInt64),
    session_ends SimpleAggregateFunction(sum, UInt64),
    session_seconds SimpleAggregateFunction(sum, Int64),
    ad_impressions SimpleAggregateFunction(sum, UInt64),
    ad_revenue SimpleAggregateFunction(sum, Int64),
    iap_purchases SimpleAggregateFunction(sum, UInt64),
    iap_revenue SimpleAggregateFunction(sum, Int64)
  ) ENGINE = AggregatingMergeTree
  PARTITION BY toYYYYMM(day)
  ORDER BY (app_id, day, user_id)`;

/**
 * Makes `user_days` and its view on a chdb store, summing every event already stored the first time (a store from
 * before the table: 31 s for 105.8 M events), then sums again the app-days of writes a stopped console left
 * unfinished. Runs when the store opens, before any write.
 */
export async function ensureUserDays(store: ColumnStore): Promise<void> {
  const marks = storeMarks(store);
  const db = store.database;
  await store.command(ddl(db));
  if (!(await marks.has(BUILT_MARK))) {
    await rebuildUserDays(store);
    await marks.add(BUILT_MARK);
  }
  const unfinished = store.unfinishedWrites ? await store.unfinishedWrites.days() : [];
  if (unfinished.length) {
    const params = { u_apps: unfinished.map((d) => d.app), u_days: unfinished.map((d) => d.day) };
    const touched = `has(arrayZip({u_apps:Array(String)}, {u_days:Array(Date)}), (app_id, day))`;
    await store.query(`ALTER TABLE ${db}.${USER_DAYS_TABLE} DELETE WHERE ${touched} SETTINGS mutations_sync = 2`, params);
    await store.query(`INSERT INTO ${db}.${USER_DAYS_TABLE} ${summed(`${db}.${EVENTS_TABLE}`, touched)}`, params);
  }
  await store.unfinishedWrites?.clear();
}

/**
 * Sums every stored event again, the view made last so that no write is summed twice (run with no write under way:
 * when the store is first given the table, and after events:copy, whose resumed pages may have been written twice
 * before their copies were merged away).
 */
export async function rebuildUserDays(store: ColumnStore): Promise<void> {
  const db = store.database;
  await store.command(ddl(db));
  await store.command(`DROP VIEW IF EXISTS ${db}.${VIEW}`);
  await store.command(`TRUNCATE TABLE ${db}.${USER_DAYS_TABLE}`);
  await store.command(`INSERT INTO ${db}.${USER_DAYS_TABLE} ${summed(`${db}.${EVENTS_TABLE}`)}`);
  await store.command(`CREATE MATERIALIZED VIEW IF NOT EXISTS ${db}.${VIEW} TO ${db}.${USER_DAYS_TABLE} AS ${summed(`${db}.${EVENTS_TABLE}`)}`);
}

/**
 * The active days of the players matching `where` (the app and a day range, on app_id and day): one row per app,
 * player and day with any event, test players left out. On chdb from `user_days`, which has a row for every such
 * day, elsewhere from the events. Binds {test_players} and what `where` binds.
 */
export const activeDaysSql = (store: ColumnStore, where: string) =>
  keepsUserDays(store)
    ? `SELECT DISTINCT app_id, user_id, day FROM ${store.database}.${USER_DAYS_TABLE} WHERE ${where} AND ${NOT_TEST_PLAYER}`
    : `SELECT DISTINCT app_id, user_id, day FROM ${liveEvents(store, where)}`;

/**
 * Each active player-day matching `where` with the attributes a user-day is counted under (its last event's
 * platform, version and country: u_os, u_version, u_country), test players left out.
 */
export const dayAttributesSql = (store: ColumnStore, where: string) =>
  keepsUserDays(store)
    ? `SELECT app_id, day, user_id, ${LAST_ATTRIBUTES} FROM ${store.database}.${USER_DAYS_TABLE} WHERE ${where} AND ${NOT_TEST_PLAYER} GROUP BY app_id, day, user_id`
    : `SELECT app_id, day, user_id, ${LAST_ATTRIBUTES_OF_EVENTS} FROM ${liveEvents(store, where)} GROUP BY app_id, day, user_id`;

/** Whether a store's reports read `user_days` rather than summing raw events. */
export const keepsUserDays = (store: ColumnStore) => store.kind === 'chdb';

/**
 * The user-day rows of the range from `user_days`, in the columns of the raw query (./reports.ts userDaysSql),
 * test players left out, refused purchases subtracted (their events read back: a handful, by name in the sorting
 * key; skipped when no purchase is refused). Binds {apps}, {from}, {to}, {test_players} and {refused}.
 */
export function summedUserDaysSql(store: ColumnStore, anyRefused: boolean, refusedCondition: string): string {
  const db = store.database;
  const range = 'app_id IN {apps:Array(String)} AND day BETWEEN {from:Date} AND {to:Date}';
  const stored = `SELECT app_id, day, user_id, last, toInt64(sessions) AS sessions, toInt64(session_ends) AS session_ends, session_seconds,
                         toInt64(ad_impressions) AS ad_impressions, ad_revenue, toInt64(iap_purchases) AS iap_purchases, iap_revenue
                    FROM ${db}.${USER_DAYS_TABLE} WHERE ${range} AND ${NOT_TEST_PLAYER}`;
  const refused = `SELECT app_id, day, user_id, '' AS last, toInt64(0) AS sessions, toInt64(0) AS session_ends, toInt64(0) AS session_seconds,
                          toInt64(0) AS ad_impressions, toInt64(0) AS ad_revenue, -toInt64(count()) AS iap_purchases, -sum(revenue) AS iap_revenue
                     FROM ${liveEvents(store, `${range} AND name = 'iap_purchase'`)} WHERE ${refusedCondition} GROUP BY app_id, day, user_id`;
  return `SELECT app_id, day, user_id, ${LAST_ATTRIBUTES},
                 sum(sessions) AS sessions, sum(session_ends) AS session_ends, sum(session_seconds) AS session_seconds,
                 sum(ad_impressions) AS ad_impressions, sum(ad_revenue) AS ad_revenue, sum(iap_purchases) AS iap_purchases, sum(iap_revenue) AS iap_revenue
            FROM (${anyRefused ? `${stored} UNION ALL ${refused}` : stored})
           GROUP BY app_id, day, user_id`;
}
