import { describe, expect, it } from 'vitest';
import {
  accountInfoContract, allAccountContract, changeProfileContract, createAccountContract, deactivateAccountContract, deleteAccountContract,
  financePermissionGetContract, financePermissionUpdateContract, resetPasswordContract, saveAccountContract, suggestContract, updateAccountContract,
  teamOptionsContract, updateExcludeTeamsContract, updateListAppContract, viewAppContract,
} from '../../src/lib/accounts/contract';
import { accountLogContract } from '../../src/lib/logs/contract';
import { basePermissionContract, deleteRoleContract, listRolesContract, roleDetailContract, rolePermissionContract, saveRoleContract } from '../../src/lib/roles/contract';
import { listTeamsContract, saveTeamContract } from '../../src/lib/config-data/contract';
import { PRIVATE_ACTIONS } from '../../src/lib/permissions';
import { ownAccount, raw, rejection, signedInAs, tokensFor, uniqueName } from './helpers';

describe('accounts', () => {
  it('lists with text search, role filter, paging and sorting', async () => {
    const root = await signedInAs('root');
    const all = await root(allAccountContract, { limit: 3, sort: 'username', order: 'asc' });
    expect(all.totalRecord).toBeGreaterThanOrEqual(8);
    expect(all.data.map((a) => a.username)).toEqual([...all.data.map((a) => a.username)].sort());
    expect(all.data).toHaveLength(3);
    const byRole = await root(allAccountContract, { role: 'statistic' });
    // Other test files add accounts of their own to the shared server: the filter keeps exactly that role's.
    expect(byRole.data.map((a) => a.username)).toContain('analyst');
    expect(byRole.data.map((a) => a.username)).not.toContain('pm');
    expect(new Set(byRole.data.map((a) => a.role))).toEqual(new Set(['statistic']));
    const byText = await root(allAccountContract, { textSearch: 'Giang' });
    expect(byText.data.map((a) => a.username)).toEqual(['pm']);
    const desc = await root(allAccountContract, { sort: 'username', order: 'desc', limit: 1 });
    expect(desc.data[0]!.username > all.data[0]!.username).toBe(true);
  });

  it('creates an account with a one-time password shown once, and it can sign in', async () => {
    const root = await signedInAs('root');
    const { data } = await root(createAccountContract, { username: 'newbie', role: 'pm', name: 'New Bie' });
    expect(data.password).toMatch(/^[\w-]{12}$/);
    expect(data.account).toMatchObject({ username: 'newbie', role: 'pm', active: true });
    await tokensFor('newbie', data.password!);
    const again = await rejection(root(createAccountContract, { username: 'newbie', role: 'pm' }));
    expect(again.status).toBe(409);
    const badRole = await rejection(root(createAccountContract, { username: 'ghost', role: 'no-such-role' }));
    expect(badRole.status).toBe(400);
    expect(badRole.message).toContain('role');
    const badName = await raw('POST', '/api/adminAccount/create', { token: root.tokens.accessToken, body: JSON.stringify({ username: 'a b', role: 'pm' }) });
    expect(badName.status).toBe(400);
    expect(badName.json.message).toContain('username');
  });

  it('the account dialog\'s one save creates or edits every part at once, and a refused part leaves nothing changed', async () => {
    const root = await signedInAs('root');
    const username = uniqueName('acc-save');
    const created = await root(saveAccountContract, {
      isNew: true, username, name: 'Saved Once', role: 'tester', canViewAllApp: false,
      listApp: ['com.gsm.tilematch'], followTeam: ['all'], financeApps: ['com.gsm.idleminer'], financeTeams: [],
    });
    expect(created.data.password).toMatch(/^[\w-]{12}$/);
    expect(created.data.account).toMatchObject({ username, name: 'Saved Once', role: 'tester', listApp: ['com.gsm.tilematch'], followTeam: ['all'], financeApps: ['com.gsm.idleminer'] });
    expect((await root(financePermissionGetContract, { username })).data.apps).toEqual(['com.gsm.idleminer']);

    // An account administrator that sees one app: the role it may grant, but not an app it does not see. It
    // changes only accounts it holds whole, so root first moves the account to a role with nothing in it.
    const grantable = uniqueName('acc-save-role');
    await root(saveRoleContract, { name: grantable, paths: [], privateActions: [] });
    const start = uniqueName('acc-save-start');
    await root(saveRoleContract, { name: start, paths: [], privateActions: [] });
    await root(saveAccountContract, { isNew: false, username, name: 'Saved Once', role: start, canViewAllApp: false, listApp: ['com.gsm.tilematch'], followTeam: ['all'], financeApps: [], financeTeams: [] });
    const admin = await ownAccount('acc-save-admin', { paths: ['/adminAccount/account'], privateActions: ['account_manage'], listApp: ['com.gsm.tilematch'] });
    const edit = { isNew: false, username, name: 'Saved Once', role: grantable, canViewAllApp: false, followTeam: [], financeApps: [], financeTeams: [] };
    const refused = await rejection(admin(saveAccountContract, { ...edit, listApp: ['com.gsm.tilematch', 'com.gsm.idleminer'] }));
    expect([refused.status, refused.serverMessage]).toEqual([403, 'You cannot grant what your own account does not hold: com.gsm.idleminer.']);
    const unchanged = (await root(allAccountContract, { textSearch: username })).data[0]!;
    expect(unchanged).toMatchObject({ role: start, listApp: ['com.gsm.tilematch'], followTeam: ['all'], financeApps: [] });

    const saved = await admin(saveAccountContract, { ...edit, listApp: ['com.gsm.tilematch'] });
    expect(saved.data).toMatchObject({ password: null, account: { role: grantable, followTeam: [], financeApps: [] } });
    const password = await rejection(root(saveAccountContract, { ...edit, listApp: [], password: 'a-new-passphrase-1' }));
    expect([password.status, password.serverMessage]).toEqual([400, 'password: an existing account\'s password is changed with "Reset password".']);
  });

  it('resets a password: the old one stops working and sessions end', async () => {
    const root = await signedInAs('root');
    await root(createAccountContract, { username: 'resetme', role: 'tester', password: 'first-passphrase-1' });
    const session = await tokensFor('resetme', 'first-passphrase-1');
    const { data } = await root(resetPasswordContract, { username: 'resetme' });
    expect((await raw('GET', '/api/adminAccount/info', { token: session.accessToken })).status).toBe(401);
    await tokensFor('resetme', data.password);
  });

  it('deactivation ends the sessions at once and refuses sign-in; reactivation restores it', async () => {
    const root = await signedInAs('root');
    await root(createAccountContract, { username: 'leaver', role: 'tester', password: 'leaver-passphrase-1' });
    const session = await tokensFor('leaver', 'leaver-passphrase-1');
    await root(deactivateAccountContract, { username: 'leaver', active: false });
    expect((await raw('GET', '/api/adminAccount/info', { token: session.accessToken })).status).toBe(401);
    const refused = await raw('POST', '/api/auth/login', { body: JSON.stringify({ username: 'leaver', password: 'leaver-passphrase-1' }) });
    expect(refused.status).toBe(401);
    expect(refused.json.message).toMatch(/deactivated/);
    await root(deactivateAccountContract, { username: 'leaver', active: true });
    await tokensFor('leaver', 'leaver-passphrase-1');
  });

  const LAST_ROOT = 'This is the last active root account: it cannot be deleted, deactivated or demoted.';
  /** The active root accounts, by name. */
  const activeRoots = async () => (await (await signedInAs('root'))(allAccountContract, { role: 'root', limit: 100 })).data.filter((a) => a.active).map((a) => a.username);

  it('refuses with 409 to deactivate, delete or demote the last active root, whoever asks', async () => {
    // An account administrator of this suite (account_manage, not root): only the last-root rule stands in its way.
    const accountAdmin = await ownAccount('acc-admin', { paths: ['/adminAccount/account'], privateActions: ['account_manage'] });
    expect(await activeRoots(), 'the demo root must be the only active root here').toEqual(['root']);
    const deactivate = await rejection(accountAdmin(deactivateAccountContract, { username: 'root', active: false }));
    expect([deactivate.status, deactivate.message]).toEqual([409, LAST_ROOT]);
    const remove = await rejection(accountAdmin(deleteAccountContract, { username: 'root' }));
    expect([remove.status, remove.message]).toEqual([409, LAST_ROOT]);
    const demote = await rejection(accountAdmin(updateAccountContract, { username: 'root', role: 'pm', paths: [], privateActions: [] }));
    expect([demote.status, demote.message]).toEqual([409, LAST_ROOT]);
    expect(await activeRoots()).toEqual(['root']);
    expect((await (await signedInAs('root'))(accountInfoContract)).data.role).toBe('root');
  });

  it('leaves a root that is not the last one to root accounts (403 to other account administrators)', async () => {
    const root = await signedInAs('root');
    const accountAdmin = await ownAccount('acc-admin', { paths: ['/adminAccount/account'], privateActions: ['account_manage'] });
    const second = uniqueName('acc-root');
    await root(createAccountContract, { username: second, role: 'root', password: 'second-root-passphrase' });
    try {
      const deactivate = await rejection(accountAdmin(deactivateAccountContract, { username: second, active: false }));
      expect([deactivate.status, deactivate.serverMessage]).toEqual([403, 'Only a root account can deactivate a root account.']);
      const remove = await rejection(accountAdmin(deleteAccountContract, { username: second }));
      expect([remove.status, remove.serverMessage]).toEqual([403, 'Only a root account can delete a root account.']);
      const demote = await rejection(accountAdmin(updateAccountContract, { username: second, role: 'pm', paths: [], privateActions: [] }));
      expect([demote.status, demote.serverMessage]).toEqual([403, 'Only a root account can grant or take away the root role.']);
      // A root may: demote the second root, then it is an ordinary account.
      expect((await root(updateAccountContract, { username: second, role: 'pm', paths: [], privateActions: [] })).data.role).toBe('pm');
    } finally {
      await root(deleteAccountContract, { username: second });
    }
    expect(await activeRoots()).toEqual(['root']);
  });

  it('refuses with 403 to delete or deactivate oneself or change one\'s own role, root or not', async () => {
    const root = await signedInAs('root');
    const selfRoot = uniqueName('acc-self');
    await root(createAccountContract, { username: selfRoot, role: 'root', password: 'self-root-passphrase' });
    try {
      const me = await signedInAs(selfRoot, 'self-root-passphrase');
      const remove = await rejection(me(deleteAccountContract, { username: selfRoot }));
      expect([remove.status, remove.serverMessage]).toEqual([403, 'You cannot delete your own account.']);
      const deactivate = await rejection(me(deactivateAccountContract, { username: selfRoot, active: false }));
      expect([deactivate.status, deactivate.serverMessage]).toEqual([403, 'You cannot deactivate your own account.']);
      const demote = await rejection(me(updateAccountContract, { username: selfRoot, role: 'pm', paths: [], privateActions: [] }));
      expect([demote.status, demote.serverMessage]).toEqual([403, 'You cannot change your own role.']);
      expect((await me(accountInfoContract)).data.role).toBe('root');
    } finally {
      await root(deleteAccountContract, { username: selfRoot });
    }
    const accountAdmin = await ownAccount('acc-admin', { paths: ['/adminAccount/account'], privateActions: ['account_manage'] });
    const ownRole = await rejection(accountAdmin(updateAccountContract, { username: accountAdmin.username, role: 'pm', paths: [], privateActions: [] }));
    expect([ownRole.status, ownRole.serverMessage]).toEqual([403, 'You cannot change your own role.']);
    const ownDelete = await rejection(accountAdmin(deleteAccountContract, { username: accountAdmin.username }));
    expect([ownDelete.status, ownDelete.serverMessage]).toEqual([403, 'You cannot delete your own account.']);
  });

  it('updates apps, followed teams, excluded teams, view-all and finance permissions', async () => {
    const root = await signedInAs('root');
    const own = await ownAccount('acc-apps', { role: 'tester' });
    const listApp = await root(updateListAppContract, { username: own.username, listApp: ['com.gsm.tilematch'], followTeam: ['all'] });
    expect(listApp.data).toMatchObject({ listApp: ['com.gsm.tilematch'], followTeam: ['all'] });
    const excluded = await root(updateExcludeTeamsContract, { username: own.username, excludeTeams: ['Idle Team'] });
    expect(excluded.data.excludeTeams).toEqual(['Idle Team']);
    const viewAll = await root(viewAppContract, { username: own.username, canViewAllApp: true });
    expect(viewAll.data.canViewAllApp).toBe(true);
    await root(financePermissionUpdateContract, { username: own.username, apps: ['com.gsm.tilematch'], teams: ['Puzzle Team'] });
    const finance = await root(financePermissionGetContract, { username: own.username });
    expect(finance.data).toEqual({ username: own.username, apps: ['com.gsm.tilematch'], teams: ['Puzzle Team'] });
    const info = await own(accountInfoContract);
    expect(info.data).toMatchObject({ role: 'tester', listApp: ['com.gsm.tilematch'], followTeam: ['all'], excludeTeams: ['Idle Team'], canViewAllApp: true });
  });

  it('lets anyone edit their own profile but only account managers edit others', async () => {
    const [self, other] = [await ownAccount('acc-profile'), await ownAccount('acc-profile')];
    const own = await self(changeProfileContract, { name: 'Binh T.', avatar: '', introduction: 'Analyst' });
    expect(own.data).toMatchObject({ username: self.username, name: 'Binh T.', introduction: 'Analyst' });
    const refused = await rejection(self(changeProfileContract, { username: other.username, name: 'Hacked' }));
    expect([refused.status, refused.message]).toEqual([403, 'Permission invalid']);
    expect((await other(accountInfoContract)).data.name).toBe('');
    const badAvatar = await rejection(self(changeProfileContract, { name: 'x', avatar: 'javascript:alert(1)' }));
    expect(badAvatar.status).toBe(400);
    expect(badAvatar.message).toContain('avatar');
    const manager = await ownAccount('acc-manager', { paths: ['/adminAccount/account'], privateActions: ['account_manage'] });
    expect((await manager(changeProfileContract, { username: other.username, name: 'Set by a manager' })).data.name).toBe('Set by a manager');
  });

  it('suggests active accounts for pickers to accounts that may open the account list', async () => {
    const lister = await ownAccount('acc-suggest', { paths: ['/adminAccount/account'] });
    const { data } = await lister(suggestContract, { q: 'mark' });
    expect(data).toEqual([{ username: 'marketing', name: 'Khanh Bui', role: 'PO-Marketing' }]);
  });

  it('records every change in the account log with before and after', async () => {
    const root = await signedInAs('root');
    const own = await ownAccount('acc-log', { role: 'pm' });
    await root(viewAppContract, { username: own.username, canViewAllApp: true });
    const { data } = await root(accountLogContract, { entity: 'account', action: 'view_app', username: 'root' });
    const entries = data.filter((e) => e.entityId === own.username);
    expect(entries).toHaveLength(1);
    expect((entries[0]!.before as { canViewAllApp: boolean }).canViewAllApp).toBe(false);
    expect((entries[0]!.after as { canViewAllApp: boolean }).canViewAllApp).toBe(true);
  });
});

describe('roles', () => {
  it('creates a role with two paths; its accounts see exactly those routes and lose them when it changes', async () => {
    const root = await signedInAs('root');
    const saved = await root(saveRoleContract, { name: 'qa-lead', description: 'QA lead', paths: ['/test/testing', '/gsm/analytic/level'], privateActions: ['export_report'] });
    expect(saved.data).toMatchObject({ name: 'qa-lead', accountCount: 0 });
    await root(createAccountContract, { username: 'qalead', role: 'qa-lead', password: 'qa-lead-passphrase' });
    const qa = await signedInAs('qalead', 'qa-lead-passphrase');
    expect((await qa(accountInfoContract)).data.paths).toEqual(['/test/testing', '/gsm/analytic/level']);
    await root(saveRoleContract, { name: 'qa-lead', description: 'QA lead', paths: ['/test/testing'], privateActions: [] });
    expect((await qa(accountInfoContract)).data.paths).toEqual(['/test/testing']);
    const perms = await root(rolePermissionContract, { role: 'qa-lead' });
    expect(perms.data).toEqual({ paths: ['/test/testing'], privateActions: [] });
    const roles = await root(listRolesContract);
    expect(roles.data.find((r) => r.name === 'qa-lead')!.accountCount).toBe(1);
  });

  it('refuses unknown paths and actions, editing root, and deleting a role in use', async () => {
    const root = await signedInAs('root');
    const badPath = await rejection(root(saveRoleContract, { name: 'x1', paths: ['/nowhere'], privateActions: [] }));
    expect(badPath.status).toBe(400);
    expect(badPath.message).toContain('/nowhere');
    const badAction = await rejection(root(saveRoleContract, { name: 'x1', paths: [], privateActions: ['fly'] }));
    expect(badAction.status).toBe(400);
    expect((await rejection(root(saveRoleContract, { name: 'root', paths: [], privateActions: [] }))).status).toBe(403);
    expect((await rejection(root(deleteRoleContract, { name: 'pm' }))).status).toBe(409);
    await root(saveRoleContract, { name: 'temp-role', paths: [], privateActions: [] });
    await root(deleteRoleContract, { name: 'temp-role' });
  });

  it('answers one role in detail with its account count; 404 for an unknown role, 400 for a bad name, 403 without the route', async () => {
    const root = await signedInAs('root');
    const name = uniqueName('detail-role');
    await root(saveRoleContract, { name, description: 'Role detail', paths: ['/gsm/analytic/level', '/test/testing'], privateActions: ['export_report'] });
    const expected = { name, description: 'Role detail', paths: ['/gsm/analytic/level', '/test/testing'], privateActions: ['export_report'], accountCount: 0 };
    expect((await root(roleDetailContract, { name })).data).toEqual(expected);
    await ownAccount('detail-member', { role: name });
    expect((await root(roleDetailContract, { name })).data).toEqual({ ...expected, accountCount: 1 });
    expect((await root(roleDetailContract, { name: 'statistic' })).data).toMatchObject({ name: 'statistic', privateActions: ['export_report', 'analytic_note_edit'] });
    const unknown = await rejection(root(roleDetailContract, { name: 'no-such-role' }));
    expect([unknown.status, unknown.message]).toEqual([404, 'Role "no-such-role" does not exist.']);
    const badName = await raw('GET', '/api/adminAccount/role/detail?name=a%20b', { token: root.tokens.accessToken });
    expect(badName.status).toBe(400);
    expect(badName.json.message).toContain('name');
    const outsider = await ownAccount('detail-outsider', { paths: ['/adminAccount/account'] });
    expect((await rejection(outsider(roleDetailContract, { name }))).status).toBe(403);
  });

  it('lists what can be granted: the visible route tree and every private action; each leaf is grantable', async () => {
    const root = await signedInAs('root');
    const { data } = await root(basePermissionContract);
    expect(data.privateActions).toEqual(Object.entries(PRIVATE_ACTIONS).map(([key, description]) => ({ key, description })));
    expect(data.privateActions).toHaveLength(23);
    type Node = { path: string; title: string; children?: Node[] };
    const leaves = (nodes: Node[]): string[] => nodes.flatMap((n) => (n.children ? leaves(n.children) : [n.path]));
    const paths = leaves(data.routes);
    expect(paths).toEqual(expect.arrayContaining(['/dashboard', '/adminAccount/account', '/adminAccount/permission', '/adminAccount/check_sdk', '/app_data/index', '/gsm/cohort/retention', '/job_schedule/index']));
    // Hidden routes are not offered.
    expect(paths).not.toContain('/app_data/sdk_version');
    expect(paths).not.toContain('/statistic/iapLog');
    expect(new Set(paths).size).toBe(paths.length);
    // Every offered leaf and action is accepted by the role editor, exactly as offered.
    const name = uniqueName('every-grant');
    const saved = await root(saveRoleContract, { name, paths, privateActions: data.privateActions.map((a) => a.key) });
    expect(saved.data).toMatchObject({ paths, privateActions: Object.keys(PRIVATE_ACTIONS) });
    const outsider = await ownAccount('base-outsider', { paths: ['/adminAccount/account'] });
    const refused = await rejection(outsider(basePermissionContract));
    expect([refused.status, refused.message]).toEqual([403, 'Permission invalid']);
  });
});

describe('team options', () => {
  it('answers every team name for the pickers to any signed-in account, and 401 without a session', async () => {
    const root = await signedInAs('root');
    const name = `Options ${uniqueName('team')}`;
    await root(saveTeamContract, { name });
    const own = await ownAccount('team-options'); // no route or action at all
    const { data } = await own(teamOptionsContract);
    const teams = (await root(listTeamsContract, {})).data.map((t) => t.name).sort();
    expect(data).toEqual(teams.map((t) => ({ title: t, value: t })));
    expect(data.map((o) => o.value)).toEqual(expect.arrayContaining(['Puzzle Team', 'Casual Team', 'Idle Team', name]));
    expect((await raw('GET', '/api/adminAccount/teamOptions')).status).toBe(401);
  });
});
