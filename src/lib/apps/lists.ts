/**
 * Lists of the visible apps (options, summaries, platforms, by game type) and of teams.
 */
import type { SessionAccount } from '../auth/types';
import type { Sql } from '../server/db';
import { badRequest } from '../server/errors';
import type { AppField, AppOption, AppOsOption, AppSummary } from './contract';
import { OS_VARIANT_SUFFIX, type OsCode } from '../platform';
import { mayViewApp, visibleAppCondition } from './visibility';
import { APP_COLUMNS, type AppRow, toSummary } from './rows';

/** Visible apps with id and name, by name (get/listapp, adminAccount/listApp). */
export async function listAppOptions(db: Sql, account: SessionAccount, where = 'true'): Promise<AppOption[]> {
  const params: unknown[] = [];
  return db.query<AppOption>(`SELECT a.id, a.name FROM apps a WHERE a.archived_at IS NULL AND ${visibleAppCondition(account, params)} AND ${where} ORDER BY lower(a.name), a.id`, params);
}

export type PublishFilter = 'all' | 'published' | 'unpublished';

/** Visible apps with their platforms, labels and state (get/allapp, allpublishapp, allunpublishapp). */
export async function listAppSummaries(db: Sql, account: SessionAccount, filter: PublishFilter = 'all'): Promise<AppSummary[]> {
  const params: unknown[] = [];
  const state = filter === 'all' ? 'true' : filter === 'published' ? 'a.published' : 'NOT a.published';
  const rows = await db.query<AppRow>(
    `SELECT ${APP_COLUMNS} FROM apps a LEFT JOIN teams t ON t.id = a.team_id
      WHERE a.archived_at IS NULL AND ${visibleAppCondition(account, params)} AND ${state} ORDER BY lower(a.name), a.id`,
    params,
  );
  return rows.map(toSummary);
}

/** get/listappWithField: visible apps with only the requested fields. */
export async function listAppsWithFields(db: Sql, account: SessionAccount, fields: readonly AppField[]): Promise<Partial<AppSummary>[]> {
  const apps = await listAppSummaries(db, account);
  return apps.map((app) => Object.fromEntries(fields.map((f) => [f, app[f]])) as Partial<AppSummary>);
}

/** OS-specific options for every visible app and platform (adminAccount/listAppOs, listAppOsFinance). */
export async function listAppOsOptions(db: Sql, account: SessionAccount, financeOnly = false): Promise<AppOsOption[]> {
  const params: unknown[] = [];
  const rows = await db.query<{ app_id: string; name: string; os: number }>(
    `SELECT a.id AS app_id, a.name, o.os FROM apps a JOIN app_os o ON o.app_id = a.id
      WHERE a.archived_at IS NULL AND ${visibleAppCondition(account, params)} ${financeOnly ? 'AND a.show_finance' : ''}
      ORDER BY lower(a.name), a.id, o.os`,
    params,
  );
  return rows.map((r) => {
    const os = Number(r.os) as OsCode;
    return { id: `${r.app_id}_${os}`, appId: r.app_id, os, name: r.name, value: `${r.name}_${OS_VARIANT_SUFFIX[os]}` };
  });
}

/** getAppByGameTypes: visible apps having any of the game types (case-insensitive). */
export async function appsByGameTypes(db: Sql, account: SessionAccount, gameTypes: readonly string[]) {
  const params: unknown[] = [JSON.stringify(gameTypes.map((g) => g.trim().toLowerCase()))];
  return db.query<{ id: string; name: string; gameTypes: string[] }>(
    `SELECT a.id, a.name, a.game_types AS "gameTypes" FROM apps a
      WHERE EXISTS (SELECT 1 FROM jsonb_array_elements_text(a.game_types) g WHERE lower(g) IN (SELECT jsonb_array_elements_text($1::jsonb)))
        AND a.archived_at IS NULL AND ${visibleAppCondition(account, params)}
      ORDER BY lower(a.name), a.id`,
    params,
  );
}

/** canViewApp: whether the account may see the app (false for apps that do not exist). */
export async function canViewApp(db: Sql, account: SessionAccount, appId: string): Promise<boolean> {
  if (!mayViewApp(account, appId)) return false;
  return Boolean(await db.one('SELECT 1 FROM apps WHERE id = $1', [appId]));
}

/**
 * The appId field of a save form names an app that exists (the form may hold a stale choice): a 400 on
 * that field otherwise. Whether the actor may see the app is the caller's check, made before.
 */
export async function requireAppField(db: Sql, appId: string): Promise<void> {
  if (!(await db.one('SELECT 1 FROM apps WHERE id = $1', [appId]))) throw badRequest(`appId: app ${appId} was not found.`);
}

/** Teams for the app form's team select. */
export async function listTeams(db: Sql): Promise<{ id: number; name: string }[]> {
  return db.query<{ id: number; name: string }>('SELECT id, name FROM teams ORDER BY lower(name)');
}
