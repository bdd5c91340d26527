import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../src/lib/server/db/unavailable';
import { startTwoServersOnCluster, type PgCluster, type TwoServers } from '../support/pg-cluster';
import { DEMO_PASSWORD, type TestServer } from '../support/test-server';

/**
 * Two console processes on one PostgreSQL (their own throw-away cluster, so it can be stopped): each keeps a
 * session cache, and a write in one must end the session in the other at once; and a database outage must
 * answer 503 without losing anybody's session.
 */
let servers: TwoServers;
let cluster: PgCluster;
let a: TestServer;
let b: TestServer;

beforeAll(async () => {
  servers = await startTwoServersOnCluster();
  ({ cluster, a, b } = servers);
}, 120_000);

afterAll(async () => {
  await servers?.stop();
});

interface Answer {
  status: number;
  body: { message?: string; data?: unknown };
  setCookie: string[];
  text: string;
}

async function call(server: TestServer, method: string, path: string, options: { token?: string; cookie?: string; body?: unknown } = {}): Promise<Answer> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    redirect: 'manual',
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  let body = {};
  try {
    body = JSON.parse(text);
  } catch {
    // a page
  }
  return { status: response.status, body, setCookie: response.headers.getSetCookie(), text };
}

const globalLogin = (server: TestServer, username: string) => login(server, username);

async function login(server: TestServer, username: string, password = DEMO_PASSWORD) {
  const answer = await call(server, 'POST', '/api/auth/login', { body: { username, password } });
  expect(answer.status).toBe(200);
  return answer.body.data as { accessToken: string; refreshToken: string };
}

/** An account of this suite's own, created by root through A. */
async function ownAccount(prefix: string): Promise<{ username: string; password: string }> {
  const root = await login(a, 'root');
  const username = `${prefix}-${Date.now().toString(36)}`;
  const password = `${username}-passphrase`;
  const created = await call(a, 'POST', '/api/adminAccount/create', { token: root.accessToken, body: { username, role: 'statistic', password } });
  expect(created.status).toBe(200);
  return { username, password };
}

const info = (server: TestServer, token: string) => call(server, 'GET', '/api/adminAccount/info', { token });

/** B has checked the session (and remembers it): two calls, so the second can come from its cache. */
async function warm(token: string) {
  expect((await info(b, token)).status).toBe(200);
  expect((await info(b, token)).status).toBe(200);
}

describe('a session ended in one process ends in the other at once (PostgreSQL, two servers)', () => {
  it('logout in A', async () => {
    const { accessToken } = await login(a, 'analyst');
    await warm(accessToken);
    expect((await call(a, 'POST', '/api/auth/logout', { token: accessToken, body: {} })).status).toBe(200);
    expect((await info(b, accessToken)).status).toBe(401);
  });

  it('deactivation in A', async () => {
    const own = await ownAccount('deact');
    const { accessToken } = await login(b, own.username, own.password);
    await warm(accessToken);
    const root = await login(a, 'root');
    expect((await call(a, 'POST', '/api/adminAccount/deactiveAccount', { token: root.accessToken, body: { username: own.username, active: false } })).status).toBe(200);
    expect((await info(b, accessToken)).status).toBe(401);
  });

  it('password change in A ends the other sessions', async () => {
    const own = await ownAccount('pwchange');
    const elsewhere = await login(b, own.username, own.password);
    await warm(elsewhere.accessToken);
    const here = await login(a, own.username, own.password);
    const changed = await call(a, 'POST', '/api/adminAccount/changePassword', { token: here.accessToken, body: { oldPassword: own.password, newPassword: `${own.password}-2` } });
    expect(changed.status).toBe(200);
    expect((await info(b, elsewhere.accessToken)).status).toBe(401);
    expect((await info(a, here.accessToken)).status).toBe(200);
  });

  it('a role edit in A changes what B allows at once', async () => {
    const root = await login(a, 'root');
    const role = `cache-role-${Date.now().toString(36)}`;
    const save = (paths: string[]) => call(a, 'POST', '/api/adminAccount/role/save', { token: root.accessToken, body: { name: role, description: 'x', paths, privateActions: [] } });
    const saved = await save(['/adminAccount/permission']);
    expect(saved.body.message).toBeUndefined();
    expect(saved.status).toBe(200);
    const username = `cacherole-${Date.now().toString(36)}`;
    expect((await call(a, 'POST', '/api/adminAccount/create', { token: root.accessToken, body: { username, role, password: `${username}-passphrase` } })).status).toBe(200);
    const { accessToken } = await login(b, username, `${username}-passphrase`);
    const list = () => call(b, 'GET', '/api/adminAccount/role/listRoles', { token: accessToken });
    expect((await list()).status).toBe(200);
    expect((await list()).status).toBe(200);
    expect((await save([])).status).toBe(200);
    expect((await list()).status).toBe(403);
  });
});

describe('a database outage is not a sign-out (PostgreSQL stopped for 10 s)', () => {
  it('answers 503 with a calm message meanwhile, keeps the cookies, and the same cookies work after the restart', async () => {
    const login = await call(b, 'POST', '/api/auth/login', { body: { username: 'analyst', password: DEMO_PASSWORD } });
    const cookie = login.setCookie.map((c) => c.split(';')[0]).join('; ');
    expect(cookie).toMatch(/gsm_at=.+; gsm_rt=.+/);
    expect((await call(b, 'GET', '/api/adminAccount/info', { cookie })).status).toBe(200);
    expect((await call(b, 'GET', '/dashboard', { cookie })).status).toBe(200);

    cluster.stop();
    const seen: Answer[] = [];
    const until = Date.now() + 10_000;
    let health: Answer;
    let healthA: Answer;
    try {
      while (Date.now() < until) {
        seen.push(await call(b, 'GET', '/api/adminAccount/info', { cookie }));
        seen.push(await call(b, 'GET', '/dashboard', { cookie }));
        await new Promise((r) => setTimeout(r, 250));
      }
      health = await call(b, 'GET', '/api/health');
      healthA = await call(a, 'GET', '/api/health');
    } finally {
      cluster.start();
    }

    expect(health.status).toBe(503);
    expect(healthA.status).toBe(503);
    const statuses = new Set(seen.map((s) => s.status));
    expect([...statuses]).toEqual([503]);
    for (const answer of seen) expect(answer.setCookie).toEqual([]);
    const api = seen.find((s) => s.body.message)!;
    expect(api.body.message).toBe(DATABASE_UNAVAILABLE_MESSAGE);
    const page = seen.find((s) => s.text.includes('data-testid="database-unavailable"'))!;
    expect(page.text).toContain('The console is briefly unavailable');
    expect(page.text).not.toMatch(/ECONN|terminat/i);

    // Back: the same cookies, no sign-in.
    await expect.poll(async () => (await call(b, 'GET', '/api/adminAccount/info', { cookie })).status, { timeout: 20_000, interval: 250 }).toBe(200);
    const page2 = await call(b, 'GET', '/dashboard', { cookie });
    expect(page2.status).toBe(200);
    expect(page2.setCookie).toEqual([]);
    expect((await call(b, 'GET', '/api/health')).status).toBe(200);

    // The cache listens again: a logout in A still ends the session in B at once.
    const { accessToken } = await (async () => {
      // A's pool reconnects on its own; its first requests after the restart may still meet a dead connection.
      await expect.poll(async () => (await call(a, 'GET', '/api/health')).status, { timeout: 20_000, interval: 250 }).toBe(200);
      return globalLogin(a, 'analyst');
    })();
    await expect.poll(async () => (await info(b, accessToken)).status, { timeout: 5000 }).toBe(200);
    await warm(accessToken);
    expect((await call(a, 'POST', '/api/auth/logout', { token: accessToken, body: {} })).status).toBe(200);
    expect((await info(a, accessToken)).status).toBe(401);
    expect((await info(b, accessToken)).status).toBe(401);
  }, 60_000);
});
