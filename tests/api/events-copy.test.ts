import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mainDataContract, retentionContract } from '../../src/lib/analytics/contract';
import { simulateStudio } from '../../src/lib/analytics/simulator';
import { openChdb } from '../../src/lib/analytics/store/chdb-store';
import { openClickhouse } from '../../src/lib/analytics/store/clickhouse-store';
import type { ColumnStore } from '../../src/lib/analytics/store/types';
import { appDetailContract, createAppContract } from '../../src/lib/apps/contract';
import { loginContract } from '../../src/lib/auth/contract';
import { createRequester, type Requester } from '../../src/lib/http/requester';
import { nowMs } from '../../src/lib/time/clock';
import { addDays, dayStart, reportDay } from '../../src/lib/time/day';
import { startClickhouseStandIn } from '../support/clickhouse-stand-in';
import { pgClient, scratchDatabase, startServer } from '../support/own-server';
import { DEMO_PASSWORD } from './helpers';
import { rollUpEverything } from './telemetry-kit';

/**
 * `npm run events:copy` moves a studio's stored events from the console's database (PGlite, or PostgreSQL when
 * TEST_DATABASE_URL is set) to a column store: a copy killed half-way (SIGKILL) and started again ends with every
 * event there once (per-day counts equal), and a console on the column store then answers Main Data and
 * Retention as the console on its database did.
 */
const APP = 'com.copy.events';
const onPostgres = !!process.env.TEST_DATABASE_URL;
const dataDir = mkdtempSync(join(tmpdir(), 'gsm-copy-'));
const chdbPath = join(dataDir, 'copied-chdb');
let databaseUrl = '';
let clickhouse: Awaited<ReturnType<typeof startClickhouseStandIn>>;
const today = () => reportDay(nowMs());
const range = () => ({ apps: [APP], from: addDays(today(), -19), to: today() });
/** What the console on its own database answered, and its events per app-day. */
let sourceMainData: unknown;
let sourceRetention: unknown;
let sourceDays: Record<string, number> = {};

const sourceEnv = () => ({ EVENT_STORE: 'postgres', DEMO_TELEMETRY: '0', DATA_DIR: dataDir, DATABASE_URL: databaseUrl });

async function signedIn(baseUrl: string): Promise<Requester> {
  const { data } = await createRequester({ baseUrl })(loginContract, { username: 'root', password: DEMO_PASSWORD });
  return createRequester({ baseUrl, headers: { authorization: `Bearer ${data.accessToken}` } });
}

async function sourceCounts(): Promise<Record<string, number>> {
  const sql = `SELECT day::text AS day, count(*)::int AS n FROM events WHERE app_id = '${APP}' GROUP BY day ORDER BY day`;
  if (databaseUrl) {
    const client = await pgClient(databaseUrl);
    const { rows } = await client.query<{ day: string; n: number }>(sql);
    await client.end();
    return Object.fromEntries(rows.map((r) => [r.day, r.n]));
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(join(dataDir, 'pg'));
  const { rows } = await db.query<{ day: string; n: number }>(sql);
  await db.close();
  return Object.fromEntries(rows.map((r) => [r.day, r.n]));
}

async function targetCounts(store: ColumnStore): Promise<Record<string, number>> {
  const rows = await store.query<{ day: string; n: string }>(
    `SELECT toString(day) AS day, uniqExact(event_id, sent_day) AS n FROM ${store.database}.events WHERE app_id = {app:String} GROUP BY day ORDER BY day`,
    { app: APP },
  );
  return Object.fromEntries(rows.map((r) => [r.day, Number(r.n)]));
}

/** Runs the copy; with killAt, SIGKILLs it once a progress line shows that many events copied. */
function runCopy(to: 'chdb' | 'clickhouse', options: { killAt?: number; flags?: string[] } = {}) {
  // A copy to be killed pauses after each page: unpaused, an idle machine copied all 7,906 events before the
  // parent read the progress line that triggers the kill.
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, CHDB_PATH: chdbPath, ...(to === 'clickhouse' ? clickhouse.env : {}), ...(options.killAt ? { EVENTS_COPY_PAGE_PAUSE_MS: '25' } : {}) };
  const child = spawn(process.execPath, ['scripts/events-copy.mjs', '--from', 'postgres', '--to', to, '--batch', '150', ...(options.flags ?? [])], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk;
    const copied = [...stderr.matchAll(/\] ([\d,]+) \/ [\d,]+ events/g)].map((m) => Number(m[1]!.replaceAll(',', '')));
    if (options.killAt && copied.some((n) => n >= options.killAt!)) child.kill('SIGKILL');
  });
  return new Promise<{ code: number | null; signal: string | null; stderr: string }>((done) => child.once('exit', (code, signal) => done({ code, signal, stderr })));
}

beforeAll(async () => {
  clickhouse = await startClickhouseStandIn();
  if (onPostgres) databaseUrl = await scratchDatabase(process.env.TEST_DATABASE_URL!, 'events_copy');
  const server = await startServer(sourceEnv(), { keepDir: true });
  try {
    const root = await signedIn(server.baseUrl);
    await root(createAppContract, { id: APP, name: 'Copy', os: [{ os: 1, packageId: `${APP}.android` }, { os: 2, packageId: `${APP}.ios` }] });
    const keys = Object.fromEntries((await root(appDetailContract, { appId: APP })).data.os.map((o) => [o.os, o.sdkAppKey]));
    const send = async (os: number, events: unknown[]) => {
      const response = await fetch(`${server.baseUrl}/api/sdk/v1/analytics/events`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-sdk-key': keys[os]! }, body: JSON.stringify({ events }) });
      expect(response.status).toBe(200);
    };
    const platforms = [{ os: 1 as const, key: 'android', share: 2 }, { os: 2 as const, key: 'ios', share: 1 }];
    for (const batch of simulateStudio({ apps: [{ appId: APP, platforms }], users: 60, days: 20, seed: 4343, now: nowMs() })) await send(batch.os, batch.events);
    // Clamped device times (stored at the receive time, the time sent kept) and a late first_open.
    const now = nowMs();
    const noon = (day: string) => dayStart(day) + 12 * 3_600_000;
    await send(1, [
      { id: 'fut', name: 'session_start', userId: 'clock', time: now + 86_400_000, appVersion: '2.0.0', country: 'VN', params: {} },
      { id: 'old', name: 'session_start', userId: 'clock', time: now - 400 * 86_400_000, appVersion: '2.0.0', country: 'VN', params: {} },
      { id: 'late-1', name: 'first_open', userId: 'late', time: noon(addDays(today(), -6)), appVersion: '1.9.0', country: 'US', params: {} },
    ]);
    await rollUpEverything(root as never);
    sourceMainData = (await root(mainDataContract, range())).data;
    sourceRetention = (await root(retentionContract, range())).data;
  } finally {
    await server.stop();
  }
  sourceDays = await sourceCounts();
}, 300_000);

afterAll(async () => {
  await clickhouse?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe.each(['clickhouse', 'chdb'] as const)('events:copy --from postgres --to %s', (to) => {
  it('killed half-way and started again, copies every event once: per-day counts and the reports equal the source', async () => {
    const total = Object.values(sourceDays).reduce((s, n) => s + n, 0);
    expect(total).toBeGreaterThan(3000);

    const killed = await runCopy(to, { killAt: Math.floor(total / 2) });
    expect(killed.signal, killed.stderr).toBe('SIGKILL');
    expect(killed.stderr).toContain(`/ ${total.toLocaleString('en-US')} events`);
    expect(killed.stderr).not.toContain('count check');

    const resumed = await runCopy(to);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(/resuming after \d{4}-\d\d-\d\d \(([\d,]+) copied\)/);
    const resumedFrom = Number(/resuming after \S+ \(([\d,]+) copied\)/.exec(resumed.stderr)![1]!.replaceAll(',', ''));
    expect(resumedFrom).toBeGreaterThanOrEqual(Math.floor(total / 2));
    expect(resumedFrom).toBeLessThan(total);
    expect(resumed.stderr).toContain(`${total.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} events (100.0%)`);
    expect(resumed.stderr).toContain(`count check: ${Object.keys(sourceDays).length} app-days, ${total.toLocaleString('en-US')} events, source = target for each`);

    const store = to === 'chdb' ? await openChdb(chdbPath, 'gsm') : await openClickhouse({ kind: 'clickhouse', url: clickhouse.url, user: clickhouse.env.CLICKHOUSE_USER, password: clickhouse.env.CLICKHOUSE_PASSWORD, database: clickhouse.env.CLICKHOUSE_DATABASE });
    try {
      expect(await targetCounts(store)).toEqual(sourceDays);
      // chdb's reports read without FINAL: after the copy the table holds one row an event, a re-sent page merged.
      if (to === 'chdb') {
        const [rows] = await store.query<{ n: string }>(`SELECT count() AS n FROM ${store.database}.events WHERE app_id = {app:String}`, { app: APP });
        expect(Number(rows!.n)).toBe(total);
      }
    } finally {
      await store.close();
    }

    const server = await startServer({ ...sourceEnv(), ...(to === 'chdb' ? { EVENT_STORE: 'chdb', CHDB_PATH: chdbPath } : clickhouse.env) }, { keepDir: true });
    try {
      const root = await signedIn(server.baseUrl);
      expect((await root(mainDataContract, range())).data).toEqual(sourceMainData);
      expect((await root(retentionContract, range())).data).toEqual(sourceRetention);
    } finally {
      await server.stop();
    }
  }, 300_000);
});

describe('events:copy while the console runs', () => {
  it.skipIf(!onPostgres)('on PostgreSQL: the console keeps answering during a copy, and --fix copies an app-day that grew after it was copied', async () => {
    const server = await startServer(sourceEnv(), { keepDir: true });
    try {
      const root = await signedIn(server.baseUrl);
      const copy = runCopy('clickhouse', { flags: ['--restart'] });
      let running = true;
      void copy.then(() => (running = false));
      let answeredDuring = 0;
      while (running) {
        const answer = await root(mainDataContract, range());
        expect(answer.data).toEqual(sourceMainData);
        if (running) answeredDuring++;
      }
      expect((await copy).code).toBe(0);
      expect(answeredDuring).toBeGreaterThan(0);

      // An event stored after its day was copied: the count check names the app-day, --fix copies it again.
      const day = addDays(today(), -15);
      const key = (await root(appDetailContract, { appId: APP })).data.os.find((o) => o.os === 1)!.sdkAppKey;
      const late = { id: 'after-copy', name: 'session_start', userId: 'late', time: dayStart(day) + 12 * 3_600_000, appVersion: '2.0.0', country: 'VN', params: {} };
      const sent = await fetch(`${server.baseUrl}/api/sdk/v1/analytics/events`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-sdk-key': key }, body: JSON.stringify({ events: [late] }) });
      expect(sent.status).toBe(200);
      const checked = await runCopy('clickhouse');
      expect(checked.code, checked.stderr).toBe(1);
      expect(checked.stderr).toContain(`count check: 1 of ${Object.keys(sourceDays).length} app-days differ`);
      expect(checked.stderr).toContain(`${APP} ${day} source ${sourceDays[day]! + 1} target ${sourceDays[day]}`);
      const fixed = await runCopy('clickhouse', { flags: ['--fix'] });
      expect(fixed.code, fixed.stderr).toBe(0);
      expect(fixed.stderr).toContain(`copying ${APP} ${day} again`);
      expect(fixed.stderr).toContain(`count check: ${Object.keys(sourceDays).length} app-days`);
    } finally {
      await server.stop();
    }
  }, 300_000);

  it.skipIf(onPostgres)('on PGlite: refuses while a console has the data folder open (one process per folder)', async () => {
    const server = await startServer(sourceEnv(), { keepDir: true });
    try {
      const refused = await runCopy('chdb');
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain(`[events:copy] the console's database in ${dataDir} is open in process ${server.pid}: stop the console first (PGlite allows one process per data folder).`);
    } finally {
      await server.stop();
    }
  }, 300_000);
});
