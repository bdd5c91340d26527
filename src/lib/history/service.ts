import { daysBetween } from '../time/day';
import { mayViewApp } from '../apps/service';
import type { SessionAccount } from '../auth/types';
import { MESSAGES } from '../http/messages';
import type { Sql } from '../server/db';
import { HttpError, badRequest } from '../server/errors';
import { columnStore } from '../analytics/store/column-store';
import { playerEvents, type StoredEventRow } from '../analytics/store/history';
import { HISTORY_MAX_DAYS, type HistoryKind, type HistoryQuery, type HistoryRow } from './kinds';

/** Where the previous page stopped: the last row's time and event id (rows are ordered by both, newest first). */
interface Cursor {
  t: string;
  e: string;
}
const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');
function decodeCursor(text: string): Cursor {
  try {
    const c = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Cursor;
    if (typeof c.t === 'string' && typeof c.e === 'string' && !Number.isNaN(Date.parse(c.t))) return c;
  } catch {
    // falls through to the refusal
  }
  throw badRequest('cursor: not a cursor this log answered; start from the first page.');
}

function checkQuery(viewer: SessionAccount, q: HistoryQuery): void {
  if (q.from > q.to) throw badRequest('from: must not be after to');
  if (daysBetween(q.from, q.to) + 1 > HISTORY_MAX_DAYS) throw badRequest(`the range may span at most ${HISTORY_MAX_DAYS} days`);
  if (!mayViewApp(viewer, q.appId)) throw new HttpError(403, MESSAGES.permissionInvalid);
}

const toRow = (r: StoredEventRow): HistoryRow => ({
  time: new Date(r.event_time).toISOString(), name: r.name, params: r.params, appVersion: r.app_version, os: Number(r.os),
  country: r.country, sdkVersion: r.sdk_version, eventId: r.event_id, flags: Number(r.flags),
});

/**
 * One page of a player's events of a kind, newest first. Reads only the day partitions of the range (day is the
 * partition key) through the (app, user, time) index, so a lookup stays fast however many events the app has.
 */
async function readEvents(db: Sql, kind: HistoryKind, q: HistoryQuery, after: Cursor | null, limit: number): Promise<HistoryRow[]> {
  const store = columnStore();
  if (store) return (await playerEvents(await store, { ...q, names: kind.names, mode: kind.mode }, after, limit)).map(toRow);
  const params: unknown[] = [q.appId, q.userId, q.from, q.to, JSON.stringify(kind.names)];
  let where = `app_id = $1 AND user_id = $2 AND day BETWEEN $3::date AND $4::date AND name IN (SELECT jsonb_array_elements_text($5::jsonb))`;
  if (kind.mode) where += ` AND params->>'mode' = $${params.push(kind.mode)}`;
  if (after) where += ` AND (event_time, event_id) < ($${params.push(after.t)}::timestamptz, $${params.push(after.e)})`;
  const rows = await db.query<StoredEventRow>(
    `SELECT event_time, name, params, app_version, os, country, sdk_version, event_id, flags FROM events
      WHERE ${where} ORDER BY event_time DESC, event_id DESC LIMIT $${params.push(limit)}`,
    params,
  );
  return rows.map(toRow);
}

export async function historyPage(db: Sql, viewer: SessionAccount, kind: HistoryKind, q: HistoryQuery & { cursor?: string; limit: number }) {
  checkQuery(viewer, q);
  const after = q.cursor ? decodeCursor(q.cursor) : null;
  const rows = await readEvents(db, kind, q, after, q.limit + 1);
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return { rows: page, nextCursor: rows.length > q.limit && last ? encodeCursor({ t: last.time, e: last.eventId }) : null };
}

/** Every row of the range for an export, up to `max` (the caller says when it was cut). */
export async function historyAll(db: Sql, viewer: SessionAccount, kind: HistoryKind, q: HistoryQuery, max: number): Promise<{ rows: HistoryRow[]; cut: boolean }> {
  checkQuery(viewer, q);
  const rows = await readEvents(db, kind, q, null, max + 1);
  return { rows: rows.slice(0, max), cut: rows.length > max };
}
