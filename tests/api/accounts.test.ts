import { describe, expect, it } from 'vitest';
import {
  accountInfoContract, allAccountContract, changeProfileContract, createAccountContract, deactivateAccountContract, deleteAccountContract,
  financePermissionGetContract, financePermissionUpdateContract, resetPasswordContract, suggestContract, updateAccountContract,
  updateExcludeTeamsContract, updateListAppContract, viewAppContract,
} from '../../src/lib/accounts/contract';
import type { ApiError } from '../../src/lib/http/requester';
import { accountLogContract } from '../../src/lib/logs/contract';
import { deleteRoleContract, listRolesContract, rolePermissionContract, saveRoleContract } from '../../src/lib/roles/contract';
import { raw, signedInAs, tokensFor } from './helpers';

const rejection = (promise: Promise<unknown>) => promise.then(() => { throw new Error('expected a rejection'); }, (error: ApiError) => error);

describe('accounts', () => {
  it('lists with text search, role filter, paging and sorting', async () => {
    const root = await signedInAs('root');
    const all = await root(allAccountContract, { limit: 3, sort: 'username', order: 'asc' });
    expect(all.totalRecord).toBeGreaterThanOrEqual(8);
    expect(all.data.map((a) => a.username)).toEqual([...all.data.map((a) => a.username)].sort());
    expect(all.data).toHaveLength(3);
    const byRole = await root(allAccountContract, { role: 'statistic' });
    expect(byRole.data.map((a) => a.username)).toEqual(['analyst']);
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

  it('never deletes, deactivates or demotes the last active root; nobody changes their own role', async () => {
    const root = await signedInAs('root');
    const selfDelete = await rejection(root(deleteAccountContract, { username: 'root' }));
    expect(selfDelete.status).toBe(403);
    await root(createAccountContract, { username: 'root2', role: 'root', password: 'second-root-passphrase' });
    const root2 = await signedInAs('root2', 'second-root-passphrase');
    await root2(deactivateAccountContract, { username: 'root', active: false });
    const last = await rejection(root2(updateAccountContract, { username: 'root2', role: 'pm', paths: [], privateActions: [] }));
    expect(last.status).toBe(403);
    const rootSession = await signedInAs('root2', 'second-root-passphrase');
    const demoteLast = await rejection(rootSession(deleteAccountContract, { username: 'root2' }));
    expect(demoteLast.status).toBe(403);
    // Re-activate the first root through the second, then the second may go.
    await root2(deactivateAccountContract, { username: 'root', active: true });
    const first = await signedInAs('root');
    await first(deleteAccountContract, { username: 'root2' });
    const lastRoot = await rejection(first(deactivateAccountContract, { username: 'root', active: false }));
    expect(lastRoot.status).toBe(403);
  });

  it('refuses the last active root rule through deletion by another root', async () => {
    const root = await signedInAs('root');
    await root(createAccountContract, { username: 'root3', role: 'root', password: 'third-root-passphrase' });
    const root3 = await signedInAs('root3', 'third-root-passphrase');
    await root3(deactivateAccountContract, { username: 'root', active: false });
    const error = await rejection(root3(deactivateAccountContract, { username: 'root3', active: false }));
    expect(error.status).toBe(403);
    await root3(deactivateAccountContract, { username: 'root', active: true });
    const byRoot = await signedInAs('root');
    await byRoot(deactivateAccountContract, { username: 'root3', active: false });
    const cannot = await rejection((await signedInAs('root'))(deleteAccountContract, { username: 'root' }));
    expect(cannot.status).toBe(403);
  });

  it('updates apps, followed teams, excluded teams, view-all and finance permissions', async () => {
    const root = await signedInAs('root');
    const listApp = await root(updateListAppContract, { username: 'tester', listApp: ['com.gsm.tilematch'], followTeam: ['all'] });
    expect(listApp.data).toMatchObject({ listApp: ['com.gsm.tilematch'], followTeam: ['all'] });
    const excluded = await root(updateExcludeTeamsContract, { username: 'tester', excludeTeams: ['Idle Team'] });
    expect(excluded.data.excludeTeams).toEqual(['Idle Team']);
    const viewAll = await root(viewAppContract, { username: 'tester', canViewAllApp: true });
    expect(viewAll.data.canViewAllApp).toBe(true);
    await root(financePermissionUpdateContract, { username: 'tester', apps: ['com.gsm.tilematch'], teams: ['Puzzle Team'] });
    const finance = await root(financePermissionGetContract, { username: 'tester' });
    expect(finance.data).toEqual({ username: 'tester', apps: ['com.gsm.tilematch'], teams: ['Puzzle Team'] });
    const tester = await signedInAs('tester');
    const info = await tester(accountInfoContract);
    expect(info.data).toMatchObject({ listApp: ['com.gsm.tilematch'], excludeTeams: ['Idle Team'], canViewAllApp: true });
  });

  it('lets anyone edit their own profile but only account managers edit others', async () => {
    const analyst = await signedInAs('analyst');
    const own = await analyst(changeProfileContract, { name: 'Binh T.', avatar: '', introduction: 'Analyst' });
    expect(own.data.name).toBe('Binh T.');
    const other = await rejection(analyst(changeProfileContract, { username: 'pm', name: 'Hacked' }));
    expect(other.status).toBe(403);
    const badAvatar = await rejection(analyst(changeProfileContract, { name: 'x', avatar: 'javascript:alert(1)' }));
    expect(badAvatar.status).toBe(400);
    await analyst(changeProfileContract, { name: 'Binh Tran', avatar: '', introduction: '' });
  });

  it('suggests active accounts for pickers', async () => {
    const analyst = await signedInAs('analyst');
    const { data } = await analyst(suggestContract, { q: 'mark' });
    expect(data).toEqual([{ username: 'marketing', name: 'Khanh Bui', role: 'PO-Marketing' }]);
  });

  it('records every change in the account log with before and after', async () => {
    const root = await signedInAs('root');
    await root(viewAppContract, { username: 'pm', canViewAllApp: true });
    const { data } = await root(accountLogContract, { entity: 'account', action: 'view_app', username: 'root' });
    const entry = data.find((e) => e.entityId === 'pm')!;
    expect((entry.before as { canViewAllApp: boolean }).canViewAllApp).toBe(false);
    expect((entry.after as { canViewAllApp: boolean }).canViewAllApp).toBe(true);
    await root(viewAppContract, { username: 'pm', canViewAllApp: false });
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
});
