import { changePassword } from '../auth/service';
import { handle, type ApiHandler } from '../server/api/handler';
import { changeProfile, createAccount, deleteAccount, getFinancePermission, listAccounts, lockedAccounts, unlockAccount, resetPassword, setActive, setViewAllApps, suggestAccounts, teamOptions, updateAccount, updateExcludeTeams, updateFinancePermission, updateListApp } from './admin-service';
import { accountInfoContract, allAccountContract, changePasswordContract, changeProfileContract, createAccountContract, deactivateAccountContract, deleteAccountContract, financePermissionGetContract, financePermissionUpdateContract, lockedAccountsContract, resetPasswordContract, saveAccountContract, unlockAccountContract, suggestContract, teamOptionsContract, updateAccountContract, updateExcludeTeamsContract, updateListAppContract, viewAppContract } from './contract';
import { saveAccount } from './save';
import { accountInfoOf } from './service';

/** Admin accounts and the signed-in account's own profile and password. Listed in the area's manifest (./area.ts). */
export const accountsApi: ApiHandler[] = [
  handle(allAccountContract, async (input, ctx) => listAccounts(ctx.db, input)),
  handle(changePasswordContract, async ({ oldPassword, newPassword }, ctx) => {
    await changePassword(ctx.db, ctx.viewer, oldPassword, newPassword, ctx);
    return { data: { ok: true as const } };
  }),
  handle(changeProfileContract, async (input, ctx) => ({ data: await changeProfile(ctx.db, ctx.actor, input) })),
  handle(createAccountContract, async (input, ctx) => ({ data: await createAccount(ctx.db, ctx.actor, input) })),
  handle(deactivateAccountContract, async ({ username, active }, ctx) => ({ data: await setActive(ctx.db, ctx.actor, username, active) })),
  handle(deleteAccountContract, async ({ username }, ctx) => {
    await deleteAccount(ctx.db, ctx.actor, username);
    return { data: { username } };
  }),
  handle(financePermissionGetContract, async ({ username }, ctx) => ({ data: await getFinancePermission(ctx.db, username) })),
  handle(financePermissionUpdateContract, async (input, ctx) => ({ data: await updateFinancePermission(ctx.db, ctx.actor, input) })),
  handle(accountInfoContract, async (_input, ctx) => ({ data: await accountInfoOf(ctx.db, ctx.viewer) })),
  handle(resetPasswordContract, async ({ username }, ctx) => ({ data: { password: await resetPassword(ctx.db, ctx.actor, username) } })),
  handle(saveAccountContract, async (input, ctx) => ({ data: await saveAccount(ctx.db, ctx.actor, input) })),
  handle(suggestContract, async ({ q }, ctx) => ({ data: await suggestAccounts(ctx.db, q) })),
  handle(teamOptionsContract, async (_input, ctx) => ({ data: await teamOptions(ctx.db) })),
  handle(updateAccountContract, async (input, ctx) => ({ data: await updateAccount(ctx.db, ctx.actor, input) })),
  handle(updateListAppContract, async (input, ctx) => ({ data: await updateListApp(ctx.db, ctx.actor, input) })),
  handle(updateExcludeTeamsContract, async (input, ctx) => ({ data: await updateExcludeTeams(ctx.db, ctx.actor, input) })),
  handle(unlockAccountContract, async ({ username }, ctx) => ({ data: await unlockAccount(ctx.db, ctx.actor, username) })),
  handle(lockedAccountsContract, async (_input, ctx) => ({ data: await lockedAccounts(ctx.db) })),
  handle(viewAppContract, async (input, ctx) => ({ data: await setViewAllApps(ctx.db, ctx.actor, input) })),
];
