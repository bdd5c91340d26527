import type { SessionAccount } from '../auth/types';
import { addDays, daysBetween, reportDay } from '../time/day';
import { MESSAGES } from '../http/messages';
import { badRequest, HttpError } from '../server/errors';
import type { Sql } from '../server/db';
import { nowMs } from '../time/clock';

/**
 * The finance permission, in ONE place: every finance query, screen and export asks `financeApps` or
 * `resolveFinanceScope` which apps the account may see figures of. Root sees every app shown in finance;
 * any other account the apps of its finance permission (adminAccount/financePermission: apps, and every app
 * of its teams), never more: the app list of App Manager does not widen it.
 */

export interface FinanceApp {
  id: string;
  name: string;
  team: string;
}

export async function financeApps(db: Sql, viewer: Pick<SessionAccount, 'role' | 'username'>): Promise<FinanceApp[]> {
  if (viewer.role === 'root') {
    return db.query<FinanceApp>(
      `SELECT a.id, a.name, coalesce(t.name, '') AS team FROM apps a LEFT JOIN teams t ON t.id = a.team_id WHERE a.show_finance ORDER BY lower(a.name), a.id`,
    );
  }
  return db.query<FinanceApp>(
    `SELECT a.id, a.name, coalesce(t.name, '') AS team
       FROM accounts acc, apps a LEFT JOIN teams t ON t.id = a.team_id
      WHERE acc.username = $1 AND a.show_finance AND (acc.finance_apps ? a.id OR (t.name IS NOT NULL AND acc.finance_teams ? t.name))
      ORDER BY lower(a.name), a.id`,
    [viewer.username],
  );
}

/** The longest range a finance query accepts (three years: Overview and Report Year look back). */
export const MAX_FINANCE_DAYS = 3 * 366;

export interface FinanceScope {
  /** App ids the figures cover (the permitted ones, narrowed by the request). */
  apps: string[];
  /** The same apps with names and teams. */
  appInfo: FinanceApp[];
  from: string;
  to: string;
  /** 0 = every OS. */
  os: number;
}

export interface FinanceFilters {
  apps?: readonly string[];
  teams?: readonly string[];
  os?: number;
  from?: string;
  to?: string;
}

/**
 * The scope of a finance query: the range (default the last 30 days), and the apps: the asked ones, each of
 * which must be permitted (403 otherwise), or every permitted one; `teams` narrows to those teams' apps.
 */
export async function resolveFinanceScope(db: Sql, viewer: Pick<SessionAccount, 'role' | 'username'>, filters: FinanceFilters, now = nowMs()): Promise<FinanceScope> {
  const to = filters.to ?? reportDay(now);
  const from = filters.from ?? addDays(to, -29);
  if (from > to) throw badRequest('from: must not be after to');
  if (daysBetween(from, to) + 1 > MAX_FINANCE_DAYS) throw badRequest(`the range may span at most ${MAX_FINANCE_DAYS} days`);
  const permitted = await financeApps(db, viewer);
  const byId = new Map(permitted.map((a) => [a.id, a]));
  for (const id of filters.apps ?? []) if (!byId.has(id)) throw new HttpError(403, MESSAGES.permissionInvalid);
  let appInfo = filters.apps?.length ? permitted.filter((a) => filters.apps!.includes(a.id)) : permitted;
  if (filters.teams?.length) appInfo = appInfo.filter((a) => filters.teams!.includes(a.team));
  return { apps: appInfo.map((a) => a.id), appInfo, from, to, os: filters.os ?? 0 };
}

/** WHERE clause over a finance table (columns app_id, day, os, current) for the scope. */
export function financeWhere(scope: Pick<FinanceScope, 'apps' | 'from' | 'to' | 'os'>, params: unknown[], alias = ''): string {
  const p = alias ? `${alias}.` : '';
  params.push(JSON.stringify(scope.apps), scope.from, scope.to);
  const n = params.length;
  let where = `${p}current AND ${p}app_id IN (SELECT jsonb_array_elements_text($${n - 2}::jsonb)) AND ${p}day BETWEEN $${n - 1}::date AND $${n}::date`;
  if (scope.os) where += ` AND ${p}os = $${params.push(scope.os)}`;
  return where;
}

/**
 * Whether the account's finance permission covers every app shown in finance (root, or grants that happen to
 * cover them all). Studio-wide finance text (a month's note, a batch's stored summary of the whole file) is
 * for such accounts only; others get what concerns their apps (issue 37).
 */
export async function seesAllFinance(db: Sql, viewer: Pick<SessionAccount, 'role' | 'username'>): Promise<boolean> {
  if (viewer.role === 'root') return true;
  const mine = (await financeApps(db, viewer)).length;
  const all = (await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM apps WHERE show_finance`))!.n;
  return mine >= all;
}
