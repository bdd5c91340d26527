import { connect, createServer, type Server, type Socket } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../support/test-server';
import { expect, hydrated, open, signInThroughForm, test } from './fixtures';

test('root signs in through the form and lands on the dashboard', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard/);
  await signInThroughForm(page, 'root', undefined, '/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page).toHaveTitle('Dashboard - GSM Console');
  await expect(page.getByRole('menuitem', { name: 'Admin Account' })).toBeVisible();
});

test('analyst signs in, sees analytics but is sent back from account administration', async ({ page }) => {
  await signInThroughForm(page, 'analyst');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('menuitem', { name: 'Game Statistic' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Admin Account' })).toHaveCount(0);
  await page.goto('/adminAccount/account');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a wrong password shows the server message on the form', async ({ page }) => {
  await open(page, '/login');
  await page.getByLabel('Username').fill('analyst');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('.toast')).toContainText('Wrong username or password.');
  await expect(page).toHaveURL(/\/login/);
});

test('log out from the user menu ends the session', async ({ page }) => {
  await signInThroughForm(page, 'pm');
  await page.getByRole('button', { name: /Giang Vo/ }).click();
  await expect(page.getByTestId('user-role')).toHaveText('pm');
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard/);
});


/**
 * A TCP proxy in front of the database that the test can cut: cut() destroys every open connection and
 * resets each new one until restore().
 */
interface DbProxy {
  port: number;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

async function startDbProxy(targetPort: number): Promise<DbProxy> {
  const open = new Set<Socket>();
  let isCut = false;
  const server: Server = createServer((client) => {
    if (isCut) {
      client.resetAndDestroy();
      return;
    }
    const upstream = connect(targetPort, '127.0.0.1');
    open.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    for (const socket of [client, upstream]) {
      socket.on('error', drop);
      socket.on('close', drop);
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => done());
  });
  const cut = () => {
    isCut = true;
    for (const socket of open) socket.destroy();
    open.clear();
  };
  return {
    port: (server.address() as { port: number }).port,
    cut,
    restore() {
      isCut = false;
    },
    close() {
      cut();
      return new Promise<void>((done) => server.close(() => done()));
    },
  };
}

/** The sign-in form of a server other than the fixtures' one (absolute URLs), as a person fills it. */
async function signInAt(page: Page, baseUrl: string, username: string, target: string) {
  await page.goto(`${baseUrl}/login?redirect=${encodeURIComponent(target)}`);
  await hydrated(page);
  await submitSignIn(page, username);
}

async function submitSignIn(page: Page, username: string) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await hydrated(page);
}

async function sessionCookies(page: Page, baseUrl: string): Promise<string[]> {
  return (await page.context().cookies(baseUrl)).map((c) => c.name).filter((name) => name === 'gsm_at' || name === 'gsm_rt').sort();
}

test.describe('when the session cannot be loaded because the database connection is lost', () => {
  // A second console on PostgreSQL (an in-process PGlite served over the wire protocol) behind a proxy we cut.
  let pglite: PGlite | undefined;
  let socketServer: PGLiteSocketServer | undefined;
  let proxy: DbProxy | undefined;
  let server: TestServer | undefined;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    pglite = await PGlite.create();
    socketServer = new PGLiteSocketServer({ db: pglite, host: '127.0.0.1', port: 0 });
    await socketServer.start();
    const dbPort = Number(socketServer.getServerConn().split(':').pop());
    proxy = await startDbProxy(dbPort);
    server = await startTestServer({
      DATABASE_URL: `postgres://postgres@127.0.0.1:${proxy.port}/postgres`,
      DEMO_DATA: '1',
      // PGlite serves one connection at a time: no listening connection (the session cache's, the house-ads
      // serving cache's) may take it (tests/api/postgres-sessions.test.ts covers the cache through a real
      // PostgreSQL restart).
      DATABASE_POOL_SIZE: '1',
      DATABASE_LISTEN: 'off',
      // PGlite over the wire is one server session for every connection, as behind a pooler: named statements
      // would outlive the connection the proxy cuts (tests/api/postgres-sessions.test.ts restarts a real
      // PostgreSQL with them on).
      DATABASE_PREPARED: 'off',
      SESSION_CACHE_MS: '0',
      // No demo analytics (not needed here: a quick start), no background jobs holding the one connection.
      DEMO_TELEMETRY: '0',
      SCHEDULER: 'off',
    });
  });

  test.afterAll(async () => {
    // Each in turn, whatever failed before: the console first (it holds the connection), then the proxy, then the database.
    await server?.stop().catch((error) => console.error('[session-failure] server stop:', error));
    await proxy?.close().catch((error) => console.error('[session-failure] proxy close:', error));
    await socketServer?.stop().catch((error) => console.error('[session-failure] socket server stop:', error));
    await pglite?.close().catch((error) => console.error('[session-failure] pglite close:', error));
  });

  test('while the database is unreachable the user sees a calm message and stays signed in; once it is back the same session works', async ({ page }) => {
    const base = server!.baseUrl;
    await signInAt(page, base, 'root', '/post/index');
    await expect(page).toHaveURL(`${base}/post/index`);
    await page.waitForLoadState('networkidle');
    const before = await page.context().cookies(base);
    expect(await sessionCookies(page, base)).toEqual(['gsm_at', 'gsm_rt']);

    proxy!.cut();
    // The console's connection is really gone on the database side.
    await expect.poll(() => socketServer!.getStats().activeConnections).toBe(0);

    // An island's request (the board's search): a calm error toast, not the driver's text, and no sign-out.
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const toasts = page.locator('.toast.toast-error');
    await expect(toasts.first()).toBeVisible();
    // The board asks for its list and its pinned posts: one toast each, both calm.
    for (const text of await toasts.allInnerTexts()) {
      expect(text).toContain('The console cannot reach its database right now');
      expect(text).not.toMatch(/ECONN|terminat|connect /);
    }
    await expect(page).toHaveURL(`${base}/post/index`);

    // A page load: a calm 503 page in place, the address kept, the session cookies kept.
    const answer = await page.goto(`${base}/adminAccount/account`);
    expect(answer?.status()).toBe(503);
    await expect(page).toHaveURL(`${base}/adminAccount/account`);
    await expect(page.getByRole('heading', { name: 'The console is briefly unavailable' })).toBeVisible();
    await expect(page.getByTestId('database-unavailable')).toContainText('Your session is kept');
    await expect(page.getByTestId('database-unavailable')).not.toContainText(/ECONN|terminat/);
    expect(await sessionCookies(page, base)).toEqual(['gsm_at', 'gsm_rt']);

    // Back: the page tries again by itself and opens with the same session, no sign-in.
    proxy!.restore();
    await expect(page).toHaveTitle('Account - GSM Console', { timeout: 20_000 });
    await expect(page.getByRole('menuitem', { name: 'Admin Account' })).toBeVisible();
    const after = await page.context().cookies(base);
    const refreshOf = (cookies: typeof before) => cookies.find((c) => c.name === 'gsm_rt')?.value;
    expect(refreshOf(after)).toBe(refreshOf(before));
  });
});
