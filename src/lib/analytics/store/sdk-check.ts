import { NAMED_EVENTS } from '../../config-data/tracking-plan';
import { reportDay } from '../../time/day';
import { chTime } from './ingest';
import type { ColumnStore } from './types';
import { eventsTable } from './schema';

/**
 * Check SDK's reads from the column store: what an app sent, test players included (as on PostgreSQL, these read
 * the events, not the analytics view). Each event is counted once (eventsTable), as the events table holds it once.
 */

/** DateTime64 text ('2026-01-02 03:04:05.678', UTC) as an ISO instant. */
const isoOf = (text: string) => `${text.replace(' ', 'T')}Z`;

/**
 * Event names received since `since` (ms; the day partitions from its UTC+7 day on), optionally of one OS and
 * version: count, last receipt and events whose time was clamped (flag bits 1 and 2), and the SDK versions seen.
 */
export async function recentEventCounts(store: ColumnStore, q: { appId: string; since: number; os: number; version?: string }) {
  const params = { app: q.appId, since_day: reportDay(q.since), since: chTime(q.since), os: q.os, version: q.version ?? '' };
  const where = `app_id = {app:String} AND day >= {since_day:Date} AND received_at >= toDateTime64({since:String}, 3, 'UTC')
    AND ({os:UInt8} = 0 OR os = {os:UInt8}) AND ({version:String} = '' OR app_version = {version:String})`;
  const table = eventsTable(store);
  const [rows, sdk] = await Promise.all([
    store.query<{ name: string; count: string; last: string; flagged: string }>(
      `SELECT name, count() AS count, toString(max(received_at)) AS last, countIf(bitAnd(flags, 3) != 0) AS flagged FROM ${table} WHERE ${where} GROUP BY name ORDER BY name`,
      params,
    ),
    store.query<{ sdk_version: string }>(`SELECT DISTINCT sdk_version FROM ${table} WHERE ${where} ORDER BY sdk_version`, params),
  ]);
  return {
    rows: rows.map((r) => ({ name: r.name, count: Number(r.count), last: isoOf(r.last), flagged: Number(r.flagged) })),
    sdkVersions: sdk.map((s) => s.sdk_version),
  };
}

/** The plan key of a stored event in ClickHouse SQL (planKey of src/lib/config-data/tracking-plan.ts). */
const KEY_SQL = `CASE name ${Object.entries(NAMED_EVENTS).map(([event, field]) => `WHEN '${event}' THEN concat('${event}.', simpleJSONExtractString(params, '${field}'))`).join(' ')} ELSE name END`;

/** Per plan key: the events an app sent over the UTC+7 days from..to and the last receipt (the tracking-plan view's volume and last seen). */
export async function planKeySightings(store: ColumnStore, q: { appId: string; from: string; to: string }) {
  const rows = await store.query<{ key: string; n: string; last: string }>(
    `SELECT ${KEY_SQL} AS key, count() AS n, toString(max(received_at)) AS last
       FROM ${eventsTable(store)} WHERE app_id = {app:String} AND day BETWEEN {from:Date} AND {to:Date} GROUP BY key`,
    { app: q.appId, from: q.from, to: q.to },
  );
  return rows.map((r) => ({ key: r.key, n: Number(r.n), last: isoOf(r.last) }));
}
