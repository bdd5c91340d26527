/**
 * The one visibility rule: which apps an account sees, as a test, an SQL condition and a list.
 */
import type { SessionAccount } from '../auth/types';
import type { Sql } from '../server/db';

/** An account sees every app with canViewAllApp or as root; otherwise only the apps in its listApp. */
export function seesAllApps(account: Pick<SessionAccount, 'role' | 'canViewAllApp'>): boolean {
  return account.role === 'root' || account.canViewAllApp;
}

export function mayViewApp(account: Pick<SessionAccount, 'role' | 'canViewAllApp' | 'listApp'>, appId: string): boolean {
  return seesAllApps(account) || account.listApp.includes(appId);
}

/** SQL condition "this app row is visible to the account"; appends its parameter to params. */
export function visibleAppCondition(account: SessionAccount, params: unknown[], column = 'a.id'): string {
  if (seesAllApps(account)) return 'true';
  params.push(JSON.stringify(account.listApp));
  return `${column} IN (SELECT jsonb_array_elements_text($${params.length}::jsonb))`;
}

export interface VisibleApp {
  id: string;
  name: string;
  team: string;
}

/** Apps the account may see, by name, with their team (the dashboard's figures table). */
export async function visibleApps(db: Sql, account: SessionAccount): Promise<VisibleApp[]> {
  const params: unknown[] = [];
  return db.query<VisibleApp>(
    `SELECT a.id, a.name, coalesce(t.name, '') AS team FROM apps a LEFT JOIN teams t ON t.id = a.team_id
      WHERE ${visibleAppCondition(account, params)} ORDER BY lower(a.name), a.id`,
    params,
  );
}
