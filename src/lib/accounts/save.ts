import type { Actor } from '../auth/types';
import { joinTransaction, type Db } from '../server/db';
import { badRequest, notFound } from '../server/errors';
import { authorizeAccountChange, holdingsOf, grantsOfGivenRole } from './authority';
import { createAccount, getAccount, setViewAllApps, updateAccount, updateFinancePermission, updateListApp } from './admin-service';
import type { AccountRow } from './contract';

export interface AccountSave {
  isNew: boolean;
  username: string;
  name: string;
  role: string;
  password?: string;
  canViewAllApp: boolean;
  listApp: string[];
  followTeam: string[];
  financeApps: string[];
  financeTeams: string[];
}

const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

/**
 * The account dialog's save: the spec's per-part changes (create, role, apps and teams, all-apps, finance
 * visibility) run as one transaction, each through its own service with its own guards and audit row, and
 * only the parts that changed. A refusal of any part (a grant the actor does not hold, the last root) undoes
 * the whole save.
 */
export async function saveAccount(db: Db, actor: Actor, input: AccountSave): Promise<{ account: AccountRow; password: string | null }> {
  if (!input.isNew && input.password) throw badRequest('password: an existing account\'s password is changed with "Reset password".');
  return db.transaction(async (tx) => {
    const joined = joinTransaction(tx, db.kind);
    // The whole save is judged once, on the account as it is and as it will be; each part's own service then
    // judges its step again (a step alone could look harmless once an earlier one has changed the target).
    const held = input.isNew ? null : await holdingsOf(tx, input.username, true);
    if (!input.isNew && !held) throw notFound(`Account "${input.username}" does not exist.`);
    const role = await grantsOfGivenRole(tx, input.role);
    await authorizeAccountChange(tx, actor, {
      verb: input.isNew ? 'create' : 'change', username: input.username, before: held,
      after: {
        username: input.username, paths: held?.paths ?? [], actions: held?.actions ?? [], role: input.role, rolePaths: role.paths, roleActions: role.actions,
        canViewAllApp: input.canViewAllApp, listApp: input.listApp, financeApps: input.financeApps, financeTeams: input.financeTeams,
      },
    });
    let password: string | null = null;
    let before: AccountRow;
    if (input.isNew) {
      const created = await createAccount(joined, actor, {
        username: input.username, role: input.role, name: input.name, password: input.password, canViewAllApp: input.canViewAllApp, listApp: input.listApp, paths: [], privateActions: [],
      });
      password = created.password;
      before = created.account;
    } else {
      before = await getAccount(tx, input.username);
      if (before.role !== input.role) {
        await updateAccount(joined, actor, { username: input.username, role: input.role, paths: before.paths, privateActions: before.privateActions, permissions: before.permissions });
      }
      if (before.canViewAllApp !== input.canViewAllApp) await setViewAllApps(joined, actor, { username: input.username, canViewAllApp: input.canViewAllApp });
    }
    if (!same(before.listApp, input.listApp) || !same(before.followTeam, input.followTeam)) {
      await updateListApp(joined, actor, { username: input.username, listApp: input.listApp, followTeam: input.followTeam });
    }
    if (!same(before.financeApps, input.financeApps) || !same(before.financeTeams, input.financeTeams)) {
      await updateFinancePermission(joined, actor, { username: input.username, apps: input.financeApps, teams: input.financeTeams });
    }
    return { account: await getAccount(tx, input.username), password };
  });
}
