import { describe, expect, it } from 'vitest';
import {
  accountInfoContract, changeProfileContract, deactivateAccountContract, financePermissionGetContract, financePermissionUpdateContract, resetPasswordContract,
  saveAccountContract, unlockAccountContract, updateAccountContract, updateExcludeTeamsContract, updateListAppContract, viewAppContract,
} from '../../src/lib/accounts/contract';
import { deleteRoleContract, roleDetailContract, saveRoleContract } from '../../src/lib/roles/contract';
import { ownAccount, rejection, signedInAs, uniqueName } from './helpers';

/**
 * Issue 36, points 1 and 2: a limited account that holds account or role administration never gets further
 * than what it holds. Each call is one the probe made succeed; every one is refused with 403 and
 * leaves the target as it was.
 */

const ACCOUNTS = '/adminAccount/account';
const ROLES = '/adminAccount/permission';

/** A tester-sized account with account administration (its role holds the account list and account_manage). */
const smallManager = (extra: { listApp?: string[] } = {}) => ownAccount('auth-mgr', { paths: [ACCOUNTS], privateActions: ['account_manage'], listApp: extra.listApp });

describe('an account manager cannot take over a more powerful account, step by step', () => {
  it('refuses demoting admin, emptying its apps and resetting its password; admin is unchanged', async () => {
    const me = await smallManager();
    const admin = await signedInAs('admin');
    const adminBefore = (await admin(accountInfoContract)).data;
    const steps = [
      () => me(updateAccountContract, { username: 'admin', role: me.role, paths: [], privateActions: [], permissions: [] }),
      () => me(viewAppContract, { username: 'admin', canViewAllApp: false }),
      () => me(updateListAppContract, { username: 'admin', listApp: [], followTeam: [] }),
      () => me(resetPasswordContract, { username: 'admin' }),
      () => me(deactivateAccountContract, { username: 'admin', active: false }),
      () => me(unlockAccountContract, { username: 'admin' }),
      () => me(changeProfileContract, { username: 'admin', name: 'Taken over' }),
      () => me(saveAccountContract, { isNew: false, username: 'admin', name: 'An Nguyen', role: me.role, canViewAllApp: false, listApp: [], followTeam: [], financeApps: [], financeTeams: [] }),
    ];
    for (const [i, step] of steps.entries()) {
      const refused = await rejection(step());
      expect([refused.status, refused.serverMessage], `step ${i}`).toEqual([403, expect.stringContaining('"admin": it holds what your own account does not (')]);
    }
    // The old session still works and holds exactly what it held.
    expect((await admin(accountInfoContract)).data).toEqual(adminBefore);
  });

  it('refuses renaming root and changing its excluded teams', async () => {
    const me = await smallManager();
    const rename = await rejection(me(changeProfileContract, { username: 'root', name: 'Mallory', avatar: '', introduction: '' }));
    expect([rename.status, rename.serverMessage]).toEqual([403, 'Only a root account can change the profile of a root account.']);
    const exclude = await rejection(me(updateExcludeTeamsContract, { username: 'root', excludeTeams: ['Puzzle Team'] }));
    expect([exclude.status, exclude.serverMessage]).toEqual([403, 'Only a root account can change the teams of a root account.']);
    const root = await signedInAs('root');
    expect((await root(accountInfoContract)).data).toMatchObject({ username: 'root', excludeTeams: [] });
  });

  it('still lets the manager change, reset and rename an account that holds nothing beyond its own', async () => {
    const me = await smallManager({ listApp: ['com.gsm.tilematch'] });
    const lesser = await ownAccount('auth-lesser', { paths: [ACCOUNTS], listApp: ['com.gsm.tilematch'] });
    expect((await me(changeProfileContract, { username: lesser.username, name: 'Renamed' })).data.name).toBe('Renamed');
    expect((await me(updateListAppContract, { username: lesser.username, listApp: [], followTeam: [] })).data.listApp).toEqual([]);
    expect((await me(resetPasswordContract, { username: lesser.username })).data.password.length).toBeGreaterThan(8);
  });
});

describe('a role manager cannot empty a stronger role', () => {
  it('refuses emptying the admin role, editing a role granting administration, and demoting a stronger account through its role', async () => {
    const rm = await ownAccount('auth-rm', { paths: [ROLES, '/post/index'], privateActions: ['role_manage'] });
    const root = await signedInAs('root');
    const adminRole = (await root(roleDetailContract, { name: 'admin' })).data;
    const empty = await rejection(rm(saveRoleContract, { name: 'admin', description: adminRole.description, paths: [], privateActions: [] }));
    expect([empty.status, empty.serverMessage]).toEqual([403, 'Only a root account can change the grants of the admin role.']);
    expect((await root(roleDetailContract, { name: 'admin' })).data).toEqual(adminRole);

    const powerRole = uniqueName('auth-power');
    await root(saveRoleContract, { name: powerRole, description: 'administers accounts', paths: ['/post/index'], privateActions: ['account_manage'] });
    const strip = await rejection(rm(saveRoleContract, { name: powerRole, description: 'x', paths: ['/post/index'], privateActions: [] }));
    expect([strip.status, strip.serverMessage]).toEqual([403, `Only a root account can edit a role that grants account_manage (role "${powerRole}").`]);
    const drop = await rejection(rm(deleteRoleContract, { name: powerRole }));
    expect(drop.status).toBe(403);

    // A plain role whose account holds more than the role manager: emptying the role would demote it.
    const shared = uniqueName('auth-shared');
    await root(saveRoleContract, { name: shared, description: 'shared', paths: ['/post/index'], privateActions: [] });
    const boss = await ownAccount('auth-boss', { role: shared, canViewAllApp: true });
    const demote = await rejection(rm(saveRoleContract, { name: shared, description: 'shared', paths: [], privateActions: [] }));
    expect([demote.status, demote.serverMessage]).toEqual([403, `You cannot change role "${shared}" of "${boss.username}": it holds what your own account does not (canViewAllApp).`]);
    // A role whose accounts it holds whole, it may change.
    const plain = uniqueName('auth-plain');
    await root(saveRoleContract, { name: plain, description: 'plain', paths: ['/post/index'], privateActions: [] });
    await ownAccount('auth-plainacc', { role: plain });
    expect((await rm(saveRoleContract, { name: plain, description: 'plain', paths: [], privateActions: [] })).data.paths).toEqual([]);
  });
});

describe('finance visibility is granted only by an account that holds it', () => {
  it('refuses granting a team or app whose finance the granter cannot see, to others or to itself', async () => {
    const root = await signedInAs('root');
    const me = await smallManager();
    await root(financePermissionUpdateContract, { username: me.username, apps: [], teams: ['Puzzle Team'] });
    const target = await ownAccount('auth-fin');
    const other = await rejection(me(financePermissionUpdateContract, { username: target.username, apps: [], teams: ['Casual Team'] }));
    expect([other.status, other.serverMessage]).toEqual([403, 'You cannot grant what your own account does not hold: finance: Casual Team.']);
    const app = await rejection(me(financePermissionUpdateContract, { username: target.username, apps: ['com.gsm.wordquest'], teams: [] }));
    expect([app.status, app.serverMessage]).toEqual([403, 'You cannot grant what your own account does not hold: finance: com.gsm.wordquest.']);
    const self = await rejection(me(financePermissionUpdateContract, { username: me.username, apps: [], teams: ['Puzzle Team', 'Casual Team'] }));
    expect([self.status, self.serverMessage]).toEqual([403, 'You cannot grant what your own account does not hold: finance: Casual Team.']);
    expect((await root(financePermissionGetContract, { username: target.username })).data).toEqual({ username: target.username, apps: [], teams: [] });
    expect((await root(financePermissionGetContract, { username: me.username })).data).toEqual({ username: me.username, apps: [], teams: ['Puzzle Team'] });
    // Its own team, and an app of its own team, it may hand on.
    const granted = await me(financePermissionUpdateContract, { username: target.username, apps: ['com.gsm.tilematch'], teams: ['Puzzle Team'] });
    expect(granted.data).toEqual({ username: target.username, apps: ['com.gsm.tilematch'], teams: ['Puzzle Team'] });
  });
});
