import { FLAG_BITS, type ValidEvent } from '../events';
import type { ColumnStore } from './types';
import { EVENTS_TABLE } from './schema';
import { storedKeys } from './known-events';

/** DateTime64 as ClickHouse reads it by default (basic format, in the column's UTC). */
export const chTime = (ms: number) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '');

/**
 * Events being looked up and written right now, per store: "app \0 event id \0 day as sent" → the batch's
 * settling. A batch holding a key another batch is writing waits for it, then looks the key up afresh, so two
 * sends of one event racing each other write it once (on chdb the console's process is the directory's only
 * writer, so this makes the table hold one row an event and lets reads skip FINAL: ./schema.ts). Batches without
 * a shared key do not wait on each other, so the look-ups and inserts of concurrent batches still group
 * (./known-events.ts, the chdb worker).
 */
const writing = new WeakMap<ColumnStore, Map<string, Promise<unknown>>>();

/**
 * Stores a validated batch in the column store; answers how many events were new. An event already stored (same
 * app, event id and day as sent: the key PostgreSQL's event_keys holds), or repeated within the batch, is
 * skipped, so the SDK is told it was a duplicate as on PostgreSQL (the look-up: ./known-events.ts). The batch is
 * acknowledged only after the insert resolves (the engine has written the part); a console killed before its
 * answer leaves the events stored, and the client's resend finds them in the look-up.
 */
export async function ingestToColumnStore(store: ColumnStore, app: { appId: string; os: number }, valid: readonly ValidEvent[], days: readonly string[], sentDays: readonly string[], now: number): Promise<number> {
  let inFlight = writing.get(store);
  if (!inFlight) writing.set(store, (inFlight = new Map()));
  const keys = [...new Set(valid.map((e, i) => `${app.appId}\u0000${e.id}\u0000${sentDays[i]}`))];
  // Wait until no other batch is writing one of these keys; the check and the claim below run in one turn.
  for (;;) {
    const others = keys.map((k) => inFlight.get(k)).filter((p): p is Promise<unknown> => p !== undefined);
    if (others.length === 0) break;
    await Promise.allSettled(others);
  }
  // write() runs synchronously up to its first await, so no other batch can look at the keys before they are claimed.
  const work = write(store, app, valid, days, sentDays, now);
  for (const k of keys) inFlight.set(k, work);
  try {
    return await work;
  } finally {
    for (const k of keys) if (inFlight.get(k) === work) inFlight.delete(k);
  }
}

async function write(store: ColumnStore, app: { appId: string; os: number }, valid: readonly ValidEvent[], days: readonly string[], sentDays: readonly string[], now: number): Promise<number> {
  const stored = await storedKeys(store, app.appId, valid.map((e) => e.id), sentDays);
  const receivedAt = chTime(now);
  const rows: Record<string, unknown>[] = [];
  // The look-up's answer is shared by the batches of its round: this batch's own repeats are kept apart.
  const taken = new Set<string>();
  valid.forEach((e, i) => {
    const key = `${e.id}\u0000${sentDays[i]}`;
    if (stored.has(key) || taken.has(key)) return;
    taken.add(key);
    rows.push({
      app_id: app.appId, day: days[i], name: e.name, user_id: e.userId, event_id: e.id, sent_day: sentDays[i], os: app.os,
      event_time: chTime(e.time), received_at: receivedAt, app_version: e.appVersion, sdk_version: e.sdkVersion, country: e.country,
      flags: e.flag ? FLAG_BITS[e.flag] : 0, device_time: e.flag ? chTime(e.deviceTime) : null, params: JSON.stringify(e.params),
    });
  });
  await store.insert(EVENTS_TABLE, rows);
  return rows.length;
}
