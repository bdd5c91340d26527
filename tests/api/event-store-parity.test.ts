import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { levelContract, levelRetentionContract, mainDataContract, retentionContract } from '../../src/lib/analytics/contract';
import { levelMiniGameScreen } from '../../src/lib/analytics/screens';
import { stuckGameScreen } from '../../src/lib/analytics/stuck/screens';
import { experimentSaveContract, experimentStartContract } from '../../src/lib/experiments/contract';
import { abOtherScreen, abRetentionScreen } from '../../src/lib/experiments/screens';
import { sdkCheckContract, trackingPlanViewContract } from '../../src/lib/sdk-check/contract';
import { testEventsContract } from '../../src/lib/testing/contract';
import {
  adsImpressionScreen, adviewOverviewScreen, adviewScreen, appMeasurementScreen, cvrScreen, firstIapScreen, inappOverviewScreen, inappScreen, subscriptionScreen,
} from '../../src/lib/analytics/money/screens';
import { cohortLevelScreen, cohortRevenueScreen } from '../../src/lib/analytics/cohort/screens';
import {
  counterVerticalScreen, funnelScreen, measurementScreen, resourceEarnScreen, resourceOverviewScreen, resourceSpendScreen, taskQuestScreen,
} from '../../src/lib/analytics/play/screens';
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
  /** The parity experiment's id on this console (ids are each database's own). */
  experiment?: string;
}

const APP = 'com.parity.events';
let reference: Console;
/** The consoles on a column store, by EVENT_STORE. */
let stores: [string, Console][] = [];
const stops: (() => Promise<void>)[] = [];
const today = () => reportDay(nowMs());
/** The simulated player with the most events (their history logs are compared page by page). */
let busiest = '';
/** The simulated players, in the order of their first event. */
let players: string[] = [];

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
  players = [...counts.keys()];
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

/** Each compared request's time per console, printed after the file. */
const timings: string[] = [];

afterAll(async () => {
  console.info(`[parity] request times (API round trip, this machine's load included):\n${timings.join('\n')}`);
  for (const stop of stops) await stop();
});

/**
 * A report's answer on every console must be the reference's (pending app-days included: none once rolled up,
 * and a column store has none to report). Answers the reference's.
 */
async function same<T>(ask: (c: Console) => Promise<{ data: T }>, what = '', comparable: (answer: T) => unknown = (answer) => answer): Promise<T> {
  const timed = async (name: string, c: Console) => {
    const started = performance.now();
    const answer = await ask(c);
    if (what) timings.push(`${what} on ${name}: ${(performance.now() - started).toFixed(0)} ms`);
    return answer;
  };
  // Asked of all consoles at once (the times printed at the end include their sharing the machine).
  const [a, ...others] = await Promise.all([timed('reference', reference), ...stores.map(([name, c]) => timed(name, c))]);
  for (const [i, b] of others.entries()) expect(comparable(b.data), `${stores[i]![0]} ${what}`).toEqual(comparable(a!.data));
  return a!.data;
}

/** An instant each console stamps itself (its receipt of a batch, its read): only its being one is compared. */
const stamped = (v: string | null) => (v === null ? null : expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/));

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

  it('Ads and money: ad funnel, impressions, IAP by day and product, first IAP, subscriptions, CVR and App Measurement, unfiltered and filtered', async () => {
    for (const filters of [{}, { os: 2 }, { countries: ['US'] }, { version: '1.9.0' }]) {
      const f = { ...range(), ...filters };
      const label = JSON.stringify(filters);
      for (const adFormat of ['all', 'rewarded'] as const) await same((c) => c.root(adviewOverviewScreen.contract, { ...f, adFormat }), `adviewOverview ${adFormat} ${label}`);
      for (const by of ['placement', 'network', 'format', 'reason'] as const) await same((c) => c.root(adviewScreen.contract, { ...f, by }), `adview ${by} ${label}`);
      for (const by of ['day', 'network', 'format', 'placement'] as const) await same((c) => c.root(adsImpressionScreen.contract, { ...f, by }), `adsImpression ${by} ${label}`);
      const inapp = await same((c) => c.root(inappOverviewScreen.contract, f), `inappOverview ${label}`);
      if (label === '{}') expect(inapp.rows.reduce((n, r) => n + r.purchases, 0)).toBeGreaterThan(0);
      await same((c) => c.root(inappScreen.contract, f), `inapp ${label}`);
      for (const by of ['product', 'daysSinceInstall', 'level'] as const) await same((c) => c.root(firstIapScreen.contract, { ...f, by }), `firstIap ${by} ${label}`);
      for (const by of ['day', 'product'] as const) await same((c) => c.root(subscriptionScreen.contract, { ...f, by }), `subscription ${by} ${label}`);
      for (const goal of ['purchase', 'rewarded', 'level1'] as const) await same((c) => c.root(cvrScreen.contract, { ...f, goal }), `cvr ${goal} ${label}`);
      await same((c) => c.root(appMeasurementScreen.contract, f), `appMeasurement ${label}`);
    }
  }, 120_000);

  it('Cohort views: activity and revenue by day since install, and highest level reached, unfiltered and filtered', async () => {
    for (const filters of [{}, { os: 1, countries: ['US'] }]) {
      const activity = await same((c) => c.root(cohortRevenueScreen.contract, { ...range(), ...filters }), `cohort activity ${JSON.stringify(filters)}`);
      if (!('os' in filters)) expect(activity.cohorts.some((c) => (c.cells[1]?.users ?? 0) > 0)).toBe(true);
      await same((c) => c.root(cohortLevelScreen.contract, { ...range(), ...filters }), `cohort level ${JSON.stringify(filters)}`);
    }
  }, 120_000);

  it('Play: task quests, resources, funnels, counters and measurements, unfiltered and filtered', async () => {
    for (const filters of [{}, { os: 2 }, { countries: ['US'] }]) {
      const f = { ...range(), ...filters };
      const label = JSON.stringify(filters);
      await same((c) => c.root(taskQuestScreen.contract, f), `taskQuest ${label}`);
      const overview = await same((c) => c.root(resourceOverviewScreen.contract, f), `resourceOverview ${label}`);
      for (const resource of overview.resources) {
        await same((c) => c.root(resourceOverviewScreen.contract, { ...f, resource }), `resourceOverview ${resource} ${label}`);
        await same((c) => c.root(resourceEarnScreen.contract, { ...f, resource }), `resourceEarn ${resource} ${label}`);
        await same((c) => c.root(resourceSpendScreen.contract, { ...f, resource }), `resourceSpend ${resource} ${label}`);
      }
      const funnels = await same((c) => c.root(funnelScreen.contract, f), `funnel ${label}`);
      for (const funnel of funnels.funnels) await same((c) => c.root(funnelScreen.contract, { ...f, funnel }), `funnel ${funnel} ${label}`);
      await same((c) => c.root(counterVerticalScreen.contract, f), `counters ${label}`);
      const measured = await same((c) => c.root(measurementScreen.contract, f), `measurement ${label}`);
      if (label === '{}') expect(measured.names.length).toBeGreaterThan(0);
      for (const name of measured.names) {
        for (const by of ['version', 'os', 'day'] as const) await same((c) => c.root(measurementScreen.contract, { ...f, name, by }), `measurement ${name} ${by} ${label}`);
      }
    }
  }, 180_000);

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

describe('EVENT_STORE=chdb and clickhouse answer Stuck Game, A/B, Check SDK and the test screens as EVENT_STORE=postgres does', () => {
  const range = () => ({ apps: [APP], from: addDays(today(), -19), to: today() });
  const consoles = () => [reference, ...stores.map(([, c]) => c)];

  beforeAll(async () => {
    // The same experiment on every console (its id is each database's), and the same exposures of 60 simulated
    // players over 14 days: some exposed again later under the other variant (the first counts), one under a
    // variant the experiment does not have (not counted).
    const d = (n: number) => addDays(today(), -n);
    for (const c of consoles()) {
      const { data } = await c.root(experimentSaveContract, { appId: APP, name: 'Parity A/B', variantSpec: 'control:50, B:50', startDay: d(19) });
      await c.root(experimentStartContract, { id: data.id });
      c.experiment = String(data.id);
    }
    const exposures = (experiment: string) => [
      ...players.slice(0, 60).map((u, i) => ev(`exp-${i}`, 'experiment_exposure', u, noon(d(3 + (i % 14)), i), { experiment, variant: i % 2 ? 'B' : 'control' })),
      ...players.slice(0, 10).map((u, i) => ev(`exp-again-${i}`, 'experiment_exposure', u, noon(d(1), i), { experiment, variant: i % 2 ? 'control' : 'B' })),
      ev('exp-stray', 'experiment_exposure', players[61]!, noon(d(5)), { experiment, variant: 'Z' }),
    ];
    const answers = await Promise.all(consoles().map((c) => send(c, 1, exposures(c.experiment!))));
    for (const answer of answers) expect(answer).toEqual({ ...answers[0], accepted: 71 });
    await rollUpEverything(reference.root as never);
  }, 120_000);

  it('Stuck Game: per main level, for N = 3 and N = 1, unfiltered and filtered', async () => {
    const all = await same((c) => c.root(stuckGameScreen.contract, { ...range(), inactiveDays: 3 }), 'stuck');
    expect(all.pending).toBe(0);
    expect(all.levels.length).toBeGreaterThan(3);
    expect(all.levels.some((l) => l.stuck > 0 && l.passed > 0 && l.attemptsMedian !== null)).toBe(true);
    for (const filters of [{ inactiveDays: 1 }, { inactiveDays: 3, os: 2 }, { inactiveDays: 3, countries: ['US'] }, { inactiveDays: 7, version: '2.0.0' }]) {
      await same((c) => c.root(stuckGameScreen.contract, { ...range(), ...filters }), `stuck ${JSON.stringify(filters)}`);
    }
  });

  /** An A/B answer without the experiment's id, which each console numbers itself. */
  const withoutIds = <T extends { experiment: string; experiments: { id: string }[] }>({ experiment: _id, experiments, ...rest }: T) => ({
    ...rest, experiments: experiments.map(({ id: _eid, ...e }) => e),
  });

  it('A/B retention and other metrics (with CUPED) over the same exposures', async () => {
    const ask = (c: Console) => ({ ...range(), experiment: c.experiment! });
    const retention = await same((c) => c.root(abRetentionScreen.contract, ask(c)), 'ab retention', withoutIds);
    expect(retention.variants.map((v) => v.exposed)).toEqual([30, 30]);
    expect(retention.lines.some((l) => l.retained > 0)).toBe(true);
    await same((c) => c.root(abRetentionScreen.contract, { ...ask(c), os: 2 }), 'ab retention ios', withoutIds);
    for (const window of [7, 14]) {
      const other = await same((c) => c.root(abOtherScreen.contract, { ...ask(c), window }), `ab other ${window}`, withoutIds);
      expect(other.lines.find((l) => l.metric === 'sessions' && l.variant === 'B')!.n).toBeGreaterThan(0);
    }
    await same((c) => c.root(abOtherScreen.contract, { ...ask(c), window: 7, countries: ['VN'] }), 'ab other VN', withoutIds);
  });

  it('Check SDK: the last 24 hours by event name, OS and version; the tracking plan view', async () => {
    const comparable = <T extends { since: string; lastEventAt: string | null; events: { lastReceivedAt: string }[] }>(a: T) => ({
      ...a, since: stamped(a.since), lastEventAt: stamped(a.lastEventAt), events: a.events.map((e) => ({ ...e, lastReceivedAt: stamped(e.lastReceivedAt) })),
    });
    const all = await same((c) => c.root(sdkCheckContract, { appId: APP }), 'check sdk', comparable);
    expect(all.events.find((e) => e.name === 'session_start')!.flagged).toBe(2);
    for (const filters of [{ os: 2 }, { version: '1.9.0' }]) await same((c) => c.root(sdkCheckContract, { appId: APP, ...filters }), `check sdk ${JSON.stringify(filters)}`, comparable);
    const plan = await same((c) => c.root(trackingPlanViewContract, { appId: APP, days: 30 }), 'tracking plan', (a) => ({
      ...a, events: a.events.map((e) => ({ ...e, lastSeen: stamped(e.lastSeen) })),
    }));
    expect(plan.totals.volume).toBeGreaterThan(1000);
  });

  it("the test screens: a player's latest events", async () => {
    const events = await same((c) => c.root(testEventsContract, { appId: APP, userId: busiest }), 'test events', (a) => ({
      readAt: stamped(a.readAt), events: a.events.map((e) => ({ ...e, receivedAt: stamped(e.receivedAt) })),
    }));
    expect(events.events.length).toBeGreaterThan(10);
  });
});
