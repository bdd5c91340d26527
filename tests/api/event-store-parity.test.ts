import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { levelContract, levelRetentionContract, mainDataContract, retentionContract } from '../../src/lib/analytics/contract';
import { levelMiniGameScreen } from '../../src/lib/analytics/screens';
import { simulateStudio } from '../../src/lib/analytics/simulator';
import { appDetailContract, createAppContract } from '../../src/lib/apps/contract';
import { loginContract } from '../../src/lib/auth/contract';
import { historyContracts } from '../../src/lib/history/kinds';
import { createRequester, type Requester } from '../../src/lib/http/requester';
import { nowMs } from '../../src/lib/time/clock';
import { addDays, dayStart, reportDay } from '../../src/lib/time/day';
import { startClickhouseStandIn } from '../support/clickhouse-stand-in';
import { startServer } from '../support/own-server';
import { baseUrl, DEMO_PASSWORD } from './helpers';
import { ingest } from './game-players';
import { rollUpEverything } from './telemetry-kit';

/**
 * The event stores give the same figures for the same events (issue 43): the suite's server (PGlite or
 * PostgreSQL, EVENT_STORE=postgres, its rollups) and two servers of this file's own — EVENT_STORE=chdb (raw
 * events on embedded ClickHouse) and EVENT_STORE=clickhouse (a ClickHouse server: the local stand-in speaking its
 * HTTP interface, with a user and password) — receive the same SDK batches (a simulated studio, a resent batch,
 * a late first_open that moves an install, clamped device times) and must answer the same reports.
 */

interface Console {
  baseUrl: string;
  root: Requester;
  keys: Record<number, string>;
}

const APP = 'com.parity.events';
let reference: Console;
/** The consoles on a column store, by EVENT_STORE. */
let stores: [string, Console][] = [];
const stops: (() => Promise<void>)[] = [];
const today = () => reportDay(nowMs());
/** The simulated player with the most events (their history logs are compared page by page). */
let busiest = '';

async function consoleAt(url: string): Promise<Console> {
  const { data } = await createRequester({ baseUrl: url })(loginContract, { username: 'root', password: DEMO_PASSWORD });
  const root = createRequester({ baseUrl: url, headers: { authorization: `Bearer ${data.accessToken}` } });
  await root(createAppContract, { id: APP, name: 'Parity', os: [{ os: 1, packageId: `${APP}.android` }, { os: 2, packageId: `${APP}.ios` }] });
  const detail = (await root(appDetailContract, { appId: APP })).data;
  return { baseUrl: url, root, keys: Object.fromEntries(detail.os.map((o) => [o.os, o.sdkAppKey])) };
}

async function send(target: Console, os: number, events: unknown[]) {
  const response = await ingest(target.keys[os]!, events, { base: target.baseUrl });
  expect(response.status).toBe(200);
  return response.json.data!;
}

/** Sends a batch to every console; all must answer it alike (accepted, duplicates, refusals, clamps). */
async function sendBoth(os: number, events: unknown[]) {
  const [a, ...others] = await Promise.all([send(reference, os, events), ...stores.map(([, c]) => send(c, os, events))]);
  for (const [i, b] of others.entries()) expect(b, stores[i]![0]).toEqual(a);
  return a!;
}

const noon = (day: string, seconds = 0) => dayStart(day) + 12 * 3_600_000 + seconds * 1000;
const ev = (id: string, name: string, userId: string, time: number, params: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
  id, name, userId, time, appVersion: '2.0.0', country: 'VN', params, ...extra,
});

beforeAll(async () => {
  const clickhouse = await startClickhouseStandIn();
  stops.push(() => clickhouse.stop());
  // One after the other: two starting at once on a busy 2-core machine may miss the start deadline.
  const servers = [];
  for (const env of [{ EVENT_STORE: 'chdb' }, clickhouse.env]) {
    const server = await startServer({ ...env, DATABASE_URL: '', DEMO_TELEMETRY: '0' });
    stops.unshift(() => server.stop());
    servers.push(server);
  }
  reference = await consoleAt(baseUrl);
  stores = [
    ['chdb', await consoleAt(servers[0]!.baseUrl)],
    ['clickhouse', await consoleAt(servers[1]!.baseUrl)],
  ];
  const now = nowMs();
  // A small studio's 20 days (sessions, levels, ads, purchases, quests…), exactly as the SDK would send it.
  const platforms = [
    { os: 1 as const, key: 'android', share: 2 },
    { os: 2 as const, key: 'ios', share: 1 },
  ];
  let first: { os: number; events: unknown[] } | null = null;
  const counts = new Map<string, number>();
  for (const batch of simulateStudio({ apps: [{ appId: APP, platforms }], users: 80, days: 20, seed: 43, now })) {
    first ??= batch;
    for (const e of batch.events) counts.set(e.userId, (counts.get(e.userId) ?? 0) + 1);
    await sendBoth(batch.os, batch.events);
  }
  busiest = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
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
  for (const stop of stops) await stop();
});

/**
 * A report's answer on every console must be the reference's (pending app-days included: none once rolled up,
 * and a column store has none to report). Answers the reference's.
 */
async function same<T>(ask: (c: Console) => Promise<{ data: T }>, what = ''): Promise<T> {
  const [a, ...others] = await Promise.all([ask(reference), ...stores.map(([, c]) => ask(c))]);
  for (const [i, b] of others.entries()) expect(b.data, `${stores[i]![0]} ${what}`).toEqual(a!.data);
  return a!.data;
}

describe('EVENT_STORE=chdb and clickhouse answer what EVENT_STORE=postgres answers for the same events', () => {
  const range = () => ({ apps: [APP], from: addDays(today(), -19), to: today() });

  it('Main Data: installs, DAU, sessions, ads, IAP and payers per day, unfiltered and filtered', async () => {
    const { rows, pending } = await same((c) => c.root(mainDataContract, range()));
    expect(pending).toBe(0);
    expect(rows.reduce((s, r) => s + r.installs, 0)).toBeGreaterThan(50);
    expect(rows.reduce((s, r) => s + r.iapRevenue, 0)).toBeGreaterThan(0);
    for (const filters of [{ os: 2 }, { countries: ['US'] }, { version: '1.9.0' }, { os: 1, countries: ['VN', 'US'] }]) {
      await same((c) => c.root(mainDataContract, { ...range(), ...filters }), JSON.stringify(filters));
    }
  });

  it('Retention D0..D30 by install cohort, unfiltered and filtered', async () => {
    const { cohorts } = await same((c) => c.root(retentionContract, range()));
    expect(cohorts.some((c) => (c.retained[1] ?? 0) > 0)).toBe(true);
    await same((c) => c.root(retentionContract, { ...range(), os: 1, countries: ['US'] }), 'filtered');
  });

  it('Level (main and mini-game levels) and Level retention, unfiltered and filtered', async () => {
    const main = await same((c) => c.root(levelContract, range()), 'level');
    expect(main.levels.length).toBeGreaterThan(3);
    await same((c) => c.root(levelContract, { ...range(), os: 2 }), 'level ios');
    await same((c) => c.root(levelMiniGameScreen.contract, range()), 'mini-game level');
    const cohorts = await same((c) => c.root(levelRetentionContract, { ...range(), maxLevel: 20 }), 'level retention');
    expect(cohorts.cohorts.some((c) => c.reached[0]! > 0)).toBe(true);
    await same((c) => c.root(levelRetentionContract, { ...range(), maxLevel: 20, countries: ['US'] }), 'level retention US');
  });

  // Some 60 pages on three consoles: more than the suite's 20 s on a busy machine.
  it("a player's history logs, page by page", async () => {
    const q = { appId: APP, userId: 'late', from: addDays(today(), -30), to: today() };
    const iap = await same((c) => c.root(historyContracts.iapLog!.list, { ...q, limit: 50 }), 'iapLog');
    expect(iap.rows.map((r) => [r.eventId, r.params.transactionId, r.os])).toEqual([['late-p', 'parity-t1', 2]]);
    // The busiest simulated player's logs of five kinds, three rows a page, followed by cursor to the end.
    for (const kind of ['level', 'adsLog', 'adImpression', 'resource', 'taskQuest'] as const) {
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await same((c) => c.root(historyContracts[kind]!.list, { ...q, userId: busiest, limit: 3, ...(cursor ? { cursor } : {}) }), `${kind} page ${pages}`);
        cursor = page.nextCursor ?? undefined;
        pages++;
      } while (cursor && pages < 40);
    }
  }, 120_000);
});
