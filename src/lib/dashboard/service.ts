import type { SessionAccount } from '../auth/types';
import { findRoute, isPathPermitted } from '../routes';
import type { Sql } from '../server/db';

/** Counts a page view for the account's "most used screens" (route pages only, not the dashboard itself). */
export async function recordVisit(db: Sql, accountId: number, path: string): Promise<void> {
  await db.query(
    `INSERT INTO page_visits (account_id, path, visits) VALUES ($1, $2, 1)
     ON CONFLICT (account_id, path) DO UPDATE SET visits = page_visits.visits + 1, last_at = now()`,
    [accountId, path],
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
