import type { ColumnStore } from './types';

/**
 * The events table on ClickHouse (docs/decisions.md, "Events on ClickHouse"):
 * - partitioned by month of the reporting day, so a month is a unit to drop, move or re-merge;
 * - ordered by (app, day, event, player): every report reads one app's days and one or a few event names, and a
 *   player's history is the player's rows within those; event_id and sent_day close the key so that
 * - ReplacingMergeTree collapses an event stored twice (a batch re-sent after its acknowledgement was lost, two
 *   sends racing, a console killed between the insert and its answer). Reads go through FINAL, which collapses
 *   duplicates not merged yet, so every figure counts an event once at any moment.
 * - params stays the event's JSON payload; the figures reports sum are materialized columns.
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

export async function ensureSchema(store: ColumnStore): Promise<void> {
  if (store.database !== 'default') await store.command(`CREATE DATABASE IF NOT EXISTS ${store.database}`);
  await store.command(eventsDdl(store.database));
  // A table made before the index: new parts (and those merged from old ones) carry it; older parts are read whole.
  await store.command(`ALTER TABLE ${store.database}.${EVENTS_TABLE} ADD ${SENT_DAYS_INDEX.replace('INDEX', 'INDEX IF NOT EXISTS')}`);
}

/**
 * The events a report reads, as a subquery: those matching `where` (the app and day range first, so whole parts
 * are skipped by the sorting key), each once (FINAL), test players left out as PostgreSQL's analytics_events view
 * does. The query binds {test_players:Array(String)}: "app\tuser" of the apps' flagged players (./scope.ts).
 */
export const liveEvents = (store: ColumnStore, where: string) =>
  `(SELECT *, revenue, duration FROM ${store.database}.${EVENTS_TABLE} FINAL WHERE ${where} AND NOT has({test_players:Array(String)}, concat(app_id, '\\t', user_id)))`;
