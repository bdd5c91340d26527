import type { ColumnStore } from './types';

/**
 * The events table on ClickHouse (docs/decisions.md, "Events on ClickHouse"):
 * - partitioned by month of the reporting day, so a month is a unit to drop, move or re-merge;
 * - ordered by (app, day, event, player): every report reads one app's days and one or a few event names, and a
 *   player's history is the player's rows within those; event_id and sent_day close the key so that
 * - ReplacingMergeTree collapses an event stored twice. On chdb no copy is ever written (one console process
 *   owns the directory and ./ingest.ts looks up and inserts a key at a time), so reports read the table as it is;
 *   on a ClickHouse server several console processes may race on one event, so reads go through FINAL, which
 *   collapses copies not merged yet (eventsTable below; docs/decisions.md).
 * - params stays the event's JSON payload; the figures reports sum are materialized columns. Reports read a field
 *   with simpleJSONExtractInt / simpleJSONExtractString, and a fraction as toFloat64OrZero(simpleJSONExtractRaw):
 *   about ten times faster than JSONExtract* on this engine (a level report's 1 M level events: 1.8 s against
 *   0.13 s), and exact because the console writes params itself — JSON.stringify of the validated payload, flat,
 *   scalar, one field a name, no whitespace (params-extract.test.ts compares both on arbitrary payloads).
 * - The look-up before an insert (./known-events.ts) asks for a batch's (event id, day as sent) pairs: the bloom
 *   filter on event_id stops skipping anything once a look-up carries a few hundred ids (each id a 2.5 % chance of
 *   a false match per block), so it read the app's whole event_id column, a cost growing with the table. A min-max
 *   index on sent_day skips the granules of other days: rows are sorted by the reporting day, which is the day as
 *   sent or the next (UTC+7), so each granule spans a day or two; the few clamped events (stored on their receive
 *   day) only widen their own granules.
 * The names are those of the PostgreSQL events table, so the reports' SQL reads alike on both.
 */
export const EVENTS_TABLE = 'events';

const SENT_DAYS_INDEX = 'INDEX sent_days sent_day TYPE minmax GRANULARITY 1';

export function eventsDdl(database: string): string {
  return `CREATE TABLE IF NOT EXISTS ${database}.${EVENTS_TABLE} (
    app_id LowCardinality(String),
    day Date,
    name LowCardinality(String),
    user_id String,
    event_id String,
    sent_day Date,
    os UInt8,
    event_time DateTime64(3, 'UTC'),
    received_at DateTime64(3, 'UTC'),
    app_version LowCardinality(String),
    sdk_version LowCardinality(String),
    country LowCardinality(String),
    flags UInt8,
    device_time Nullable(DateTime64(3, 'UTC')),
    params String,
    revenue Int64 MATERIALIZED JSONExtractInt(params, 'revenueUsdMicros'),
    duration Int64 MATERIALIZED JSONExtractInt(params, 'duration'),
    ${SENT_DAYS_INDEX},
    INDEX event_ids event_id TYPE bloom_filter GRANULARITY 4
  ) ENGINE = ReplacingMergeTree
  PARTITION BY toYYYYMM(day)
  ORDER BY (app_id, day, name, user_id, event_id, sent_day)`;
}

/** The store's own marks of one-time upgrades done (a name a row). */
const MARKS_TABLE = 'store_marks';
/** A chdb store written before reads dropped FINAL may hold a copy of an event: merged away once, then marked. */
const ONE_COPY_MARK = 'events-one-copy';

export async function ensureSchema(store: ColumnStore): Promise<void> {
  if (store.database !== 'default') await store.command(`CREATE DATABASE IF NOT EXISTS ${store.database}`);
  await store.command(eventsDdl(store.database));
  // A table made before the index: new parts (and those merged from old ones) carry it; older parts are read whole.
  await store.command(`ALTER TABLE ${store.database}.${EVENTS_TABLE} ADD ${SENT_DAYS_INDEX.replace('INDEX', 'INDEX IF NOT EXISTS')}`);
  if (store.kind === 'chdb') await mergeCopiesOnce(store);
}

async function mergeCopiesOnce(store: ColumnStore): Promise<void> {
  const marks = storeMarks(store);
  if (await marks.has(ONE_COPY_MARK)) return;
  await mergeCopies(store);
  await marks.add(ONE_COPY_MARK);
}

/** The store's marks of one-time upgrades done. */
export function storeMarks(store: ColumnStore): { has(mark: string): Promise<boolean>; add(mark: string): Promise<void> } {
  const table = `${store.database}.${MARKS_TABLE}`;
  const made = store.command(`CREATE TABLE IF NOT EXISTS ${table} (mark String) ENGINE = MergeTree ORDER BY mark`);
  return {
    has: async (mark) => (await made, (await store.query(`SELECT 1 FROM ${table} WHERE mark = {mark:String}`, { mark })).length > 0),
    add: async (mark) => (await made, await store.insert(MARKS_TABLE, [{ mark }])),
  };
}

/** Merges every partition to one part, so that each event's copies (same key) collapse into one row. */
export const mergeCopies = (store: ColumnStore) => store.command(`OPTIMIZE TABLE ${store.database}.${EVENTS_TABLE} FINAL`);

/**
 * The events table as a FROM clause that yields each event once: chdb holds one row an event (see the table's
 * comment), a ClickHouse server may hold a racing copy until a merge, so its reads collapse them (FINAL).
 */
export const eventsTable = (store: ColumnStore) => `${store.database}.${EVENTS_TABLE}${store.kind === 'clickhouse' ? ' FINAL' : ''}`;

/**
 * The events a report reads, as a subquery: those matching `where` (the app and day range first, so whole parts
 * are skipped by the sorting key), each once (eventsTable), test players left out as PostgreSQL's analytics_events view
 * does. The query binds {test_players:Array(String)}: "app\tuser" of the apps' flagged players (./scope.ts).
 */
export const liveEvents = (store: ColumnStore, where: string) => `(SELECT *, revenue, duration FROM ${eventsTable(store)} WHERE ${where} AND ${NOT_TEST_PLAYER})`;

/**
 * Not an event of a flagged test player ({test_players}: "app\tplayer"; an app id holds no tab). The player part
 * is matched first on the bare column, so the pair is built only for a row whose player id is on the list:
 * building it for every row cost as much as the scan itself (the user-day scan of 4.3 M events: 610 ms with the
 * pair for every row, 258 with no test players and 402 with two, against 309 with no condition).
 */
export const NOT_TEST_PLAYER = `NOT (has(arrayMap(k -> substring(k, position(k, '\\t') + 1), {test_players:Array(String)}), user_id) AND has({test_players:Array(String)}, concat(app_id, '\\t', user_id)))`;
