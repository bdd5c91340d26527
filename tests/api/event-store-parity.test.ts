import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mainDataContract, retentionContract } from '../../src/lib/analytics/contract';
import { simulateStudio } from '../../src/lib/analytics/simulator';
import { appDetailContract, createAppContract } from '../../src/lib/apps/contract';
import { loginContract } from '../../src/lib/auth/contract';
import { historyContracts } from '../../src/lib/history/kinds';
import { createRequester, type Requester } from '../../src/lib/http/requester';
import { nowMs } from '../../src/lib/time/clock';
import { addDays, dayStart, reportDay } from '../../src/lib/time/day';
import { startServer } from '../support/own-server';
import { baseUrl, DEMO_PASSWORD } from './helpers';
import { rollUpEverything } from './telemetry-kit';

/**
 * The event stores give the same figures for the same events (issue 43): the suite's server (PGlite or
 * PostgreSQL, EVENT_STORE=postgres, its rollups) and a server of this file's own on EVENT_STORE=chdb (raw
 * events on embedded ClickHouse) receive the same SDK batches — a simulated studio, a resent batch, a late
 * first_open that moves an install, clamped device times — and must answer the same reports.
 */

interface Console {
  baseUrl: string;
  root: Requester;
  keys: Record<number, string>;
}

const APP = 'com.parity.events';
let reference: Console;
let chdb: Console;
let chdbServer: Awaited<ReturnType<typeof startServer>>;
const today = () => reportDay(nowMs());

async function consoleAt(url: string): Promise<Console> {
  const { data } = await createRequester({ baseUrl: url })(loginContract, { username: 'root', password: DEMO_PASSWORD });
  const root = createRequester({ baseUrl: url, headers: { authorization: `Bearer ${data.accessToken}` } });
  await root(createAppContract, { id: APP, name: 'Parity', os: [{ os: 1, packageId: `${APP}.android` }, { os: 2, packageId: `${APP}.ios` }] });
  const detail = (await root(appDetailContract, { appId: APP })).data;
  return { baseUrl: url, root, keys: Object.fromEntries(detail.os.map((o) => [o.os, o.sdkAppKey])) };
}

async function send(target: Console, os: number, events: unknown[]) {
  const response = await fetch(`${target.baseUrl}/api/sdk/v1/analytics/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-sdk-key': target.keys[os]! },
    body: JSON.stringify({ events }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { accepted: number; duplicates: number; rejected: unknown[]; clamped: unknown[] } }).data;
}

/** Sends a batch to both consoles; both must answer it alike (accepted, duplicates, refusals, clamps). */
async function sendBoth(os: number, events: unknown[]) {
  const [a, b] = await Promise.all([send(reference, os, events), send(chdb, os, events)]);
  expect(b).toEqual(a);
  return a;
}

const noon = (day: string, seconds = 0) => dayStart(day) + 12 * 3_600_000 + seconds * 1000;
const ev = (id: string, name: string, userId: string, time: number, params: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
  id, name, userId, time, appVersion: '2.0.0', country: 'VN', params, ...extra,
});

beforeAll(async () => {
  chdbServer = await startServer({ EVENT_STORE: 'chdb', DATABASE_URL: '', DEMO_TELEMETRY: '0' });
  [reference, chdb] = await Promise.all([consoleAt(baseUrl), consoleAt(chdbServer.baseUrl)]);
  const now = nowMs();
  // A small studio's 20 days (sessions, levels, ads, purchases, quests…), exactly as the SDK would send it.
  const platforms = [
    { os: 1 as const, key: 'android', share: 2 },
    { os: 2 as const, key: 'ios', share: 1 },
  ];
  let first: { os: number; events: unknown[] } | null = null;
  for (const batch of simulateStudio({ apps: [{ appId: APP, platforms }], users: 80, days: 20, seed: 43, now })) {
    first ??= batch;
    await sendBoth(batch.os, batch.events);
  }
  // A resent batch: every event a duplicate on both.
  const again = await sendBoth(first!.os, first!.events);
  expect(again.duplicates).toBe(first!.events.length);
  // Hand-made cases: a player whose late first_open (sent after their later one) moves the install two days
  // earlier, their iOS purchase, and clamped device times (future and ancient: stored at the receive time).
  const d = (n: number) => addDays(today(), -n);
  await sendBoth(1, [ev('late-2', 'first_open', 'late', noon(d(3))), ev('late-s', 'session_start', 'late', noon(d(3), 5)), ev('late-a', 'session_start', 'late', noon(d(1)))]);
  await sendBoth(1, [ev('late-1', 'first_open', 'late', noon(d(5)), {}, { country: 'US', appVersion: '1.9.0' })]);
  await sendBoth(2, [ev('late-p', 'iap_purchase', 'late', noon(d(1), 9), { productId: 'gems', priceMicros: 990_000, currency: 'USD', revenueUsdMicros: 990_000, transactionId: 'parity-t1', store: 'app_store' })]);
  const clamped = await sendBoth(1, [ev('fut', 'session_start', 'clock', now + 86_400_000), ev('old', 'session_start', 'clock', now - 400 * 86_400_000)]);
  expect(clamped.clamped).toHaveLength(2);
  await rollUpEverything(reference.root as never);
}, 300_000);

afterAll(async () => {
  await chdbServer?.stop();
});

/** A report's answer on both consoles, without what only the rollups have (app-days still pending: none once rolled up). */
async function both<T extends { pending?: number }>(ask: (c: Console) => Promise<{ data: T }>) {
  const [a, b] = await Promise.all([ask(reference), ask(chdb)]);
  const { pending: pa, ...ra } = a.data;
  const { pending: pb, ...rb } = b.data;
  expect([pa ?? 0, pb ?? 0]).toEqual([0, 0]);
  return [ra, rb] as const;
}

describe('EVENT_STORE=chdb answers what EVENT_STORE=postgres answers for the same events', () => {
  const range = () => ({ apps: [APP], from: addDays(today(), -19), to: today() });

  it('Main Data: installs, DAU, sessions, ads, IAP and payers per day, unfiltered and filtered', async () => {
    const [a, b] = await both((c) => c.root(mainDataContract, range()));
    expect(b).toEqual(a);
    const rows = (a as { rows: { installs: number; dau: number; iapRevenue: number }[] }).rows;
    expect(rows.reduce((s, r) => s + r.installs, 0)).toBeGreaterThan(50);
    expect(rows.reduce((s, r) => s + r.iapRevenue, 0)).toBeGreaterThan(0);
    for (const filters of [{ os: 2 }, { countries: ['US'] }, { version: '1.9.0' }, { os: 1, countries: ['VN', 'US'] }]) {
      const [fa, fb] = await both((c) => c.root(mainDataContract, { ...range(), ...filters }));
      expect(fb, JSON.stringify(filters)).toEqual(fa);
    }
  });

  it('Retention D0..D30 by install cohort, unfiltered and filtered', async () => {
    const [a, b] = await both((c) => c.root(retentionContract, range()));
    expect(b).toEqual(a);
    const cohorts = (a as { cohorts: { retained: (number | null)[] }[] }).cohorts;
    expect(cohorts.some((c) => (c.retained[1] ?? 0) > 0)).toBe(true);
    const [fa, fb] = await both((c) => c.root(retentionContract, { ...range(), os: 1, countries: ['US'] }));
    expect(fb).toEqual(fa);
  });

  it("a player's history logs, page by page", async () => {
    const q = { appId: APP, userId: 'late', from: addDays(today(), -30), to: today() };
    for (const kind of ['iapLog', 'level', 'adsLog'] as const) {
      const [a, b] = await Promise.all([reference.root(historyContracts[kind]!.list, { ...q, limit: 50 }), chdb.root(historyContracts[kind]!.list, { ...q, limit: 50 })]);
      expect(b.data, kind).toEqual(a.data);
    }
    const iap = (await chdb.root(historyContracts.iapLog!.list, { ...q, limit: 50 })).data.rows;
    expect(iap.map((r) => [r.eventId, r.params.transactionId, r.os])).toEqual([['late-p', 'parity-t1', 2]]);
  });
});
