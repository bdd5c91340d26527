import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createAccountContract, deactivateAccountContract, deleteAccountContract, financePermissionUpdateContract, resetPasswordContract, updateExcludeTeamsContract, suggestContract, updateAccountContract, updateListAppContract, viewAppContract } from '../../src/lib/accounts/contract';
import { saveRoleContract } from '../../src/lib/roles/contract';
import { refreshTokenContract } from '../../src/lib/auth/contract';
import { appDetailContract, createAppContract } from '../../src/lib/apps/contract';
import { listJobsContract, updateJobContract } from '../../src/lib/jobs/contract';
import { anonymous, ownAccount, raw, rejection, signedInAs, tokensFor, uniqueName } from './helpers';
import { ingest } from './game-players';

/**
 * The findings of the security review, one group each: every test here failed before its fix.
 */

const EVIL_TARGETS = ['/\\evil.example', '\\/evil.example', '/%5Cevil.example', '%2F%2Fevil.example', '//evil.example', 'https://evil.example', '/\t/evil.example'];

describe('open redirect: /login?redirect=, /auth-redirect and /redirect/… stay on the console', () => {
  it('hands the sign-in form only a same-origin path', async () => {
    for (const target of EVIL_TARGETS) {
      const page = await raw('GET', `/login?redirect=${encodeURIComponent(target)}`);
      expect(page.status, target).toBe(200);
      expect(page.text, target).not.toContain('evil.example');
      expect(page.text, target).toMatch(/redirect&quot;:\[0,&quot;\/dashboard&quot;\]/);
    }
  });

  it('sends a signed-in account from /auth-redirect and /redirect/… to the dashboard, never to another host', async () => {
    const { accessToken } = await tokensFor('root');
    for (const target of EVIL_TARGETS) {
      const landed = await raw('GET', `/auth-redirect?redirect=${encodeURIComponent(target)}`, { token: accessToken });
      expect(landed.status, target).toBe(302);
      expect(landed.headers.get('location'), target).toBe('/dashboard');
    }
    for (const path of ['/redirect/%5Cevil.example', '/redirect/%5C%5Cevil.example', '/redirect/%2Fevil.example']) {
      const landed = await raw('GET', path, { token: accessToken });
      expect(landed.status, path).toBe(302);
      expect(landed.headers.get('location'), path).toBe('/dashboard');
    }
    const ok = await raw('GET', '/redirect/gsm/analytic/level?app=x', { token: accessToken });
    expect(ok.headers.get('location')).toBe('/gsm/analytic/level?app=x');
  });
});

describe('sign-in form before hydration: the password never goes into a URL', () => {
  it('renders the form with method="post" posting back to the sign-in page', async () => {
    const page = await raw('GET', '/login?redirect=%2Fpost%2Findex');
    const form = page.text.match(/<form[^>]*class="login-form"[^>]*>/)?.[0] ?? '';
    expect(form).toMatch(/method="post"/);
    expect(form).not.toMatch(/action="[^"]*\?/);
  });

  it('answers a form POST to /login by re-rendering with a message, never echoing the password', async () => {
    const password = 'form-secret-Passw0rd-xyz';
    const posted = await raw('POST', '/login?redirect=%2Fpost%2Findex', {
      body: new URLSearchParams({ username: 'root', password }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(posted.status).toBe(200);
    expect(posted.headers.get('location')).toBeNull();
    expect(posted.text).not.toContain(password);
    expect(posted.text).toContain('Your details were not sent');
    // Nothing was signed in by the form post (no session cookies).
    expect(posted.headers.getSetCookie().join('\n')).not.toMatch(/gsm_at=[^;]/);
  });
});

describe('adminAccount/suggest is not a directory of every username and role', () => {
  it('refuses an account without the account list (a tester-like account) with 403', async () => {
    const tester = await ownAccount('sec-tester', { paths: ['/test/testing', '/post/index'] });
    const refused = await rejection(tester(suggestContract, { q: '' }));
    expect(refused.status).toBe(403);
    const analyst = await rejection((await signedInAs('analyst'))(suggestContract, { q: 'root' }));
    expect(analyst.status).toBe(403);
  });
});

describe('no privilege escalation through account and role administration', () => {
  const ACCOUNT_PATH = '/adminAccount/account';
  const manager = () => ownAccount('sec-mgr', { paths: [ACCOUNT_PATH, '/post/index'], privateActions: ['account_manage', 'push_notification_create'] });
  /** A role with nothing in it, for accounts the manager creates. */
  const plainRole = async () => {
    const name = uniqueName('sec-plain');
    await (await signedInAs('root'))(saveRoleContract, { name, description: 'nothing', paths: [], privateActions: [] });
    return name;
  };

  it('refuses an account manager granting itself role_manage, config_edit, job_run or a path it lacks', async () => {
    const me = await manager();
    // Its role holds its grants; the account's own lists are empty.
    const base = { username: me.username, role: me.role, paths: [] as string[], privateActions: [] as string[] };
    const attempts: [{ paths?: string[]; privateActions?: string[]; permissions?: string[] }, string][] = [
      [{ privateActions: ['role_manage'] }, 'role_manage'],
      [{ privateActions: ['config_edit'] }, 'config_edit'],
      [{ privateActions: ['push_notification_create', 'job_run'] }, 'job_run'],
      [{ permissions: ['job_run'] }, 'job_run'],
      [{ paths: [ACCOUNT_PATH, '/adminAccount/permission'] }, '/adminAccount/permission'],
    ];
    for (const [grant, named] of attempts) {
      const refused = await rejection(me(updateAccountContract, { ...base, ...grant }));
      expect(refused.status, named).toBe(403);
      expect(refused.serverMessage, named).toContain(named);
    }
  });

  it('refuses creating an account with grants the manager lacks, account_manage, or a role holding more', async () => {
    const me = await manager();
    const root = await signedInAs('root');
    const strongRole = uniqueName('sec-strong');
    await root(saveRoleContract, { name: strongRole, description: 'holds config_edit', paths: ['/post/index'], privateActions: ['config_edit'] });
    const viaRole = await rejection(me(createAccountContract, { username: uniqueName('sec-new'), role: strongRole, password: 'a-long-passphrase-1' }));
    expect([viaRole.status, viaRole.serverMessage]).toEqual([403, expect.stringContaining('config_edit')]);
    const plain = await plainRole();
    const direct = await rejection(me(createAccountContract, { username: uniqueName('sec-new'), role: plain, password: 'a-long-passphrase-1', privateActions: ['job_run'] }));
    expect([direct.status, direct.serverMessage]).toEqual([403, expect.stringContaining('job_run')]);
    const power = await rejection(me(createAccountContract, { username: uniqueName('sec-new'), role: plain, password: 'a-long-passphrase-1', privateActions: ['account_manage'] }));
    expect([power.status, power.serverMessage]).toEqual([403, expect.stringContaining('Only a root account can grant account_manage')]);
  });

  it('refuses resetting the password of an account that holds more than the manager', async () => {
    const me = await manager();
    const boss = await ownAccount('sec-boss', { paths: [ACCOUNT_PATH], privateActions: ['account_manage', 'config_edit'] });
    const refused = await rejection(me(resetPasswordContract, { username: boss.username }));
    expect([refused.status, refused.serverMessage]).toEqual([403, expect.stringContaining('config_edit')]);
    // The boss's session still works: nothing was reset.
    expect((await raw('GET', '/api/adminAccount/info', { token: boss.tokens.accessToken })).status).toBe(200);
  });

  it('refuses a role manager adding to a role what it lacks or account/role management', async () => {
    const roleManager = await ownAccount('sec-rolemgr', { paths: ['/adminAccount/permission'], privateActions: ['role_manage'] });
    // A role it may edit: one that grants no administration (its own does; only root edits that).
    const own = { name: uniqueName('sec-editable'), description: 'mine', paths: ['/adminAccount/permission'], privateActions: [] as string[] };
    await roleManager(saveRoleContract, own);
    const ownRole = await rejection(roleManager(saveRoleContract, { name: roleManager.role, description: 'mine', paths: [], privateActions: ['role_manage'] }));
    expect([ownRole.status, ownRole.serverMessage]).toEqual([403, `Only a root account can edit a role that grants role_manage (role "${roleManager.role}").`]);
    const more = await rejection(roleManager(saveRoleContract, { ...own, privateActions: ['config_edit'] }));
    expect([more.status, more.serverMessage]).toEqual([403, expect.stringContaining('config_edit')]);
    const power = await rejection(roleManager(saveRoleContract, { ...own, privateActions: ['account_manage'] }));
    expect([power.status, power.serverMessage]).toEqual([403, expect.stringContaining('account_manage')]);
    const path = await rejection(roleManager(saveRoleContract, { ...own, paths: ['/adminAccount/permission', '/adminAccount/account'] }));
    expect([path.status, path.serverMessage]).toEqual([403, expect.stringContaining('/adminAccount/account')]);
    // What it holds itself it may grant.
    const lesser = uniqueName('sec-lesser');
    expect((await roleManager(saveRoleContract, { name: lesser, description: 'fine', paths: ['/adminAccount/permission'], privateActions: [] })).data.name).toBe(lesser);
  });

  it('refuses an account manager granting itself every app or apps outside its own list', async () => {
    const me = await ownAccount('sec-apps', { paths: [ACCOUNT_PATH], privateActions: ['account_manage'], listApp: ['com.gsm.tilematch'] });
    const all = await rejection(me(viewAppContract, { username: me.username, canViewAllApp: true }));
    expect([all.status, all.serverMessage]).toEqual([403, expect.stringContaining('canViewAllApp')]);
    const more = await rejection(me(updateListAppContract, { username: me.username, listApp: ['com.gsm.tilematch', 'com.gsm.blockpuzzle'], followTeam: [] }));
    expect([more.status, more.serverMessage]).toEqual([403, expect.stringContaining('com.gsm.blockpuzzle')]);
    const plain = await plainRole();
    const created = await rejection(me(createAccountContract, { username: uniqueName('sec-new'), role: plain, password: 'a-long-passphrase-1', canViewAllApp: true }));
    expect([created.status, created.serverMessage]).toEqual([403, expect.stringContaining('canViewAllApp')]);
    // Its own apps it may hand on.
    expect((await me(updateListAppContract, { username: me.username, listApp: ['com.gsm.tilematch'], followTeam: [] })).data.listApp).toEqual(['com.gsm.tilematch']);
  });

  it('refuses deactivating, reactivating or deleting an account that holds more than the manager', async () => {
    const me = await manager();
    const boss = await ownAccount('sec-boss2', { paths: [ACCOUNT_PATH], privateActions: ['account_manage', 'config_edit'] });
    const seesMore = await ownAccount('sec-apps2', { paths: ['/post/index'], listApp: ['com.gsm.tilematch'] });
    for (const target of [boss.username, seesMore.username]) {
      const off = await rejection(me(deactivateAccountContract, { username: target, active: false }));
      expect([off.status, off.serverMessage], target).toEqual([403, expect.stringMatching(new RegExp(`^You cannot deactivate "${target}": it holds what your own account does not \\((config_edit|com\\.gsm\\.tilematch)`))]);
      const gone = await rejection(me(deleteAccountContract, { username: target }));
      expect([gone.status, gone.serverMessage], target).toEqual([403, expect.stringContaining(`You cannot delete "${target}"`)]);
    }
    // Both still sign in: nothing was changed.
    expect((await raw('GET', '/api/adminAccount/info', { token: boss.tokens.accessToken })).status).toBe(200);
    expect((await raw('GET', '/api/adminAccount/info', { token: seesMore.tokens.accessToken })).status).toBe(200);
    // Finance visibility: neither on an account that holds more, nor an app whose finance the manager cannot see.
    const finance = await rejection(me(financePermissionUpdateContract, { username: boss.username, apps: [], teams: [] }));
    expect([finance.status, finance.serverMessage]).toEqual([403, expect.stringContaining(`You cannot change the finance visibility of "${boss.username}"`)]);
    const lesser = await ownAccount('sec-fin', { paths: ['/post/index'] });
    const app = await rejection(me(financePermissionUpdateContract, { username: lesser.username, apps: ['com.gsm.tilematch'], teams: [] }));
    expect([app.status, app.serverMessage]).toEqual([403, 'You cannot grant what your own account does not hold: finance: com.gsm.tilematch.']);
  });

  it('still lets a manager deactivate and delete a lesser account', async () => {
    const me = await manager();
    const lesser = await ownAccount('sec-lesser2', { paths: ['/post/index'] });
    expect((await me(deactivateAccountContract, { username: lesser.username, active: false })).data.active).toBe(false);
    expect((await me(deleteAccountContract, { username: lesser.username })).data.username).toBe(lesser.username);
  });

  it('still lets a manager grant what it holds and reset a lesser account', async () => {
    const me = await manager();
    const username = uniqueName('sec-ok');
    const plain = await plainRole();
    const created = await me(createAccountContract, { username, role: plain, password: 'a-long-passphrase-1', paths: ['/post/index'], privateActions: ['push_notification_create'] });
    expect(created.data.account.privateActions).toEqual(['push_notification_create']);
    const updated = await me(updateAccountContract, { username, role: plain, paths: [], privateActions: [], permissions: ['push_notification_create'] });
    expect(updated.data.permissions).toEqual(['push_notification_create']);
    expect((await me(resetPasswordContract, { username })).data.password.length).toBeGreaterThan(8);
  });
});

describe('a reused refresh token is taken as theft', () => {
  // The API suite's server runs with REFRESH_REUSE_GRACE_SECONDS=2 (tests/api/global-setup.ts).
  const pastGrace = () => new Promise((r) => setTimeout(r, 2_600));

  it('revokes the whole session when a rotated token comes back after the grace: both parties are signed out', async () => {
    const owner = await ownAccount('sec-reuse');
    const stolen = owner.tokens.refreshToken;
    const { data: rotated } = await anonymous(refreshTokenContract, { refreshToken: stolen });
    await pastGrace();
    const reused = await rejection(anonymous(refreshTokenContract, { refreshToken: stolen }));
    expect(reused.status).toBe(401);
    const next = await rejection(anonymous(refreshTokenContract, { refreshToken: rotated.refreshToken }));
    expect(next.status).toBe(401);
    expect((await raw('GET', '/api/adminAccount/info', { token: rotated.accessToken })).status).toBe(401);
  });

  it('does the same when the reused token comes as the refresh cookie of a page request', async () => {
    const owner = await ownAccount('sec-reuse-cookie');
    const stolen = owner.tokens.refreshToken;
    const { data: rotated } = await anonymous(refreshTokenContract, { refreshToken: stolen });
    await pastGrace();
    const page = await raw('GET', '/post/index', { headers: { cookie: `gsm_rt=${stolen}` } });
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toMatch(/^\/login/);
    expect((await raw('GET', '/api/adminAccount/info', { token: rotated.accessToken })).status).toBe(401);
  });

  it('keeps the session when the old token comes back inside the grace (parallel requests)', async () => {
    const owner = await ownAccount('sec-reuse-grace');
    const { data: rotated } = await anonymous(refreshTokenContract, { refreshToken: owner.tokens.refreshToken });
    expect((await rejection(anonymous(refreshTokenContract, { refreshToken: owner.tokens.refreshToken }))).status).toBe(401);
    expect((await raw('GET', '/api/adminAccount/info', { token: rotated.accessToken })).status).toBe(200);
  });
});

/** An app of this suite with its Android SDK key (created by the demo root, like tests/api/telemetry.test.ts). */
async function sdkApp(label: string): Promise<{ appId: string; key: string }> {
  const root = await signedInAs('root');
  const appId = `com.sec.${label}${Date.now().toString(36)}`;
  await root(createAppContract, { id: appId, name: `Security ${label}`, os: [{ os: 1, packageId: `${appId}.android` }] });
  const { data } = await root(appDetailContract, { appId });
  return { appId, key: data.os.find((o) => o.os === 1)!.sdkAppKey };
}
let evSeq = 0;
const sdkEvent = (extra: Record<string, unknown> = {}) => ({
  id: `sec-${Date.now().toString(36)}-${++evSeq}`, name: 'session_start', userId: 'player-1', time: Date.now() - 60_000, appVersion: '1.0', country: 'VN', ...extra,
});
const sendEvents = (key: string, events: unknown[]) => ingest(key, events, { legacy: true });
type IngestAnswer = { accepted: number; rejected: { index: number; reason: string }[] };

describe('NUL characters and unpaired surrogates are refused at validation (400 naming the field), never a 500', () => {
  it('refuses them in a post, an account, an app config and a query', async () => {
    const { accessToken: token } = await tokensFor('root');
    const nulTitle = await raw('POST', '/api/notificationGsm/create', { token, body: JSON.stringify({ title: 'a\u0000b' }) });
    expect([nulTitle.status, nulTitle.json.message]).toEqual([400, expect.stringMatching(/^title: must not contain NUL/)]);
    const loneBody = await raw('POST', '/api/notificationGsm/create', { token, body: JSON.stringify({ title: 'fine', body: '<p>\uD800</p>' }) });
    expect([loneBody.status, loneBody.json.message]).toEqual([400, expect.stringMatching(/^body: .*surrogate/)]);
    const account = await raw('POST', '/api/adminAccount/create', { token, body: JSON.stringify({ username: uniqueName('sec-nul'), role: 'tester', name: 'Nul\u0000Name' }) });
    expect([account.status, account.json.message]).toEqual([400, expect.stringMatching(/^name: must not contain NUL/)]);
    const query = await raw('GET', '/api/adminAccount/allAccount?textSearch=a%00b', { token });
    expect([query.status, query.json.message]).toEqual([400, expect.stringMatching(/^textSearch: /)]);

    const { appId } = await sdkApp('cfg');
    const asObject = await raw('POST', '/api/appdata/updateconfig', { token, body: JSON.stringify({ appId, config: { greeting: 'hi\u0000' } }) });
    expect([asObject.status, asObject.json.message]).toEqual([400, expect.stringMatching(/^config\.greeting: must not contain NUL/)]);
    // As JSON text the escape arrives as six characters: the config parser refuses it with its position.
    const asText = await raw('POST', '/api/appdata/updateconfig', { token, body: JSON.stringify({ appId, config: '{"greeting": "hi\\u0000"}' }) });
    expect(asText.status, asText.text).toBe(400);
    expect(asText.json.message).toMatch(/NUL/);
    const loneText = await raw('POST', '/api/appdata/updateconfig', { token, body: JSON.stringify({ appId, config: '{"greeting": "hi\\ud83d"}' }) });
    expect(loneText.status, loneText.text).toBe(400);
    expect(loneText.json.message).toMatch(/surrogate/);
  });

  it('lets the SDK refuse only the event that holds one, with its index and reason', async () => {
    const { key } = await sdkApp('nul');
    const response = await sendEvents(key, [
      sdkEvent(),
      sdkEvent({ userId: 'player\u0000x' }),
      sdkEvent({ name: 'first_open', params: { source: 'ad\uDC00' } }),
      sdkEvent({ sdkVersion: '\uD83D' }),
      sdkEvent(),
    ]);
    expect(response.status, response.text).toBe(200);
    const answer = response.json.data as IngestAnswer;
    expect(answer.accepted).toBe(2);
    expect(answer.rejected).toEqual([
      { index: 1, reason: expect.stringMatching(/^userId: must not contain NUL/) },
      { index: 2, reason: expect.stringMatching(/^params\.source: .*surrogate/) },
      { index: 3, reason: expect.stringMatching(/^sdkVersion: .*surrogate/) },
    ]);
  });
});

describe('a cron that never runs', () => {
  it('is refused at once with 400 "… never runs", and the job keeps its schedule', async () => {
    const root = await signedInAs('root');
    const before = (await root(listJobsContract)).data.find((j) => j.name === 'session_cleanup')!;
    const started = Date.now();
    const refused = await rejection(root(updateJobContract, { name: 'session_cleanup', cron: '0 0 30 2 *', timeZone: 'UTC', enabled: true }));
    expect(Date.now() - started).toBeLessThan(1000);
    expect([refused.status, refused.serverMessage]).toEqual([400, 'cron: "0 0 30 2 *" never runs: February has no day 30']);
    const after = (await root(listJobsContract)).data.find((j) => j.name === 'session_cleanup')!;
    expect(after).toMatchObject({ cron: before.cron, timeZone: before.timeZone, nextRunAt: before.nextRunAt });
  });
});

describe('security headers on pages, redirects and API answers', () => {
  it('forbid sniffing, framing and scripts the policy did not allow, and keep URLs off other sites (no HSTS over plain HTTP)', async () => {
    const root = await signedInAs('root');
    const answers = [
      await raw('GET', '/login'),
      await raw('GET', '/dashboard'), // signed out: a redirect to sign in
      await raw('GET', '/dashboard', { token: root.tokens.accessToken }),
      await raw('GET', '/api/health'),
      await raw('GET', '/api/no/such/endpoint'),
    ];
    for (const answer of answers) {
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
      const csp = answer.headers.get('content-security-policy')!;
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toMatch(/script-src 'self'/);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
      expect(answer.headers.get('referrer-policy')).toBe('same-origin');
      expect(answer.headers.get('strict-transport-security')).toBeNull();
    }
    expect(answers.map((a) => a.status)).toEqual([200, 302, 200, 200, 404]);
  });

  it('are on static files too, plain and precompressed (they never pass the middleware)', async () => {
    const script = readdirSync('dist/client/_astro').find((name) => name.endsWith('.js'))!;
    const answers = [
      await raw('GET', '/logo.svg'),
      await raw('GET', `/_astro/${script}`, { headers: { 'accept-encoding': 'br' } }),
      await raw('GET', `/_astro/${script}`, { headers: { 'accept-encoding': 'identity' } }),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers[1]!.headers.get('content-encoding')).toBe('br');
    for (const answer of answers) {
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
      expect(answer.headers.get('referrer-policy')).toBe('same-origin');
      expect(answer.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
  });
});

describe('references to apps and teams that do not exist are refused', () => {
  it('answers 400 naming the field and the bad id on listApp, followTeam, excludeTeams and the finance lists', async () => {
    const root = await signedInAs('root');
    const own = await ownAccount('sec-refs');
    const cases: [() => Promise<unknown>, string][] = [
      [() => root(createAccountContract, { username: uniqueName('sec-refs'), role: own.role, password: 'a-long-passphrase-1', listApp: ['com.gsm.tilematch', 'com.nope.ghost'] }), 'listApp: app "com.nope.ghost" does not exist.'],
      [() => root(updateListAppContract, { username: own.username, listApp: ['com.nope.ghost'], followTeam: [] }), 'listApp: app "com.nope.ghost" does not exist.'],
      [() => root(updateListAppContract, { username: own.username, listApp: [], followTeam: ['Puzzle Team', 'Ghost Team'] }), 'followTeam: team "Ghost Team" does not exist.'],
      [() => root(updateExcludeTeamsContract, { username: own.username, excludeTeams: ['Ghost Team'] }), 'excludeTeams: team "Ghost Team" does not exist.'],
      [() => root(financePermissionUpdateContract, { username: own.username, apps: ['com.nope.ghost'], teams: [] }), 'apps: app "com.nope.ghost" does not exist.'],
      [() => root(financePermissionUpdateContract, { username: own.username, apps: [], teams: ['Ghost Team'] }), 'teams: team "Ghost Team" does not exist.'],
    ];
    for (const [call, message] of cases) {
      const refused = await rejection(call());
      expect([refused.status, refused.serverMessage]).toEqual([400, message]);
    }
    // Nothing was stored; real apps and teams, and "all", are taken.
    const ok = await root(updateListAppContract, { username: own.username, listApp: ['com.gsm.tilematch'], followTeam: ['all', 'Puzzle Team'] });
    expect([ok.data.listApp, ok.data.followTeam]).toEqual([['com.gsm.tilematch'], ['all', 'Puzzle Team']]);
    expect((await root(updateExcludeTeamsContract, { username: own.username, excludeTeams: ['Idle Team'] })).data.excludeTeams).toEqual(['Idle Team']);
  });
});

describe('names and titles with invisible or direction-changing characters are refused', () => {
  it('answers 400 naming the field and the character on accounts, roles, posts, apps and teams', async () => {
    const { accessToken: token } = await tokensFor('root');
    const attempts: [string, Record<string, unknown>, string][] = [
      ['/api/adminAccount/create', { username: uniqueName('sec-rlo'), role: 'tester', name: 'Admin\u202Enimda', password: 'a-long-passphrase-1' }, 'name'],
      ['/api/notificationGsm/create', { title: 'Release\u200B notes' }, 'title'],
      ['/api/appdata/create', { id: `com.sec.rlo${Date.now().toString(36)}`, name: '\uFEFFTiles', os: [] }, 'name'],
      ['/api/adminAccount/team/save', { name: 'Puzzle\u2066 Team', description: '', members: [] }, 'name'],
      ['/api/adminAccount/changeProfile', { name: 'Root\u2060' }, 'name'],
    ];
    for (const [path, body, field] of attempts) {
      const answer = await raw('POST', path, { token, body: JSON.stringify(body) });
      expect([answer.status, answer.json.message], path).toEqual([400, expect.stringMatching(new RegExp(`^${field}: must not contain invisible or direction-changing characters \\(U\\+[0-9A-F]{4}\\)`))]);
    }
    const role = await raw('POST', '/api/adminAccount/role/save', { token, body: JSON.stringify({ name: uniqueName('sec-rtl'), description: 'hidden\u202Dtext', paths: [], privateActions: [] }) });
    // A description is free text (right-to-left languages need these): only names and titles are checked.
    expect(role.status, role.text).toBe(200);
  });
});
