import type { ColumnStore } from './types';
import { eventsTable } from './schema';

/**
 * One stored event as the history logs read it, from either store: PostgreSQL's driver gives the time as a Date,
 * the column store as ISO text.
 */
export interface StoredEventRow {
  event_time: Date | string;
  name: string;
  params: Record<string, unknown>;
  app_version: string;
  os: number;
  country: string;
  sdk_version: string;
  event_id: string;
  flags: number;
}

/** DateTime64 text ('2026-01-02 03:04:05.678', UTC) as an ISO instant. */
const isoOf = (text: string) => `${text.replace(' ', 'T')}Z`;

/**
 * One page of a player's events of some names, newest first, from the column store: the player's rows sit
 * together under (app, day, name, player) in the sorting key, so a lookup reads a few granules per day.
 * Test players are included, as in the PostgreSQL log (it reads events, not analytics_events).
 */
export async function playerEvents(
  store: ColumnStore,
  q: { appId: string; userId: string; from: string; to: string; names: readonly string[]; mode?: string },
  after: { t: string; e: string } | null,
  limit: number,
): Promise<StoredEventRow[]> {
  const params: Record<string, unknown> = { app: q.appId, user: q.userId, from: q.from, to: q.to, names: [...q.names], limit };
  let where = 'app_id = {app:String} AND day BETWEEN {from:Date} AND {to:Date} AND name IN {names:Array(String)} AND user_id = {user:String}';
  if (q.mode) {
    params.mode = q.mode;
    where += ` AND simpleJSONExtractString(params, 'mode') = {mode:String}`;
  }
  if (after) {
    Object.assign(params, { after_t: after.t, after_e: after.e });
    where += ` AND (event_time, event_id) < (parseDateTime64BestEffort({after_t:String}, 3, 'UTC'), {after_e:String})`;
  }
  const rows = await store.query<Omit<StoredEventRow, 'params' | 'event_time'> & { t: string; params: string }>(
    `SELECT toString(event_time) AS t, name, params, app_version, os, country, sdk_version, event_id, flags
       FROM ${eventsTable(store)} WHERE ${where} ORDER BY event_time DESC, event_id DESC LIMIT {limit:UInt32}`,
    params,
  );
  return rows.map(({ t, ...r }) => ({ ...r, event_time: isoOf(t), params: JSON.parse(r.params) as Record<string, unknown>, os: Number(r.os), flags: Number(r.flags) }));
}
