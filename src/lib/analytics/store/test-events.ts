import type { ColumnStore } from './types';
import { EVENTS_TABLE, eventsTable } from './schema';

/**
 * The test screens' reads of one player's raw events from the column store (src/lib/testing/): test players'
 * events are what these screens exist to show, so nothing is left out. The player's rows sit together under
 * (app, day, name, player) in the sorting key.
 */

/** DateTime64 text ('2026-01-02 03:04:05.678', UTC) as an ISO instant. */
const isoOf = (text: string) => `${text.replace(' ', 'T')}Z`;

export interface PlayerEventRow {
  eventId: string;
  name: string;
  time: string;
  receivedAt: string;
  os: number;
  appVersion: string;
  country: string;
  params: Record<string, unknown>;
}

/** The player's newest events of the days from `fromDay` on (time, then event id, descending), at most `limit`. */
export async function latestPlayerEvents(store: ColumnStore, q: { appId: string; userId: string; fromDay: string | null; limit: number }): Promise<PlayerEventRow[]> {
  const rows = await store.query<{ event_id: string; name: string; t: string; r: string; os: string | number; app_version: string; country: string; params: string }>(
    `SELECT event_id, name, toString(event_time) AS t, toString(received_at) AS r, os, app_version, country, params
       FROM ${eventsTable(store)}
      WHERE app_id = {app:String} AND user_id = {user:String} ${q.fromDay ? 'AND day >= {from:Date}' : ''}
      ORDER BY event_time DESC, event_id DESC LIMIT {limit:UInt32}`,
    { app: q.appId, user: q.userId, from: q.fromDay ?? '1970-01-01', limit: q.limit },
  );
  return rows.map((r) => ({
    eventId: r.event_id, name: r.name, time: isoOf(r.t), receivedAt: isoOf(r.r), os: Number(r.os), appVersion: r.app_version, country: r.country,
    params: JSON.parse(r.params) as Record<string, unknown>,
  }));
}

/**
 * How many days hold the player's events: on a column store, the days whose figures a change of the player's
 * test flag moves (the reports read the flag when they run: there is nothing to recompute).
 */
export async function playerEventDays(store: ColumnStore, appId: string, userId: string): Promise<number> {
  const [row] = await store.query<{ n: string }>(
    `SELECT uniqExact(day) AS n FROM ${store.database}.${EVENTS_TABLE} WHERE app_id = {app:String} AND user_id = {user:String}`,
    { app: appId, user: userId },
  );
  return Number(row?.n ?? 0);
}
