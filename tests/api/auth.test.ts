import { describe, expect, it } from 'vitest';
import { accountInfoContract, changePasswordContract, createAccountContract } from '../../src/lib/accounts/contract';
import { environmentContract, logoutContract, refreshTokenContract } from '../../src/lib/auth/contract';
import { MESSAGES } from '../../src/lib/http/messages';
import { countUnreadContract, createPostContract, listPostsContract, readPostContract } from '../../src/lib/posts/contract';
import { anonymous, baseUrl, DEMO_PASSWORD, ownAccount, raw, rejection, signedInAs, tokensFor } from './helpers';

describe('POST /api/auth/login', () => {
  it('signs in with a trimmed username and answers both tokens', async () => {
    const response = await raw('POST', '/api/auth/login', { body: JSON.stringify({ username: '  analyst  ', password: DEMO_PASSWORD }) });
    expect(response.status).toBe(200);
    const data = response.json.data as { accessToken: string; refreshToken: string };
    expect(data.accessToken).toMatch(/\./);
    expect(data.refreshToken.length).toBeGreaterThan(20);
    const cookies = response.headers.getSetCookie().join('\n');
    expect(cookies).toMatch(/gsm_at=.*HttpOnly/i);
    expect(cookies).toMatch(/gsm_rt=.*SameSite=Lax/i);
  });

  it('refuses a wrong password with 401 and a message', async () => {
    const response = await raw('POST', '/api/auth/login', { body: JSON.stringify({ username: 'designer', password: 'wrong-password' }) });
    expect(response.status).toBe(401);
    expect(response.json.message).toBe('Wrong username or password.');
  });

  it('names the missing field, refuses broken JSON, wrong types, non-JSON and oversized bodies', async () => {
    const missing = await raw('POST', '/api/auth/login', { body: JSON.stringify({ username: 'root' }) });
    expect(missing.status).toBe(400);
    expect(missing.json.message).toContain('password');
    const broken = await raw('POST', '/api/auth/login', { body: '{"username": "root",' });
    expect(broken.status).toBe(400);
    expect(broken.json.message).toBe('Request body is not valid JSON.');
    const wrongType = await raw('POST', '/api/auth/login', { body: JSON.stringify({ username: 5, password: 'x' }) });
    expect(wrongType.status).toBe(400);
    expect(wrongType.json.message).toContain('username');
    const notJson = await raw('POST', '/api/auth/login', { body: 'username: root', headers: { 'content-type': 'application/yaml' } });
    expect(notJson.status).toBe(415);
    expect(notJson.json.message).toContain('JSON');
    // A form-like body (what a cross-site form could send) is not JSON and is refused.
    const formLike = await raw('POST', '/api/auth/login', { body: 'username=root', headers: { 'content-type': 'text/plain' } });
    expect(formLike.status).toBe(415);
    const huge = await raw('POST', '/api/auth/login', { body: JSON.stringify({ username: 'root', password: 'x'.repeat(10_000) }) });
    expect(huge.status).toBe(413);
  });

  it('throttles repeated failures for one username from one address with 429', async () => {
    for (let i = 0; i < 5; i++) {
      const failed = await raw('POST', '/api/auth/login', { body: JSON.stringify({ username: 'throttled-user', password: `guess-${i}` }) });
      expect(failed.status).toBe(401);
    }
    const blocked = await raw('POST', '/api/auth/login', { body: JSON.stringify({ username: 'throttled-user', password: 'guess-6' }) });
    expect(blocked.status).toBe(429);
    expect(blocked.json.message).toBe('Too many failed sign-ins. Try again in 1 minute.');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(50);
  });
});

describe('refresh and logout', () => {
  it('rotates the refresh token: the new one works, the old one stops working', async () => {
    const first = await tokensFor('pm');
    const { data: second } = await anonymous(refreshTokenContract, { refreshToken: first.refreshToken });
    expect(second.refreshToken).not.toBe(first.refreshToken);
    const reused = await rejection(anonymous(refreshTokenContract, { refreshToken: first.refreshToken }));
    expect(reused.status).toBe(401);
    const { data: third } = await anonymous(refreshTokenContract, { refreshToken: second.refreshToken });
    const info = await raw('GET', '/api/adminAccount/info', { token: third.accessToken });
    expect(info.status).toBe(200);
  });

  it('answers the catalogue text when no refresh token is given at all', async () => {
    const error = await rejection(anonymous(refreshTokenContract, {}));
    expect(error.status).toBe(400);
    expect(error.message).toBe(MESSAGES.noRefreshToken);
  });

  it('logout revokes the session: its access and refresh tokens stop working at once', async () => {
    const session = await signedInAs('cache');
    await session(logoutContract, {});
    const info = await raw('GET', '/api/adminAccount/info', { token: session.tokens.accessToken });
    expect(info.status).toBe(401);
    expect(info.json.message).toBe(MESSAGES.unauthorized);
    const refreshed = await rejection(anonymous(refreshTokenContract, { refreshToken: session.tokens.refreshToken }));
    expect(refreshed.status).toBe(401);
  });
});

describe('GET /api/adminAccount/info', () => {
  it('answers 401 without a session', async () => {
    const error = await rejection(anonymous(accountInfoContract));
    expect(error.status).toBe(401);
    expect(error.message).toBe(MESSAGES.unauthorized);
  });

  it('returns the account, its effective permissions and its unread count', async () => {
    const analyst = await signedInAs('analyst');
    const { data } = await analyst(accountInfoContract);
    expect(data).toMatchObject({ username: 'analyst', role: 'statistic', canViewAllApp: false, listApp: ['com.gsm.blockpuzzle', 'com.gsm.tilematch'], followTeam: ['Puzzle Team'], excludeTeams: [] });
    expect(data.paths).toContain('/dashboard');
    expect(data.paths).toContain('/gsm/analytic/main_data');
    expect(data.paths.some((p) => p.startsWith('/adminAccount'))).toBe(false);
    expect(data.privateActions).toEqual(['export_report', 'analytic_note_edit']);
  });

  it('counts the posts the account has not read', async () => {
    const own = await ownAccount('auth-unread');
    // A new account has read nothing: every post of the board is unread.
    const board = await own(listPostsContract, { limit: 1 });
    const unread = (await own(accountInfoContract)).data.countNotification;
    expect(unread).toBe(board.totalRecord);
    expect((await own(countUnreadContract)).data).toBe(unread);
    const post = (await (await signedInAs('root'))(createPostContract, { title: `Unread ${own.username}` })).data;
    expect((await own(accountInfoContract)).data.countNotification).toBe(unread + 1);
    await own(readPostContract, { postId: post.id });
    expect((await own(accountInfoContract)).data.countNotification).toBe(unread);
  });

  it('gives root no path or private-action lists', async () => {
    const root = await signedInAs('root');
    const { data } = await root(accountInfoContract);
    expect(data.role).toBe('root');
    expect(data.paths).toEqual([]);
    expect(data.privateActions).toEqual([]);
    expect(data.canViewAllApp).toBe(true);
  });
});

describe('demo seed', () => {
  it.each([
    ['root', 'root'], ['admin', 'admin'], ['analyst', 'statistic'], ['cache', 'cache'], ['designer', 'gamedesigner'],
    ['pm', 'pm'], ['tester', 'tester'], ['marketing', 'PO-Marketing'],
  ])('%s signs in with the demo password as role %s', async (username, role) => {
    const session = await signedInAs(username);
    const { data } = await session(accountInfoContract);
    expect(data.role).toBe(role);
    if (role !== 'root') expect(data.paths.length).toBeGreaterThan(0);
  });
});

describe('POST /api/adminAccount/changePassword', () => {
  it('refuses a wrong current password and a weak new one, then changes it and ends other sessions', async () => {
    // Its own account: the demo accounts keep the demo password for every other suite.
    await (await signedInAs('root'))(createAccountContract, { username: 'pwchanger', role: 'gamedesigner', password: DEMO_PASSWORD });
    const other = await tokensFor('pwchanger');
    const session = await signedInAs('pwchanger');
    const wrongOld = await rejection(session(changePasswordContract, { oldPassword: 'nope', newPassword: 'a-good-new-passphrase' }));
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.message).toContain('oldPassword');
    const weak = await rejection(session(changePasswordContract, { oldPassword: DEMO_PASSWORD, newPassword: '123456789' }));
    expect(weak.status).toBe(400);
    expect(weak.message).toContain('weak');
    await session(changePasswordContract, { oldPassword: DEMO_PASSWORD, newPassword: 'a-good-new-passphrase' });
    expect((await raw('GET', '/api/adminAccount/info', { token: session.tokens.accessToken })).status).toBe(200);
    expect((await raw('GET', '/api/adminAccount/info', { token: other.accessToken })).status).toBe(401);
    const old = await raw('POST', '/api/auth/login', { body: JSON.stringify({ username: 'pwchanger', password: DEMO_PASSWORD }) });
    expect(old.status).toBe(401);
    await tokensFor('pwchanger', 'a-good-new-passphrase');
  });
});

describe('GET /api/common/environment', () => {
  it('answers the APP_ENV of the server', async () => {
    const { data } = await anonymous(environmentContract);
    expect(data).toBe('production');
  });
});

describe('cross-site protection', () => {
  it('refuses a cookie-authenticated mutation from another origin', async () => {
    const login = await raw('POST', '/api/auth/login', { body: JSON.stringify({ username: 'marketing', password: DEMO_PASSWORD }) });
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const forged = await raw('POST', '/api/auth/logout', { body: '{}', headers: { cookie, origin: 'https://evil.example' } });
    expect(forged.status).toBe(403);
    const own = await raw('POST', '/api/auth/logout', { body: '{}', headers: { cookie, origin: baseUrl } });
    expect(own.status).toBe(200);
  });
});
