import { FLAG_BITS, type ValidEvent } from '../events';
import type { ColumnStore } from './types';
import { EVENTS_TABLE } from './schema';
import { storedKeys } from './known-events';

/** DateTime64 as ClickHouse reads it by default (basic format, in the column's UTC). */
export const chTime = (ms: number) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '');

/**
 * Stores a validated batch in the column store; answers how many events were new. An event already stored (same
 * app, event id and day as sent: the key PostgreSQL's event_keys holds) is skipped, so the SDK is told it was a
 * duplicate as on PostgreSQL (the look-up: ./known-events.ts). The batch is acknowledged only after the insert
 * resolves (the engine has written the part). Two sends of one event racing each other may both be written: the ReplacingMergeTree key collapses them
 * and every read is FINAL, so figures count the event once (docs/decisions.md).
 */
export async function ingestToColumnStore(store: ColumnStore, app: { appId: string; os: number }, valid: readonly ValidEvent[], days: readonly string[], sentDays: readonly string[], now: number): Promise<number> {
  const stored = await storedKeys(store, app.appId, valid.map((e) => e.id), sentDays);
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
