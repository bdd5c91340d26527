import { FLAG_BITS, type ValidEvent } from '../events';
import type { ColumnStore } from './types';
import { EVENTS_TABLE } from './schema';

/** DateTime64 as ClickHouse reads it by default (basic format, in the column's UTC). */
export const chTime = (ms: number) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '');

/**
 * Stores a validated batch in the column store; answers how many events were new. An event already stored (same
 * app, event id and day as sent: the key PostgreSQL's event_keys holds) is skipped, so the SDK is told it was a
 * duplicate as on PostgreSQL. The batch is acknowledged only after the insert resolves (the engine has written the
 * part). Two sends of one event racing each other may both be written: the ReplacingMergeTree key collapses them
 * and every read is FINAL, so figures count the event once (docs/decisions.md).
 */
export async function ingestToColumnStore(store: ColumnStore, app: { appId: string; os: number }, valid: readonly ValidEvent[], days: readonly string[], sentDays: readonly string[], now: number): Promise<number> {
  const ids = [...new Set(valid.map((e) => e.id))];
  const known = await store.query<{ event_id: string; sent: string }>(
    `SELECT event_id, toString(sent_day) AS sent FROM ${store.database}.${EVENTS_TABLE}
      WHERE app_id = {app:String} AND sent_day IN {sent_days:Array(Date)} AND event_id IN {ids:Array(String)}`,
    { app: app.appId, sent_days: [...new Set(sentDays)], ids },
  );
  const stored = new Set(known.map((k) => `${k.event_id}\u0000${k.sent}`));
  const receivedAt = chTime(now);
  const rows: Record<string, unknown>[] = [];
  valid.forEach((e, i) => {
    if (stored.has(`${e.id}\u0000${sentDays[i]}`)) return;
    rows.push({
      app_id: app.appId, day: days[i], name: e.name, user_id: e.userId, event_id: e.id, sent_day: sentDays[i], os: app.os,
      event_time: chTime(e.time), received_at: receivedAt, app_version: e.appVersion, sdk_version: e.sdkVersion, country: e.country,
      flags: e.flag ? FLAG_BITS[e.flag] : 0, device_time: e.flag ? chTime(e.deviceTime) : null, params: JSON.stringify(e.params),
    });
  });
  await store.insert(EVENTS_TABLE, rows);
  return rows.length;
}
