import { appOptions } from '../resources/app-fields';
import { defineResource, type ResourceOption } from '../resources/define';
import { allAccountContract, deactivateAccountContract, deleteAccountContract, resetPasswordContract, saveAccountContract, unlockAccountContract, type AccountRow } from './contract';

/**
 * The admin accounts screen as a resource (src/lib/resources/define.ts): server paging, sorting, search and
 * role filter; one dialog that creates or edits an account through one transactional save; reset password
 * (shown once), deactivate and delete as row actions. Shared by browser and server.
 */

/** What the account screen's selects offer, and who is looking (nobody deactivates or deletes themself). */
export interface AccountContext {
  me: string;
  roles: string[];
  apps: { id: string; name: string }[];
  teams: string[];
}

const teamChoices = (ctx: AccountContext): ResourceOption[] => ctx.teams.map((t) => ({ label: t, value: t }));
const notMe = (row: AccountRow, ctx: AccountContext) => row.username === ctx.me;
const oneTimePassword = (username: string, secret: string) => ({
  title: 'One-time password',
  text: `Give this password to ${username}. It is shown only now; they should change it after signing in.`,
  secret,
});

export const accountsResource = defineResource({
  id: 'accounts',
  singular: 'account',
  contracts: { list: allAccountContract, save: saveAccountContract, remove: deleteAccountContract },
  rowKey: (r) => r.username,
  rowLabel: (r) => r.username,
  listInput: (_ctx: AccountContext, { filter }) => ({ role: filter ?? undefined }),
  search: { param: 'textSearch' },
  filter: { label: 'Filter by role', placeholder: 'All roles', options: (ctx) => ctx.roles.map((r) => ({ label: r, value: r })) },
  serverSort: { param: 'sort', orderParam: 'order', field: 'username', order: 'asc' },
  pageSize: 20,
  // An admin looks one account up among many: username, status and the actions, nothing to scroll to.
  phone: { layout: 'priority', keep: [] },
  columns: [
    { key: 'username', label: 'Username', sortable: true },
    { key: 'name', label: 'Name', sortable: true },
    { key: 'role', label: 'Role', sortable: true },
    { key: 'apps', label: 'Apps', value: (r) => (r.canViewAllApp ? 'All apps' : `${r.listApp.length} app${r.listApp.length === 1 ? '' : 's'}`) },
    { key: 'active', label: 'Status', show: 'status', value: (r) => (!r.active ? 'Deactivated' : r.locked ? 'Sign-in blocked' : 'Active'), severity: (s) => (s === 'Active' ? 'success' : s === 'Deactivated' ? 'danger' : 'warning') },
    { key: 'lastLoginAt', label: 'Last sign-in (UTC+7)', show: 'dateTime', sortable: true },
  ],
  form: [
    { key: 'username', label: 'Username', input: 'text', createOnly: true },
    { key: 'name', label: 'Name', input: 'text', createOnly: true, help: 'Changed by the account itself in its profile.' },
    { key: 'role', label: 'Role', input: 'select', options: (ctx) => ctx.roles.map((r) => ({ label: r, value: r })) },
    { key: 'password', label: 'Password', input: 'password', hideOnEdit: true, omitEmpty: true, placeholder: 'Leave empty to generate a one-time password' },
    { key: 'canViewAllApp', label: 'All apps', input: 'checkbox', help: 'Sees every app, present and future.' },
    { key: 'listApp', label: 'Apps', input: 'multi', options: appOptions, placeholder: 'Apps this account sees', disabledWhen: (v) => Boolean(v.canViewAllApp) },
    { key: 'followTeam', label: 'Followed teams', input: 'multi', options: (ctx) => [{ label: 'All', value: 'all' }, ...teamChoices(ctx)], placeholder: 'Teams' },
    { key: 'financeApps', label: 'Finance apps', input: 'multi', options: appOptions, placeholder: 'Apps in finance reports' },
    { key: 'financeTeams', label: 'Finance teams', input: 'multi', options: teamChoices, placeholder: 'Teams in finance reports' },
  ],
  initial: () => ({ username: '', name: '', role: undefined, canViewAllApp: false, listApp: [], followTeam: [], financeApps: [], financeTeams: [] }),
  fixed: (_ctx, row) => ({ isNew: row === null }),
  saved: (data) => {
    const { account, password } = data as { account: AccountRow; password: string | null };
    return { row: account, reveal: password ? oneTimePassword(account.username, password) : null };
  },
  removable: (row, ctx) => !notMe(row, ctx),
  createLabel: 'Add account',
  confirm: { header: () => 'Delete account', message: (r) => `Delete the account ${r.username}? This cannot be undone.` },
  toasts: { created: () => 'Account created', saved: () => 'Account updated', removed: () => 'Account deleted' },
  removeInput: (r) => ({ username: r.username }),
  empty: 'No account yet.',
  rowActions: [
    {
      id: 'unlock',
      label: 'Unblock sign-in',
      name: (r) => `Unblock sign-in of ${r.username}`,
      icon: 'pi pi-lock-open',
      compact: true,
      contract: unlockAccountContract,
      input: (r) => ({ username: r.username }),
      hidden: (r) => !r.locked,
      done: (r) => ({ severity: 'success', text: `${r.username} can sign in again from every address` }),
    },
    {
      id: 'reset-password',
      label: 'Reset password',
      name: (r) => `Reset password of ${r.username}`,
      icon: 'pi pi-key',
      compact: true,
      contract: resetPasswordContract,
      input: (r) => ({ username: r.username }),
      confirm: { header: 'Reset password', message: (r) => `Reset the password of ${r.username}? Their sessions end and a one-time password is shown once.` },
      done: (r, data) => ({ severity: 'success', text: `Password of ${r.username} reset`, reveal: oneTimePassword(r.username, (data as { password: string }).password) }),
    },
    {
      id: 'active',
      label: (r) => (r.active ? 'Deactivate' : 'Activate'),
      icon: (r) => (r.active ? 'pi pi-ban' : 'pi pi-check'),
      severity: (r) => (r.active ? 'warning' : 'success'),
      compact: true,
      contract: deactivateAccountContract,
      input: (r) => ({ username: r.username, active: !r.active }),
      hidden: notMe,
      done: (r) => ({ severity: 'success', text: r.active ? 'Account deactivated' : 'Account activated' }),
    },
  ],
  idPrefix: 'acc',
});
