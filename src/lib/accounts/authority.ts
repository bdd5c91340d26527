import type { Actor } from '../auth/types';
import { isPathPermitted } from '../routes';
import type { Sql } from '../server/db';
import { badRequest, HttpError } from '../server/errors';

/**
 * Who may change whom: ONE decision for every account and role write (docs/security.md, "Account and role
 * administration"). A non-root actor may change, demote, reset, deactivate, unlock or delete only an account
 * whose every path, action, app and finance grant it holds itself — judged on the target as it IS and as it
 * WOULD BE after the whole change, so a chain of small steps (demote, then empty the apps, then reset the
 * password) cannot walk a stronger account down to something the actor may take over. Only root changes
 * root, only root hands out account or role administration, and only root edits a role that grants either
 * or the admin role's grants.
 */

/** Actions that hand out power over accounts and roles themselves. */
export const POWER_ACTIONS = ['account_manage', 'role_manage'] as const;

/** The role whose grants only root edits (the console's second-strongest role, spec section 6). */
export const ADMIN_ROLE = 'admin';

/** Everything an account holds: its role's grants and its own, its apps and its finance visibility. */
export interface Holdings {
  username: string;
  role: string;
  rolePaths: readonly string[];
  roleActions: readonly string[];
  /** The account's own paths. */
  paths: readonly string[];
  /** The account's own private actions and permissions. */
  actions: readonly string[];
  canViewAllApp: boolean;
  listApp: readonly string[];
  financeApps: readonly string[];
  financeTeams: readonly string[];
}

/** A role's own grants. */
export interface RoleGrants {
  paths: readonly string[];
  actions: readonly string[];
}

/** App id → team name, for finance grants given by team. */
export type TeamOf = (appId: string) => string | undefined;

const isRoot = (h: Pick<Holdings, 'role'>) => h.role === 'root';
const unique = (xs: readonly string[]) => [...new Set(xs)];
const effectivePaths = (h: Holdings) => unique([...h.rolePaths, ...h.paths]);
const effectiveActions = (h: Holdings) => unique([...h.roleActions, ...h.actions]);
const list = (xs: readonly string[]) => unique(xs).slice(0, 10).join(', ');

function pathsNotHeld(actor: Holdings, paths: readonly string[]): string[] {
  const held = { role: actor.role, paths: effectivePaths(actor) };
  return paths.filter((p) => !isPathPermitted(p, held));
}

function actionsNotHeld(actor: Holdings, actions: readonly string[]): string[] {
  const held = new Set(effectiveActions(actor));
  return actions.filter((a) => !held.has(a));
}

/** What of `grants` (a role's paths and actions) the actor does not hold itself. */
export function grantsNotHeld(actor: Holdings, grants: RoleGrants): string[] {
  if (isRoot(actor)) return [];
  return unique([...actionsNotHeld(actor, grants.actions), ...pathsNotHeld(actor, grants.paths)]);
}

/**
 * What of the subject's holdings the actor does not hold itself, named as a person reads them: a path, an
 * action, "canViewAllApp", an app id, "finance: <app or team>". The role's grants and the subject's own are
 * kept apart so a refusal can say which carried the excess.
 */
export function holdingsNotHeld(actor: Holdings, subject: Holdings, teamOf: TeamOf): { role: string[]; own: string[] } {
  if (isRoot(actor)) return { role: [], own: [] };
  if (isRoot(subject)) return { role: ['the root role'], own: [] };
  const role = grantsNotHeld(actor, { paths: subject.rolePaths, actions: subject.roleActions });
  const own = [...actionsNotHeld(actor, subject.actions), ...pathsNotHeld(actor, subject.paths)];
  if (!actor.canViewAllApp) {
    if (subject.canViewAllApp) own.push('canViewAllApp');
    else own.push(...subject.listApp.filter((app) => !actor.listApp.includes(app)));
  }
  const financeTeamHeld = (team: string | undefined) => team !== undefined && actor.financeTeams.includes(team);
  own.push(
    ...subject.financeApps.filter((app) => !actor.financeApps.includes(app) && !financeTeamHeld(teamOf(app))).map((app) => `finance: ${app}`),
    ...subject.financeTeams.filter((team) => !financeTeamHeld(team)).map((team) => `finance: ${team}`),
  );
  return { role: unique(role), own: unique(own) };
}

/** One change to one account: the target as it is (null when created) and as it would be (null when deleted). */
export interface AccountChange {
  /** What the actor does, as the refusal says it: "change", "reset the password of", "delete"… */
  verb: string;
  username: string;
  before: Holdings | null;
  after: Holdings | null;
}

/** Why a non-root actor may not make this change, or null when it may. Pure: the table-driven tests walk it. */
export function accountChangeRefusal(actor: Holdings, change: AccountChange, teamOf: TeamOf): string | null {
  if (isRoot(actor)) return null;
  const { before, after } = change;
  if ((before && isRoot(before)) || (after && isRoot(after))) {
    return before && after && isRoot(before) !== isRoot(after) ? 'Only a root account can grant or take away the root role.' : `Only a root account can ${change.verb} a root account.`;
  }
  if (before) {
    const beyond = holdingsNotHeld(actor, before, teamOf);
    const all = [...beyond.role, ...beyond.own];
    if (all.length) return `You cannot ${change.verb} "${change.username}": it holds what your own account does not (${list(all)}).`;
  }
  if (after) {
    const had = new Set(before ? effectiveActions(before) : []);
    const power = POWER_ACTIONS.filter((p) => effectiveActions(after).includes(p) && !had.has(p));
    if (power.length) return `Only a root account can grant ${power.join(', ')}${power.every((p) => after.roleActions.includes(p)) ? ` (role "${after.role}")` : ''}.`;
    const beyond = holdingsNotHeld(actor, after, teamOf);
    if (beyond.role.length) return `You cannot grant what your own account does not hold: ${list(beyond.role)} (role "${after.role}").`;
    if (beyond.own.length) return `You cannot grant what your own account does not hold: ${list(beyond.own)}.`;
  }
  return null;
}

/** One change to one role, with the accounts that hold it (each changes with it). */
export interface RoleChange {
  name: string;
  before: RoleGrants | null;
  after: RoleGrants | null;
  accounts: readonly Holdings[];
}

const sameGrants = (a: RoleGrants | null, b: RoleGrants | null) =>
  JSON.stringify([unique(a?.paths ?? []).sort(), unique(a?.actions ?? []).sort()]) === JSON.stringify([unique(b?.paths ?? []).sort(), unique(b?.actions ?? []).sort()]);

/** Why a non-root actor may not make this role change, or null when it may. */
export function roleChangeRefusal(actor: Holdings, change: RoleChange, teamOf: TeamOf): string | null {
  if (isRoot(actor)) return null;
  const { name, before, after } = change;
  if (name === 'root') return 'The root role has every permission and cannot be edited.';
  if (name === ADMIN_ROLE && !sameGrants(before, after)) return `Only a root account can change the grants of the ${ADMIN_ROLE} role.`;
  const power = POWER_ACTIONS.filter((p) => before?.actions.includes(p) || after?.actions.includes(p));
  if (power.length) return `Only a root account can edit a role that grants ${power.join(', ')} (role "${name}").`;
  const lost = before ? grantsNotHeld(actor, before) : [];
  if (lost.length) return `You cannot change role "${name}": it grants what your own account does not (${list(lost)}).`;
  const gained = after ? grantsNotHeld(actor, after) : [];
  if (gained.length) return `You cannot grant what your own account does not hold: ${list(gained)} (role "${name}").`;
  for (const account of change.accounts) {
    const moved = after ? { ...account, rolePaths: after.paths, roleActions: after.actions } : null;
    const refusal = accountChangeRefusal(actor, { verb: `change role "${name}" of`, username: account.username, before: account, after: moved }, teamOf);
    if (refusal) return refusal;
  }
  return null;
}

// ---- Loading what the decision needs, inside the caller's transaction ----

interface HoldingsRow {
  username: string; role: string; paths: string[]; private_actions: string[]; permissions: string[]; can_view_all_app: boolean;
  list_app: string[]; finance_apps: string[]; finance_teams: string[]; role_paths: string[] | null; role_actions: string[] | null;
}

const HOLDINGS_SQL = `SELECT a.username, a.role, a.paths, a.private_actions, a.permissions, a.can_view_all_app, a.list_app, a.finance_apps,
  a.finance_teams, r.paths AS role_paths, r.private_actions AS role_actions
  FROM accounts a LEFT JOIN roles r ON r.name = a.role`;

const toHoldings = (r: HoldingsRow): Holdings => ({
  username: r.username, role: r.role, rolePaths: r.role_paths ?? [], roleActions: r.role_actions ?? [], paths: r.paths,
  actions: unique([...r.private_actions, ...r.permissions]), canViewAllApp: r.can_view_all_app, listApp: r.list_app,
  financeApps: r.finance_apps, financeTeams: r.finance_teams,
});

/**
 * An account's holdings as stored now. `lock` takes the row for the rest of the transaction, so two
 * administrators changing one account are judged one after the other, each on what the other left.
 */
export async function holdingsOf(tx: Sql, username: string, lock = false): Promise<Holdings | null> {
  const row = await tx.one<HoldingsRow>(`${HOLDINGS_SQL} WHERE a.username = $1${lock ? ' FOR UPDATE OF a' : ''}`, [username]);
  return row ? toHoldings(row) : null;
}

/** The holdings of every account of a role (locked: the role change reaches each of them). */
export async function holdingsOfRole(tx: Sql, role: string): Promise<Holdings[]> {
  return (await tx.query<HoldingsRow>(`${HOLDINGS_SQL} WHERE a.role = $1 ORDER BY a.username FOR UPDATE OF a`, [role])).map(toHoldings);
}

/** The grants of the role an account is given, as stored now; 400 when no such role exists. */
export async function grantsOfGivenRole(tx: Sql, role: string): Promise<RoleGrants> {
  const row = await tx.one<{ paths: string[]; private_actions: string[] }>('SELECT paths, private_actions FROM roles WHERE name = $1', [role]);
  if (!row) throw badRequest(`role: "${role}" does not exist.`);
  return { paths: row.paths, actions: row.private_actions };
}

async function teamLookup(tx: Sql): Promise<TeamOf> {
  const rows = await tx.query<{ id: string; team: string | null }>('SELECT a.id, t.name AS team FROM apps a LEFT JOIN teams t ON t.id = a.team_id');
  const byApp = new Map(rows.map((r) => [r.id, r.team ?? undefined]));
  return (app) => byApp.get(app);
}

/** The actor as stored now: a session may be a moment older than a change to its own account. */
async function actorHoldings(tx: Sql, actor: Actor): Promise<Holdings> {
  const held = await holdingsOf(tx, actor.account.username);
  if (!held) throw new HttpError(403, 'Your account no longer exists.');
  return held;
}

/** Throws 403 when the actor may not make this account change. Every account write calls it. */
export async function authorizeAccountChange(tx: Sql, actor: Actor, change: AccountChange): Promise<void> {
  if (actor.account.role === 'root') return;
  const refusal = accountChangeRefusal(await actorHoldings(tx, actor), change, await teamLookup(tx));
  if (refusal) throw new HttpError(403, refusal);
}

/** Throws 403 when the actor may not make this role change (the role's accounts are locked and judged too). */
export async function authorizeRoleChange(tx: Sql, actor: Actor, change: Omit<RoleChange, 'accounts'>): Promise<void> {
  if (actor.account.role === 'root') return;
  const accounts = await holdingsOfRole(tx, change.name);
  const refusal = roleChangeRefusal(await actorHoldings(tx, actor), { ...change, accounts }, await teamLookup(tx));
  if (refusal) throw new HttpError(403, refusal);
}
