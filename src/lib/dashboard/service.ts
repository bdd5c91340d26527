import type { SessionAccount } from '../auth/types';
import { findRoute, isPathPermitted } from '../routes';
import type { Sql } from '../server/db';

/**
 * Adds page views to the accounts' "most used screens" counts: one row per account and path with how many
 * views it gets, in one statement (src/lib/dashboard/visit-counter.ts gathers them off the request path).
 */
export async function recordVisits(db: Sql, visits: Array<{ accountId: number; path: string; count: number; at: Date }>): Promise<void> {
  if (visits.length === 0) return;
  const params: unknown[] = [];
  const rows = visits.map((v, i) => {
    params.push(v.accountId, v.path, v.count, v.at);
    return `($${i * 4 + 1}::int, $${i * 4 + 2}::text, $${i * 4 + 3}::int, $${i * 4 + 4}::timestamptz)`;
  });
  await db.query(
    `INSERT INTO page_visits (account_id, path, visits, last_at) VALUES ${rows.join(', ')}
     ON CONFLICT (account_id, path) DO UPDATE SET visits = page_visits.visits + EXCLUDED.visits, last_at = greatest(page_visits.last_at, EXCLUDED.last_at)`,
    params,
  );
}

export interface QuickLink {
  path: string;
  title: string;
  trail: string;
  visits: number;
}

/** The account's most opened screens that it may still open; new accounts get their first permitted screens. */
export async function quickLinks(db: Sql, account: SessionAccount, limit = 6): Promise<QuickLink[]> {
  const rows = await db.query<{ path: string; visits: number }>(
    'SELECT path, visits FROM page_visits WHERE account_id = $1 AND path <> $2 ORDER BY visits DESC, last_at DESC LIMIT 30',
    [account.id, '/dashboard'],
  );
  const links: QuickLink[] = [];
  for (const row of rows) {
    const route = findRoute(row.path);
    if (!route || route.isGroup || !isPathPermitted(row.path, account)) continue;
    links.push({ path: route.path, title: route.title, trail: route.trail.slice(0, -1).map((t) => t.title).join(' › '), visits: row.visits });
    if (links.length === limit) break;
  }
  return links;
}

/** The visibility rule lives with the apps (src/lib/apps/service.ts); the dashboard lists what it answers. */
export { visibleApps, type VisibleApp } from '../apps/service';
