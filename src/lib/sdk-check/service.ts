import { columnStore, type ColumnStore } from '../analytics/store/column-store';
import { recentEventCounts } from '../analytics/store/sdk-check';
import { mayViewApp } from '../apps/service';
import type { SessionAccount } from '../auth/types';
import type { Sql } from '../server/db';
import { HttpError, notFound } from '../server/errors';
import { nowMs } from '../time/clock';

/**
 * Check SDK: counts of each event name received from an app (optionally one OS and version) in the last
 * 24 hours. Reads raw events of the last two day partitions only (days are cut in UTC+7), so it stays
 * cheap however much history the store holds. "Clamped" counts the time flags (bits 1 and 2), not the tracking plan's (4).
 */
export async function checkSdk(db: Sql, account: SessionAccount, q: { appId: string; os: number; version?: string }) {
  if (!(await db.one('SELECT 1 FROM apps WHERE id = $1', [q.appId]))) throw notFound(`App ${q.appId} does not exist.`);
  if (!mayViewApp(account, q.appId)) throw new HttpError(403, 'Permission invalid');
  const since = new Date(nowMs() - 24 * 3600 * 1000);
  const store = columnStore();
  const { events, sdkVersions } = store ? await fromColumnStore(await store, q, since.getTime()) : await fromEvents(db, q, since);
  const last = events.reduce<string | null>((max, e) => (!max || e.lastReceivedAt > max ? e.lastReceivedAt : max), null);
  return { since: since.toISOString(), total: events.reduce((n, e) => n + e.count, 0), lastEventAt: last, sdkVersions, events };
}

type Seen = { name: string; count: number; lastReceivedAt: string; flagged: number };

async function fromColumnStore(store: ColumnStore, q: { appId: string; os: number; version?: string }, since: number): Promise<{ events: Seen[]; sdkVersions: string[] }> {
  const { rows, sdkVersions } = await recentEventCounts(store, { ...q, since });
  return { events: rows.map((r) => ({ name: r.name, count: r.count, lastReceivedAt: r.last, flagged: r.flagged })), sdkVersions };
}

async function fromEvents(db: Sql, q: { appId: string; os: number; version?: string }, since: Date): Promise<{ events: Seen[]; sdkVersions: string[] }> {
  const where = `app_id = $1 AND day >= ($2::timestamptz AT TIME ZONE 'Asia/Ho_Chi_Minh')::date AND received_at >= $2
    AND ($3::int = 0 OR os = $3) AND ($4::text IS NULL OR app_version = $4)`;
  const params = [q.appId, since, q.os, q.version || null];
  const rows = await db.query<{ name: string; count: number; last: Date; flagged: number }>(
    `SELECT name, count(*)::int AS count, max(received_at) AS last, count(*) FILTER (WHERE flags & 3 <> 0)::int AS flagged
       FROM events WHERE ${where} GROUP BY name ORDER BY name`,
    params,
  );
  const sdk = await db.query<{ sdk_version: string }>(`SELECT DISTINCT sdk_version FROM events WHERE ${where} ORDER BY sdk_version`, params);
  return { events: rows.map((r) => ({ name: r.name, count: r.count, lastReceivedAt: new Date(r.last).toISOString(), flagged: r.flagged })), sdkVersions: sdk.map((s) => s.sdk_version) };
}
