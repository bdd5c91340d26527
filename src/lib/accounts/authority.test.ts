import { describe, expect, it } from 'vitest';
import { accountChangeRefusal, roleChangeRefusal, type Holdings } from './authority';

/** A walk of actor × target × operation over the one decision every account and role write calls. */

const ACCOUNTS = '/adminAccount/account';
const teams: Record<string, string> = { 'com.a.puzzle': 'Puzzle Team', 'com.a.tiles': 'Puzzle Team', 'com.a.words': 'Casual Team' };
const teamOf = (app: string) => teams[app];

const holdings = (username: string, over: Partial<Holdings> = {}): Holdings => ({
  username, role: `${username}-role`, rolePaths: [], roleActions: [], paths: [], actions: [], canViewAllApp: false, listApp: [], financeApps: [], financeTeams: [], ...over,
});

const actors = {
  root: holdings('root', { role: 'root', canViewAllApp: true }),
  /** A small role with account administration: sees two puzzle apps and Puzzle Team's finance. */
  manager: holdings('manager', { rolePaths: [ACCOUNTS, '/post/index'], roleActions: ['account_manage', 'push_send'], listApp: ['com.a.puzzle', 'com.a.tiles'], financeTeams: ['Puzzle Team'] }),
  /** The same, seeing every app but no finance. */
  wide: holdings('wide', { rolePaths: [ACCOUNTS, '/post/index', '/dashboard'], roleActions: ['account_manage', 'push_send', 'config_edit'], canViewAllApp: true }),
};

const targets = {
  root: holdings('root2', { role: 'root', canViewAllApp: true }),
  admin: holdings('admin', { role: 'admin', rolePaths: ['/post/index', '/dashboard'], roleActions: ['push_send', 'job_run'], canViewAllApp: true }),
  lesser: holdings('lesser', { rolePaths: ['/post/index'], listApp: ['com.a.puzzle'] }),
  financeCasual: holdings('fin', { financeTeams: ['Casual Team'] }),
  financePuzzleApp: holdings('finapp', { financeApps: ['com.a.tiles'] }),
};

type Op = [verb: string, after: (t: Holdings) => Holdings | null];
const ops: Record<string, Op> = {
  reset: ['reset the password of', (t) => t],
  delete: ['delete', () => null],
  demote: ['change', (t) => ({ ...t, role: 'small', rolePaths: [], roleActions: [] })],
  emptyApps: ['change the apps of', (t) => ({ ...t, canViewAllApp: false, listApp: [] })],
  rename: ['change the profile of', (t) => t],
};

describe('accountChangeRefusal: actor × target × operation', () => {
  // Expected: null = allowed; a string = the start of the refusal.
  const table: [actor: keyof typeof actors, target: keyof typeof targets, op: keyof typeof ops, expected: string | null][] = [
    ['root', 'root', 'reset', null],
    ['root', 'admin', 'demote', null],
    ['manager', 'root', 'reset', 'Only a root account can reset the password of a root account.'],
    ['manager', 'root', 'rename', 'Only a root account can change the profile of a root account.'],
    ['manager', 'root', 'delete', 'Only a root account can delete a root account.'],
    ['wide', 'root', 'emptyApps', 'Only a root account can change the apps of a root account.'],
    // The chain of issue 36: every step is judged on admin as it is, so the first already fails.
    ['manager', 'admin', 'demote', 'You cannot change "admin": it holds what your own account does not (job_run, /dashboard, canViewAllApp)'],
    ['manager', 'admin', 'emptyApps', 'You cannot change the apps of "admin": it holds what your own account does not'],
    ['manager', 'admin', 'reset', 'You cannot reset the password of "admin": it holds what your own account does not'],
    ['wide', 'admin', 'reset', 'You cannot reset the password of "admin": it holds what your own account does not (job_run)'],
    ['manager', 'lesser', 'reset', null],
    ['manager', 'lesser', 'delete', null],
    ['manager', 'lesser', 'demote', null],
    ['manager', 'lesser', 'rename', null],
    ['wide', 'lesser', 'emptyApps', null],
    // Finance grants count like every other grant: by app, or by the app's team.
    ['manager', 'financeCasual', 'reset', 'You cannot reset the password of "fin": it holds what your own account does not (finance: Casual Team)'],
    ['manager', 'financePuzzleApp', 'reset', null],
    ['wide', 'financePuzzleApp', 'reset', 'You cannot reset the password of "finapp": it holds what your own account does not (finance: com.a.tiles)'],
  ];
  it.each(table)('%s → %s: %s', (actor, target, op, expected) => {
    const [verb, afterOf] = ops[op]!;
    const before = targets[target];
    const refusal = accountChangeRefusal(actors[actor], { verb, username: before.username, before, after: afterOf(before) }, teamOf);
    if (expected === null) expect(refusal).toBeNull();
    else expect(refusal).toMatch(new RegExp(`^${expected.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  });

  it('judges what the change would leave: grants, apps and finance the actor does not hold', () => {
    const { manager } = actors;
    const lesser = targets.lesser;
    const cases: [Partial<Holdings>, string | null][] = [
      [{ actions: ['config_edit'] }, 'You cannot grant what your own account does not hold: config_edit.'],
      [{ roleActions: ['job_run'], role: 'strong' }, 'You cannot grant what your own account does not hold: job_run (role "strong").'],
      [{ actions: ['account_manage'] }, 'Only a root account can grant account_manage.'],
      [{ roleActions: ['role_manage'], role: 'boss' }, 'Only a root account can grant role_manage (role "boss").'],
      [{ canViewAllApp: true }, 'You cannot grant what your own account does not hold: canViewAllApp.'],
      [{ listApp: ['com.a.words'] }, 'You cannot grant what your own account does not hold: com.a.words.'],
      [{ financeTeams: ['Casual Team'] }, 'You cannot grant what your own account does not hold: finance: Casual Team.'],
      [{ financeApps: ['com.a.words'] }, 'You cannot grant what your own account does not hold: finance: com.a.words.'],
      [{ role: 'root' }, 'Only a root account can grant or take away the root role.'],
      // What it holds itself it may hand on: its apps, its team's finance (as the team or as one of its apps), its actions.
      [{ listApp: ['com.a.puzzle', 'com.a.tiles'], financeTeams: ['Puzzle Team'], financeApps: ['com.a.puzzle'], actions: ['push_send'], paths: [ACCOUNTS] }, null],
    ];
    for (const [change, expected] of cases) {
      expect(accountChangeRefusal(manager, { verb: 'change', username: lesser.username, before: lesser, after: { ...lesser, ...change } }, teamOf), JSON.stringify(change)).toBe(expected);
    }
  });

  it('lets an account give itself only what it already holds (finance by team name included)', () => {
    const self = actors.manager;
    expect(accountChangeRefusal(self, { verb: 'change the finance visibility of', username: 'manager', before: self, after: { ...self, financeTeams: ['Puzzle Team', 'Casual Team'] } }, teamOf))
      .toBe('You cannot grant what your own account does not hold: finance: Casual Team.');
    expect(accountChangeRefusal(self, { verb: 'change the apps of', username: 'manager', before: self, after: { ...self, listApp: ['com.a.puzzle'] } }, teamOf)).toBeNull();
  });

  it('lets an account create only what it holds', () => {
    const created = holdings('new', { rolePaths: ['/post/index'], listApp: ['com.a.puzzle'] });
    expect(accountChangeRefusal(actors.manager, { verb: 'create', username: 'new', before: null, after: created }, teamOf)).toBeNull();
    expect(accountChangeRefusal(actors.manager, { verb: 'create', username: 'new', before: null, after: { ...created, role: 'root' } }, teamOf)).toBe('Only a root account can create a root account.');
  });
});

describe('roleChangeRefusal', () => {
  const roleManager = holdings('rm', { rolePaths: ['/adminAccount/permission', '/post/index', '/dashboard'], roleActions: ['role_manage', 'push_send'], canViewAllApp: true });
  const small = { paths: ['/post/index'], actions: ['push_send'] };

  it('leaves the admin role, roles granting administration, and root to root', () => {
    expect(roleChangeRefusal(roleManager, { name: 'admin', before: small, after: { paths: [], actions: [] }, accounts: [] }, teamOf)).toBe('Only a root account can change the grants of the admin role.');
    expect(roleChangeRefusal(roleManager, { name: 'admin', before: small, after: small, accounts: [] }, teamOf)).toBeNull();
    expect(roleChangeRefusal(roleManager, { name: 'x', before: { paths: [], actions: ['account_manage'] }, after: { paths: [], actions: [] }, accounts: [] }, teamOf))
      .toBe('Only a root account can edit a role that grants account_manage (role "x").');
    expect(roleChangeRefusal(roleManager, { name: 'x', before: small, after: { ...small, actions: ['role_manage'] }, accounts: [] }, teamOf))
      .toBe('Only a root account can edit a role that grants role_manage (role "x").');
    expect(roleChangeRefusal(roleManager, { name: 'root', before: null, after: small, accounts: [] }, teamOf)).toBe('The root role has every permission and cannot be edited.');
    expect(roleChangeRefusal(actors.root, { name: 'admin', before: small, after: { paths: [], actions: [] }, accounts: [] }, teamOf)).toBeNull();
  });

  it('refuses a role that grants, or would grant, what the actor does not hold', () => {
    expect(roleChangeRefusal(roleManager, { name: 'x', before: { paths: ['/finance/statistic'], actions: [] }, after: small, accounts: [] }, teamOf))
      .toBe('You cannot change role "x": it grants what your own account does not (/finance/statistic).');
    expect(roleChangeRefusal(roleManager, { name: 'x', before: small, after: { ...small, actions: ['job_run'] }, accounts: [] }, teamOf))
      .toBe('You cannot grant what your own account does not hold: job_run (role "x").');
    expect(roleChangeRefusal(roleManager, { name: 'x', before: small, after: { paths: [], actions: [] }, accounts: [] }, teamOf)).toBeNull();
  });

  it('judges every account of the role as it is and as the change leaves it', () => {
    const stronger = holdings('boss', { role: 'x', rolePaths: small.paths, roleActions: small.actions, actions: ['job_run'] });
    expect(roleChangeRefusal(roleManager, { name: 'x', before: small, after: { paths: [], actions: [] }, accounts: [stronger] }, teamOf))
      .toBe('You cannot change role "x" of "boss": it holds what your own account does not (job_run).');
    const seesFinance = holdings('cfo', { role: 'x', rolePaths: small.paths, roleActions: small.actions, financeTeams: ['Casual Team'] });
    expect(roleChangeRefusal(roleManager, { name: 'x', before: small, after: null, accounts: [seesFinance] }, teamOf)).toMatch(/^You cannot change role "x" of "cfo"/);
  });
});
