import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { allAccountContract, lockedAccountsContract, unlockAccountContract } from '../../src/lib/accounts/contract';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_PASSWORD } from '../support/test-server';
import { scratchDatabase, startServer } from '../support/own-server';
import { baseUrl, ownAccount, rejection, signedInAs } from './helpers';

/**
 * A sign-in from a given loopback address (127.0.0.x): the server sees each as another client, so a test can
 * be two people at once without a proxy.
 */
function signInFrom(from: string, username: string, password: string, base = baseUrl, cookie?: string): Promise<{ status: number; retryAfter: string | null; deviceCookie: string | null }> {
  const url = new URL('/api/auth/login', base);
  const body = JSON.stringify({ username, password });
  return new Promise((done, fail) => {
    const req = request(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', localAddress: from, agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...(cookie ? { cookie } : {}) } },
      (res) => {
        res.resume();
        const device = (res.headers['set-cookie'] ?? []).find((c) => c.startsWith('gsm_dev='))?.split(';')[0] ?? null;
        res.on('end', () => done({ status: res.statusCode ?? 0, retryAfter: (res.headers['retry-after'] as string | undefined) ?? null, deviceCookie: device }));
      },
    );
    req.on('error', fail);
    req.end(body);
  });
}

describe('sign-in throttle holds under a burst of parallel guesses', () => {
  it('checks at most 5 of 300 parallel guesses and refuses the right password sent among them late', async () => {
    const victim = await ownAccount('thr-burst');
    const guesses = Array.from({ length: 300 }, (_, i) => (i === 250 ? victim.password : `wrong-guess-${i}`));
    const answers = await Promise.all(guesses.map((password) => signInFrom('127.0.0.1', victim.username, password)));
    const statuses = answers.map((a) => a.status);
    expect(statuses).not.toContain(200);
    // A 401 is a password that was checked; everything else was refused before the hash.
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(295);
    expect(Number(answers.find((a) => a.status === 429)!.retryAfter)).toBeGreaterThan(0);
    // Still throttled afterwards from that address, even with the right password.
    expect((await signInFrom('127.0.0.1', victim.username, victim.password)).status).toBe(429);
  });

  it('does not lock the account for another address, and an administrator can unlock it', async () => {
    const victim = await ownAccount('thr-unlock');
    for (let i = 0; i < 6; i++) await signInFrom('127.0.0.3', victim.username, `wrong-${i}`);
    expect((await signInFrom('127.0.0.3', victim.username, victim.password)).status).toBe(429);
    // The real owner, elsewhere, signs in as usual.
    expect((await signInFrom('127.0.0.4', victim.username, victim.password)).status).toBe(200);

    const root = await signedInAs('root');
    expect((await root(lockedAccountsContract)).data).toContain(victim.username);
    // The account list says so on the account's row (where its Unblock action is).
    const listed = async () => (await root(allAccountContract, { textSearch: victim.username })).data[0]!.locked;
    expect(await listed()).toBe(true);
    const unlocked = await root(unlockAccountContract, { username: victim.username });
    expect(unlocked.data).toEqual({ username: victim.username, cleared: 1 });
    expect((await root(lockedAccountsContract)).data).not.toContain(victim.username);
    expect(await listed()).toBe(false);
    expect((await signInFrom('127.0.0.3', victim.username, victim.password)).status).toBe(200);
  });

  it('caps one username across addresses for browsers that never signed in as it, and lets the owner\'s browser in', async () => {
    const victim = await ownAccount('thr-spread');
    const other = await ownAccount('thr-other');
    // The owner signed in before from their browser, which keeps the device cookie; so did another account's.
    const owner = await signInFrom('127.0.2.200', victim.username, victim.password);
    expect([owner.status, owner.deviceCookie]).toEqual([200, expect.stringMatching(/^gsm_dev=.+/)]);
    const othersDevice = (await signInFrom('127.0.2.201', other.username, other.password)).deviceCookie!;
    // A guesser spreads 20 wrong passwords over 20 addresses: one each, far under the 5 allowed per address.
    for (let i = 1; i <= 20; i++) expect((await signInFrom(`127.0.2.${i}`, victim.username, `spread-${i}`)).status).toBe(401);
    // Now a client without the username's device cookie is refused before its password is checked, the right
    // password from a new address included; a forged cookie or another account's proves nothing.
    expect((await signInFrom('127.0.2.99', victim.username, victim.password)).status).toBe(429);
    expect((await signInFrom('127.0.2.98', victim.username, victim.password, baseUrl, 'gsm_dev=eyJraW5kIjoiZGV2aWNlIn0.forged')).status).toBe(429);
    expect((await signInFrom('127.0.2.97', victim.username, victim.password, baseUrl, othersDevice)).status).toBe(429);
    // The owner's browser signs in, from anywhere.
    expect((await signInFrom('127.0.2.96', victim.username, victim.password, baseUrl, owner.deviceCookie!)).status).toBe(200);
    // The account list marks it locked, and an administrator's unlock frees new browsers too.
    const root = await signedInAs('root');
    expect((await root(lockedAccountsContract)).data).toContain(victim.username);
    expect((await root(unlockAccountContract, { username: victim.username })).data).toEqual({ username: victim.username, cleared: 1 });
    expect((await signInFrom('127.0.2.99', victim.username, victim.password)).status).toBe(200);
  });

  it('lets only account managers unlock', async () => {
    const viewer = await ownAccount('thr-viewer', { paths: ['/adminAccount/account'] });
    const refused = await rejection(viewer(unlockAccountContract, { username: 'root' }));
    expect(refused.status).toBe(403);
    const missing = await rejection((await signedInAs('root'))(unlockAccountContract, { username: 'nobody-here' }));
    expect([missing.status, missing.serverMessage]).toEqual([404, 'Account "nobody-here" does not exist.']);
  });
});

describe('sign-in throttle across processes', () => {
  it('holds when the burst is split over two server processes (PostgreSQL); the embedded database admits one process only', async () => {
    const pgUrl = process.env.TEST_DATABASE_URL;
    if (!pgUrl) {
      // PGlite: a second process on the same directory is refused, so there is no second counter to race.
      const dir = mkdtempSync(join(tmpdir(), 'gsm-thr-'));
      const first = await startServer({ DATABASE_URL: '', DATA_DIR: dir, DEMO_TELEMETRY: '0', SCHEDULER: 'off' }, { keepDir: true });
      try {
        const refusal = /already open in process/;
        await expect(startServer({ DATABASE_URL: '', DATA_DIR: dir, DEMO_TELEMETRY: '0', SCHEDULER: 'off' }, { keepDir: true, refusal })).rejects.toThrow(refusal);
      } finally {
        await first.stop();
        rmSync(dir, { recursive: true, force: true });
      }
      return;
    }
    const url = await scratchDatabase(pgUrl, 'throttle');
    const a = await startServer({ DATABASE_URL: url, DEMO_TELEMETRY: '0', SCHEDULER: 'off' });
    const b = await startServer({ DATABASE_URL: url, DEMO_TELEMETRY: '0', SCHEDULER: 'off' });
    try {
      const guesses = Array.from({ length: 300 }, (_, i) => (i === 260 ? DEMO_PASSWORD : `wrong-guess-${i}`));
      const answers = await Promise.all(guesses.map((password, i) => signInFrom('127.0.0.5', 'analyst', password, i % 2 ? a.baseUrl : b.baseUrl)));
      const statuses = answers.map((x) => x.status);
      expect(statuses).not.toContain(200);
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  }, 120_000);
});
