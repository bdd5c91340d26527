import type { SessionAccount } from '../auth/types';
import { resolveReportScope, type ScopeRule } from '../reports/scope';
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
 * The finance scope rule: the range (default the last 30 days, at most three years) and the apps of the
 * account's finance permission — the asked ones, each of which must be permitted (403 otherwise), or every
 * permitted one; `teams` narrows to those teams' apps.
 */
export const financeScopeRule: ScopeRule<FinanceScope, FinanceApp, Pick<SessionAccount, 'role' | 'username'>, FinanceFilters> = {
  maxDays: MAX_FINANCE_DAYS,
  apps: async (db, viewer, asked) => {
    const permitted = await financeApps(db, viewer);
    return asked.length ? permitted.filter((a) => asked.includes(a.id)) : permitted;
  },
  mayAsk: (_viewer, id, seen) => seen.some((a) => a.id === id),
  scope: (base, seen, filters) => {
    const appInfo = filters.teams?.length ? seen.filter((a) => filters.teams!.includes(a.team)) : seen;
    return { ...base, apps: appInfo.map((a) => a.id), appInfo, os: filters.os ?? 0 };
  },
};

/** The scope of a finance query outside a report handler (a month's figures, the permitted apps). */
export function resolveFinanceScope(db: Sql, viewer: Pick<SessionAccount, 'role' | 'username'>, filters: FinanceFilters, now = nowMs()): Promise<FinanceScope> {
  return resolveReportScope(db, viewer, filters, financeScopeRule, now);
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
