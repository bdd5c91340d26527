import type { Actor } from '../auth/types';
import { revokeAllSessions } from '../auth/session';
import { lockedUsernames, unlockUsername } from '../auth/throttle';
import { newPasswordProblem } from '../auth/validation';
import { hasAnyAction } from '../auth/guard';
import { allRoutes } from '../routes';
import { PRIVATE_ACTIONS } from '../permissions';
import { auditAs } from '../server/audit';
import { hashPassword, randomToken } from '../server/crypto';
import type { Db, Sql } from '../server/db';
import { HttpError, badRequest, conflict, notFound } from '../server/errors';
import { authorizeAccountChange, holdingsOf, grantsOfGivenRole, type Holdings } from './authority';
import type { AccountRow } from './contract';

const COLUMNS = `a.username, a.role, a.name, a.avatar, a.introduction, a.active, a.can_view_all_app, a.list_app, a.follow_team,
  a.exclude_teams, a.paths, a.private_actions, a.permissions, a.finance_apps, a.finance_teams, a.created_at, a.last_login_at`;

interface Row {
  username: string; role: string; name: string; avatar: string; introduction: string; active: boolean; can_view_all_app: boolean;
  list_app: string[]; follow_team: string[]; exclude_teams: string[]; paths: string[]; private_actions: string[]; permissions: string[];
  finance_apps: string[]; finance_teams: string[]; created_at: Date; last_login_at: Date | null;
}

function toRow(r: Row): AccountRow {
  return {
    username: r.username, role: r.role, name: r.name, avatar: r.avatar, introduction: r.introduction, active: r.active,
    canViewAllApp: r.can_view_all_app, listApp: r.list_app, followTeam: r.follow_team, excludeTeams: r.exclude_teams,
    paths: r.paths, privateActions: r.private_actions, permissions: r.permissions, financeApps: r.finance_apps, financeTeams: r.finance_teams,
    createdAt: new Date(r.created_at).toISOString(), lastLoginAt: r.last_login_at ? new Date(r.last_login_at).toISOString() : null,
  };
}

const SORT_SQL: Record<string, string> = { username: 'a.username', role: 'a.role', name: 'a.name', createdAt: 'a.created_at', lastLoginAt: 'a.last_login_at' };

export async function listAccounts(
  db: Sql,
  q: { textSearch?: string; role?: string; page: number; limit: number; sort: string; order: 'asc' | 'desc' },
): Promise<{ data: AccountRow[]; totalRecord: number }> {
  const where = `($1::text IS NULL OR a.username ILIKE '%' || $1 || '%' OR a.name ILIKE '%' || $1 || '%') AND ($2::text IS NULL OR a.role = $2)`;
  const params = [q.textSearch || null, q.role || null];
  const total = await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM accounts a WHERE ${where}`, params);
  const rows = await db.query<Row>(
    `SELECT ${COLUMNS} FROM accounts a WHERE ${where}
      ORDER BY ${SORT_SQL[q.sort] ?? 'a.username'} ${q.order === 'desc' ? 'DESC' : 'ASC'} NULLS LAST, a.username
      LIMIT $3 OFFSET $4`,
    [...params, q.limit, (q.page - 1) * q.limit],
  );
  const locked = rows.length ? await lockedUsernames(db) : new Set<string>();
  return { data: rows.map((r) => ({ ...toRow(r), locked: locked.has(r.username.toLowerCase()) })), totalRecord: total?.n ?? 0 };
}

export async function getAccount(db: Sql, username: string): Promise<AccountRow> {
  const row = await db.one<Row>(`SELECT ${COLUMNS} FROM accounts a WHERE a.username = $1`, [username]);
  if (!row) throw notFound(`Account "${username}" does not exist.`);
  return toRow(row);
}

const KNOWN_PATHS = new Set(allRoutes.filter((r) => !r.isGroup).map((r) => r.path));
/** Paths and actions must name real routes and actions: a typo would silently grant nothing. */
export function checkGrants(paths: string[], actions: string[]): void {
  const badPath = paths.find((p) => !KNOWN_PATHS.has(p));
  if (badPath) throw badRequest(`paths: "${badPath}" is not a route of the console.`);
  const badAction = actions.find((a) => !(a in PRIVATE_ACTIONS));
  if (badAction) throw badRequest(`privateActions: "${badAction}" is not a known private action.`);
}

/** The target as it is, locked for the transaction, for the authority's decision. */
async function lockedHoldings(tx: Sql, username: string): Promise<Holdings> {
  const held = await holdingsOf(tx, username, true);
  if (!held) throw notFound(`Account "${username}" does not exist.`);
  return held;
}

/**
 * Every account write asks the authority (./authority.ts) once, on the whole change: the target as it is
 * and as `afterOf` says it would be (null: deleted).
 */
async function authorize(tx: Sql, actor: Actor, verb: string, username: string, afterOf: (before: Holdings) => Holdings | null): Promise<void> {
  const before = await lockedHoldings(tx, username);
  await authorizeAccountChange(tx, actor, { verb, username, before, after: afterOf(before) });
}

const unchanged = (held: Holdings) => held;

const added = (next: readonly string[], before: readonly string[]) => next.filter((x) => !before.includes(x));

/** The team value the pickers offer for "every team" (docs/decisions.md, spec: followTeam). */
const ALL_TEAMS = 'all';

/**
 * App ids and team names an account is given must exist: a typo or a deleted app would be stored and silently
 * grant nothing (or grant an app created later under that id). 400 names the field and the first bad value.
 */
async function checkReferences(db: Sql, refs: { apps?: Record<string, readonly string[]>; teams?: Record<string, readonly string[]> }): Promise<void> {
  for (const [field, ids] of Object.entries(refs.apps ?? {})) {
    if (!ids.length) continue;
    const found = new Set((await db.query<{ id: string }>('SELECT id FROM apps WHERE id IN (SELECT jsonb_array_elements_text($1::jsonb))', [JSON.stringify(ids)])).map((r) => r.id));
    const missing = ids.find((id) => !found.has(id));
    if (missing !== undefined) throw badRequest(`${field}: app "${missing}" does not exist.`);
  }
  for (const [field, names] of Object.entries(refs.teams ?? {})) {
    const wanted = names.filter((n) => n !== ALL_TEAMS);
    if (!wanted.length) continue;
    const found = new Set((await db.query<{ name: string }>('SELECT name FROM teams WHERE name IN (SELECT jsonb_array_elements_text($1::jsonb))', [JSON.stringify(wanted)])).map((r) => r.name));
    const missing = wanted.find((name) => !found.has(name));
    if (missing !== undefined) throw badRequest(`${field}: team "${missing}" does not exist.`);
  }
}

/** The last active root must stay: otherwise nobody could administer the console. */
async function guardLastRoot(tx: Sql, username: string): Promise<void> {
  const row = await tx.one<{ is_root: boolean; others: number }>(
    `SELECT (role = 'root' AND active) AS is_root,
            (SELECT count(*)::int FROM accounts WHERE role = 'root' AND active AND username <> $1) AS others
       FROM accounts WHERE username = $1 FOR UPDATE`,
    [username],
  );
  if (row?.is_root && row.others === 0) throw conflict('This is the last active root account: it cannot be deleted, deactivated or demoted.');
}

export async function createAccount(
  db: Db,
  actor: Actor,
  input: { username: string; role: string; name: string; password?: string; canViewAllApp: boolean; listApp: string[]; paths: string[]; privateActions: string[] },
): Promise<{ account: AccountRow; password: string | null }> {
  checkGrants(input.paths, input.privateActions);
  const generated = input.password ? null : randomToken(9);
  const password = input.password || generated!;
  const problem = newPasswordProblem(password, input.username);
  if (problem) throw badRequest(`password: ${problem}`);
  const hash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const role = await grantsOfGivenRole(tx, input.role);
    await authorizeAccountChange(tx, actor, {
      verb: 'create', username: input.username, before: null,
      after: {
        username: input.username, role: input.role, rolePaths: role.paths, roleActions: role.actions, paths: input.paths, actions: input.privateActions,
        canViewAllApp: input.canViewAllApp, listApp: input.listApp, financeApps: [], financeTeams: [],
      },
    });
    await checkReferences(tx, { apps: { listApp: input.listApp } });
    if (await tx.one('SELECT 1 FROM accounts WHERE lower(username) = lower($1)', [input.username])) throw conflict(`username: "${input.username}" is already taken.`);
    const isRoot = input.role === 'root';
    await tx.query(
      `INSERT INTO accounts (username, password_hash, role, name, can_view_all_app, list_app, paths, private_actions)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8::jsonb)`,
      [input.username, hash, input.role, input.name, isRoot || input.canViewAllApp, JSON.stringify(input.listApp), JSON.stringify(isRoot ? [] : input.paths), JSON.stringify(isRoot ? [] : input.privateActions)],
    );
    const account = await getAccount(tx, input.username);
    await auditAs(tx, actor, { action: 'create', entity: 'account', entityId: input.username, after: account });
    return { account, password: generated };
  });
}

/** Runs one change to an account in a transaction with its audit row (before and after). */
async function changeAccount(db: Db, actor: Actor, username: string, action: string, change: (tx: Sql, before: AccountRow) => Promise<void>): Promise<AccountRow> {
  return db.transaction(async (tx) => {
    // The row is locked first: two administrators changing one account are judged one after the other.
    await lockedHoldings(tx, username);
    const before = await getAccount(tx, username);
    await change(tx, before);
    await tx.query('UPDATE accounts SET updated_at = now() WHERE username = $1', [username]);
    const after = await getAccount(tx, username);
    await auditAs(tx, actor, { action, entity: 'account', entityId: username, before, after });
    return after;
  });
}

export async function updateAccount(db: Db, actor: Actor, input: { username: string; role: string; paths: string[]; privateActions: string[]; permissions: string[] }): Promise<AccountRow> {
  checkGrants(input.paths, input.privateActions);
  return changeAccount(db, actor, input.username, 'update', async (tx, before) => {
    if (actor.account.username === input.username && before.role !== input.role) throw new HttpError(403, 'You cannot change your own role.');
    // The last-root rule answers first (409), whoever asks: after the root-only check it could never be reached.
    if (before.role === 'root' && input.role !== 'root') await guardLastRoot(tx, input.username);
    const role = await grantsOfGivenRole(tx, input.role);
    await authorize(tx, actor, 'change', input.username, (held) => ({
      ...held, role: input.role, rolePaths: role.paths, roleActions: role.actions, paths: input.paths, actions: [...input.privateActions, ...input.permissions],
    }));
    const isRoot = input.role === 'root';
    await tx.query(
      `UPDATE accounts SET role = $2, paths = $3::jsonb, private_actions = $4::jsonb, permissions = $5::jsonb, can_view_all_app = can_view_all_app OR $6 WHERE username = $1`,
      [input.username, input.role, JSON.stringify(isRoot ? [] : input.paths), JSON.stringify(isRoot ? [] : input.privateActions), JSON.stringify(isRoot ? [] : input.permissions), isRoot],
    );
  });
}

export async function resetPassword(db: Db, actor: Actor, username: string): Promise<string> {
  const password = randomToken(9);
  const hash = await hashPassword(password);
  await changeAccount(db, actor, username, 'reset_password', async (tx) => {
    // Resetting a password hands over the account: never one that holds more than the actor's own.
    await authorize(tx, actor, 'reset the password of', username, unchanged);
    await tx.query('UPDATE accounts SET password_hash = $2 WHERE username = $1', [username, hash]);
    const id = await tx.one<{ id: number }>('SELECT id FROM accounts WHERE username = $1', [username]);
    await revokeAllSessions(tx, id!.id);
  });
  return password;
}

export async function deleteAccount(db: Db, actor: Actor, username: string): Promise<void> {
  if (actor.account.username === username) throw new HttpError(403, 'You cannot delete your own account.');
  await db.transaction(async (tx) => {
    await guardLastRoot(tx, username);
    await authorize(tx, actor, 'delete', username, () => null);
    const before = await getAccount(tx, username);
    await tx.query('DELETE FROM accounts WHERE username = $1', [username]);
    await auditAs(tx, actor, { action: 'delete', entity: 'account', entityId: username, before });
  });
}

export async function setActive(db: Db, actor: Actor, username: string, active: boolean): Promise<AccountRow> {
  return changeAccount(db, actor, username, active ? 'activate' : 'deactivate', async (tx) => {
    if (!active && actor.account.username === username) throw new HttpError(403, 'You cannot deactivate your own account.');
    if (!active) await guardLastRoot(tx, username);
    await authorize(tx, actor, active ? 'reactivate' : 'deactivate', username, unchanged);
    await tx.query('UPDATE accounts SET active = $2 WHERE username = $1', [username, active]);
    // A deactivated account's sessions end at once (every request checks the account is active, too).
    if (!active) {
      const id = await tx.one<{ id: number }>('SELECT id FROM accounts WHERE username = $1', [username]);
      await revokeAllSessions(tx, id!.id);
    }
  });
}

export async function changeProfile(db: Db, actor: Actor, input: { username?: string; name: string; avatar: string; introduction: string }): Promise<AccountRow> {
  const username = input.username ?? actor.account.username;
  if (username !== actor.account.username && !hasAnyAction(actor.account, ['account_manage'])) throw new HttpError(403, 'Permission invalid');
  return changeAccount(db, actor, username, 'change_profile', async (tx) => {
    await authorize(tx, actor, 'change the profile of', username, unchanged);
    await tx.query('UPDATE accounts SET name = $2, avatar = $3, introduction = $4 WHERE username = $1', [username, input.name, input.avatar, input.introduction]);
  });
}

export const updateListApp = (db: Db, actor: Actor, input: { username: string; listApp: string[]; followTeam: string[] }) =>
  changeAccount(db, actor, input.username, 'update_list_app', async (tx, before) => {
    await authorize(tx, actor, 'change the apps of', input.username, (held) => ({ ...held, listApp: input.listApp }));
    // Only what is added must exist: an app deleted since stays removable.
    await checkReferences(tx, { apps: { listApp: added(input.listApp, before.listApp) }, teams: { followTeam: added(input.followTeam, before.followTeam) } });
    await tx.query('UPDATE accounts SET list_app = $2::jsonb, follow_team = $3::jsonb WHERE username = $1', [input.username, JSON.stringify(input.listApp), JSON.stringify(input.followTeam)]);
  });

export const updateExcludeTeams = (db: Db, actor: Actor, input: { username: string; excludeTeams: string[] }) =>
  changeAccount(db, actor, input.username, 'update_exclude_teams', async (tx, before) => {
    await authorize(tx, actor, 'change the teams of', input.username, unchanged);
    await checkReferences(tx, { teams: { excludeTeams: added(input.excludeTeams, before.excludeTeams) } });
    await tx.query('UPDATE accounts SET exclude_teams = $2::jsonb WHERE username = $1', [input.username, JSON.stringify(input.excludeTeams)]);
  });

export const setViewAllApps = (db: Db, actor: Actor, input: { username: string; canViewAllApp: boolean }) =>
  changeAccount(db, actor, input.username, 'view_app', async (tx, before) => {
    if (before.role === 'root' && !input.canViewAllApp) throw badRequest('canViewAllApp: a root account always sees every app.');
    await authorize(tx, actor, 'change the apps of', input.username, (held) => ({ ...held, canViewAllApp: input.canViewAllApp }));
    await tx.query('UPDATE accounts SET can_view_all_app = $2 WHERE username = $1', [input.username, input.canViewAllApp]);
  });

export async function getFinancePermission(db: Sql, username: string) {
  const row = await db.one<{ finance_apps: string[]; finance_teams: string[] }>('SELECT finance_apps, finance_teams FROM accounts WHERE username = $1', [username]);
  if (!row) throw notFound(`Account "${username}" does not exist.`);
  return { username, apps: row.finance_apps, teams: row.finance_teams };
}

export async function updateFinancePermission(db: Db, actor: Actor, input: { username: string; apps: string[]; teams: string[] }) {
  await changeAccount(db, actor, input.username, 'update_finance_permission', async (tx) => {
    const before = await getFinancePermission(tx, input.username);
    // Finance visibility is granted only by an account that holds it itself (the app, or the app's team).
    await authorize(tx, actor, 'change the finance visibility of', input.username, (held) => ({ ...held, financeApps: input.apps, financeTeams: input.teams }));
    await checkReferences(tx, { apps: { apps: added(input.apps, before.apps) }, teams: { teams: added(input.teams, before.teams) } });
    await tx.query('UPDATE accounts SET finance_apps = $2::jsonb, finance_teams = $3::jsonb WHERE username = $1', [input.username, JSON.stringify(input.apps), JSON.stringify(input.teams)]);
  });
  return getFinancePermission(db, input.username);
}

export async function suggestAccounts(db: Sql, q: string) {
  return db.query<{ username: string; name: string; role: string }>(
    `SELECT username, name, role FROM accounts WHERE active AND ($1 = '' OR username ILIKE '%' || $1 || '%' OR name ILIKE '%' || $1 || '%')
      ORDER BY username LIMIT 20`,
    [q],
  );
}

export async function teamOptions(db: Sql) {
  const rows = await db.query<{ name: string }>('SELECT name FROM teams ORDER BY name');
  return rows.map((r) => ({ title: r.name, value: r.name }));
}

/** An administrator's unlock: every throttled pair of the username is cleared, with an audit row. */
export async function unlockAccount(db: Db, actor: Actor, username: string): Promise<{ username: string; cleared: number }> {
  return db.transaction(async (tx) => {
    const account = await tx.one<{ username: string }>('SELECT username FROM accounts WHERE lower(username) = lower($1)', [username]);
    if (!account) throw notFound(`Account "${username}" does not exist.`);
    // Unlocking lets sign-in attempts at the account start again: the same authority as a password reset.
    await authorize(tx, actor, 'unlock', account.username, unchanged);
    const cleared = await unlockUsername(tx, account.username);
    await auditAs(tx, actor, { action: 'unlock', entity: 'account', entityId: account.username, after: { cleared } });
    return { username: account.username, cleared };
  });
}

export async function lockedAccounts(db: Sql): Promise<string[]> {
  const names = await lockedUsernames(db);
  if (!names.size) return [];
  const rows = await db.query<{ username: string }>('SELECT username FROM accounts WHERE lower(username) IN (SELECT jsonb_array_elements_text($1::jsonb)) ORDER BY username', [JSON.stringify([...names])]);
  return rows.map((r) => r.username);
}
