import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rollupNowContract } from '../../src/lib/analytics/contract';
import { cvrScreen } from '../../src/lib/analytics/money/screens';
import { appDetailContract, createAppContract } from '../../src/lib/apps/contract';
import { configContracts } from '../../src/lib/config-data/contract';
import { financeReconciliationScreen } from '../../src/lib/finance/reconciliation';
import { createRequester, type Requester } from '../../src/lib/http/requester';
import { verifyIapContract } from '../../src/lib/iap/contract';
import { jobRunsContract, runJobContract } from '../../src/lib/jobs/contract';
import { formatUsdMicros } from '../../src/lib/numbers';
import { findPlayerContract, playerProfileContract } from '../../src/lib/players/staff-contract';
import { nowMs } from '../../src/lib/time/clock';
import { addDays, dayStart, reportDay } from '../../src/lib/time/day';
import { startClickhouseStandIn } from '../support/clickhouse-stand-in';
import { ANDROID } from '../support/iap-server';
import { scratchDatabase, startServer } from '../support/own-server';
import { startGooglePlay } from '../support/store-stand-ins';
import { ingest } from './game-players';

/**
 * The console's own reads of game events outside the reports (issue 43): Find User, finance's refresh and
 * reconciliation, purchase verification and CVR's purchase goal. Three consoles of this file's own —
 * EVENT_STORE=postgres (PGlite, or a scratch PostgreSQL database under TEST_DATABASE_URL), chdb and clickhouse
 * (the local stand-in) — each with its own database for the console's state and one Google Play stand-in, get the
 * same SDK events and the same staff verifications (one purchase verified, two refused) and must answer exactly
 * the figures recomputed by hand below.
 */

interface Console {
  name: string;
  baseUrl: string;
  root: Requester;
  android: string;
  rollUp: () => Promise<void>;
}

const APP = 'com.reads.events';
const consoles: Console[] = [];
const stops: (() => Promise<void>)[] = [];
let google: Awaited<ReturnType<typeof startGooglePlay>>;
const today = () => reportDay(nowMs());
const d = (n: number) => addDays(today(), -n);
const noon = (day: string, s = 0) => dayStart(day) + 12 * 3_600_000 + s * 1000;
let seq = 0;
const ev = (name: string, userId: string, time: number, params: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
  id: `reads-${++seq}`, name, userId, time, appVersion: '2.0.0', country: 'VN', params, ...extra,
});

/** Google Play purchases the stand-in knows: one that stands, two the store cancelled (refused). */
const GOOD = { transactionId: 'GPA.1111-2222-3333-44444', purchaseToken: 'tok-good-0123456789', productId: 'gems_ok' };
const BAD = { transactionId: 'GPA.5555-6666-7777-88888', purchaseToken: 'tok-bad-0123456789', productId: 'gems_bad' };
const BAD2 = { transactionId: 'GPA.9999-0000-1111-22222', purchaseToken: 'tok-bad2-0123456789', productId: 'gems_bad' };
const buy = (userId: string, time: number, p: typeof GOOD, usd: number, extra: Record<string, unknown> = {}) =>
  ev('iap_purchase', userId, time, { productId: p.productId, priceMicros: usd, currency: 'USD', revenueUsdMicros: usd, transactionId: p.transactionId, store: 'google_play' }, extra);

/**
 * The events, the same on every console:
 * - payer installs on d6 (Android, 2.0.0, VN): a 60 s session, main levels 1 and 2; on d5 a rewarded AdMob
 *   impression ($0.25) and BAD ($9.99, refused later); on d4 GOOD ($4.99) from 2.1.0 in the US;
 * - quiet installs on d6 on iOS and sees a Unity banner ($0.10); never buys;
 * - refunded installs on d5; their only purchase, BAD2 ($0.99), is refused later.
 */
function events() {
  return {
    android: [
      ev('first_open', 'payer', noon(d(6))), ev('session_start', 'payer', noon(d(6), 5)), ev('session_end', 'payer', noon(d(6), 65), { duration: 60 }),
      ev('level_start', 'payer', noon(d(6), 10), { level: 1, mode: 'main' }), ev('level_complete', 'payer', noon(d(6), 40), { level: 1, mode: 'main', duration: 30, attempts: 1 }),
      ev('level_start', 'payer', noon(d(5), 10), { level: 2, mode: 'main' }),
      ev('ad_impression', 'payer', noon(d(5), 20), { format: 'rewarded', network: 'admob', placement: 'continue', revenueUsdMicros: 250_000 }),
      buy('payer', noon(d(5), 100), BAD, 9_990_000), buy('payer', noon(d(4), 100), GOOD, 4_990_000, { appVersion: '2.1.0', country: 'US' }),
      ev('first_open', 'refunded', noon(d(5), 1)), buy('refunded', noon(d(5), 200), BAD2, 990_000),
    ],
    ios: [ev('first_open', 'quiet', noon(d(6), 2)), ev('ad_impression', 'quiet', noon(d(6), 30), { format: 'banner', network: 'unity', placement: 'home', revenueUsdMicros: 100_000 })],
  };
}

async function consoleOf(name: string, env: Record<string, string>): Promise<Console> {
  const pg = process.env.TEST_DATABASE_URL;
  const server = await startServer({
    ...env,
    DATABASE_URL: pg ? await scratchDatabase(pg, `reads_${name}`) : '',
    GOOGLE_PLAY_API_BASE: google.base,
    GOOGLE_OAUTH_TOKEN_URL: google.tokenUrl,
    IAP_RETRY_BASE_MS: '0',
    IAP_STORE_TIMEOUT_MS: '5000',
    SCHEDULER: 'off',
    DEMO_TELEMETRY: '0',
  });
  stops.unshift(() => server.stop());
  const root = createRequester({ baseUrl: server.baseUrl, headers: { authorization: `Bearer ${await server.signIn()}` } });
  await root(createAppContract, { id: APP, name: 'Console reads', os: [{ os: 1, packageId: ANDROID(APP) }, { os: 2, packageId: `${APP}.ios` }] });
  await root(configContracts.ga_service_account.save, { scope: `app:${APP}`, data: { serviceAccountJson: JSON.stringify(google.serviceAccount), label: 'Play verifier' } });
  const detail = (await root(appDetailContract, { appId: APP })).data;
  const key = (os: number) => detail.os.find((o) => o.os === os)!.sdkAppKey;
  const sent = events();
  for (const [os, batch] of [[1, sent.android], [2, sent.ios]] as const) {
    const answer = await ingest(key(os), batch, { base: server.baseUrl });
    expect(answer.status, name).toBe(200);
    expect(answer.json.data!.accepted, name).toBe(batch.length);
  }
  const rollUp = async () => {
    for (let i = 0; i < 60 && (await root(rollupNowContract, { budgetMs: 10_000 })).data.pending > 0; i++);
  };
  return { name, baseUrl: server.baseUrl, root, android: key(1), rollUp };
}

beforeAll(async () => {
  google = await startGooglePlay();
  stops.push(() => google.stop());
  for (const p of [GOOD, BAD, BAD2]) google.purchases.set(p.purchaseToken, { packageName: ANDROID(APP), productId: p.productId, orderId: p.transactionId, purchaseState: p === GOOD ? 0 : 1 });
  const clickhouse = await startClickhouseStandIn();
  stops.push(() => clickhouse.stop());
  // One after the other: three starting at once on a busy 2-core machine may miss the start deadline.
  for (const [name, env] of [['postgres', { EVENT_STORE: 'postgres' }], ['chdb', { EVENT_STORE: 'chdb' }], ['clickhouse', clickhouse.env]] as const) {
    consoles.push(await consoleOf(name, env));
  }
  for (const c of consoles) await c.rollUp();
}, 600_000);

afterAll(async () => {
  for (const stop of stops) await stop();
});

/** Asks every console; each answer must equal `expected` (labelled with the store). */
async function everywhere<T>(ask: (c: Console) => Promise<{ data: T }>, expected: unknown) {
  const answers = await Promise.all(consoles.map(ask));
  for (const [i, a] of answers.entries()) expect(a.data, consoles[i]!.name).toEqual(expected);
}

const cvr = (c: Console) => c.root(cvrScreen.contract, { apps: [APP], from: d(6), to: today(), goal: 'purchase' });
/** CVR's purchase cohorts of d6 and d5 (installs, converted by day 0, 1, 3; day 7 is not over yet). */
const cvrCohorts = (first6: number[], first5: number[]) => ({
  [d(6)]: { installDay: d(6), installs: 2, converted: [...first6, null, null, null] },
  [d(5)]: { installDay: d(5), installs: 1, converted: [...first5, null, null, null] },
});
const cohortsOf = async (c: Console) => {
  const { data } = await cvr(c);
  return { data: Object.fromEntries(data.cohorts.filter((x) => x.installDay === d(6) || x.installDay === d(5)).map((x) => [x.installDay, x])) };
};

describe('the console reads the same game events alike on EVENT_STORE=postgres, chdb and clickhouse', () => {
  it('CVR, before verification: an unverified purchase converts (payer on day 1, refunded on day 0)', async () => {
    await everywhere(cohortsOf, cvrCohorts([0, 1, 1], [1, 1, 1]));
  });

  it('purchase verification: one verified and two refused on every console; the refused are no conversion (CVR) from then on', async () => {
    for (const c of consoles) {
      for (const [user, p] of [['payer', GOOD], ['payer', BAD], ['refunded', BAD2]] as const) {
        const { data } = await c.root(verifyIapContract, { appId: APP, userId: user, store: 'google_play', ...p });
        expect(data.status, `${c.name} ${p.transactionId}`).toBe(p === GOOD ? 'verified' : 'refused');
      }
      await c.rollUp();
    }
    // payer's first purchase is GOOD on d4 (day 2 after the install); refunded never converted.
    await everywhere(cohortsOf, cvrCohorts([0, 0, 1], [0, 0, 0]));
  });

  it('Find User: by user id, by transaction id, and the profile from events (refused purchases left out of the activity)', async () => {
    await everywhere((c) => c.root(findPlayerContract, { appId: APP, by: 'userId', q: 'quiet' }), { matches: [{ userId: 'quiet', how: 'user id' }] });
    await everywhere((c) => c.root(findPlayerContract, { appId: APP, by: 'userId', q: 'nobody' }), { matches: [] });
    await everywhere((c) => c.root(findPlayerContract, { appId: APP, by: 'transactionId', q: BAD.transactionId }), { matches: [{ userId: 'payer', how: `purchase ${BAD.transactionId}` }] });
    const purchase = (time: number, p: typeof GOOD, usd: number) => ({ time: new Date(time).toISOString(), productId: p.productId, revenueUsdMicros: usd, transactionId: p.transactionId, store: 'google_play' });
    await everywhere((c) => c.root(playerProfileContract, { appId: APP, userId: 'payer' }), {
      appId: APP,
      userId: 'payer',
      install: { day: d(6), os: 1, appVersion: '2.0.0', country: 'VN' },
      activity: {
        firstDay: d(6), lastDay: d(4), activeDays: 3, sessions: 1, playSeconds: 60, adImpressions: 1, adRevenue: 250_000, iapPurchases: 1, iapRevenue: 4_990_000,
        versions: ['2.0.0', '2.1.0'], countries: ['US', 'VN'],
      },
      levels: [{ mode: 'main', level: 2 }],
      player: null,
      purchases: [purchase(noon(d(4), 100), GOOD, 4_990_000), purchase(noon(d(5), 100), BAD, 9_990_000)],
    });
    await everywhere((c) => c.root(playerProfileContract, { appId: APP, userId: 'quiet' }), {
      appId: APP, userId: 'quiet', install: { day: d(6), os: 2, appVersion: '2.0.0', country: 'VN' },
      activity: { firstDay: d(6), lastDay: d(6), activeDays: 1, sessions: 0, playSeconds: 0, adImpressions: 1, adRevenue: 100_000, iapPurchases: 0, iapRevenue: 0, versions: ['2.0.0'], countries: ['VN'] },
      levels: [], player: null, purchases: [],
    });
  });

  it("finance: the refresh books the console's estimates from events, and reconciliation sets them beside the SDK's revenue", async () => {
    for (const c of consoles) {
      const run = await c.root(runJobContract, { name: 'finance_refresh' });
      expect(run.data.status, c.name).toBe('success');
    }
    const message = `finance ${addDays(today(), -44)}..${today()}: IAP: 1 app-day(s) changed, 1 row(s), ${formatUsdMicros(4_990_000)} gross; ad revenue: 2 app-day(s) changed, 2 row(s), ${formatUsdMicros(350_000)} gross`;
    await everywhere(async (c) => ({ data: (await c.root(jobRunsContract, { name: 'finance_refresh', page: 1, limit: 1 })).data[0]!.result }), expect.stringContaining(message));
    const estimate = (micros: number) => `finance is the estimate from game events (no store or network report yet) ${formatUsdMicros(micros)}`;
    const line = (day: string, sdkAds: number, sdkIap: number, financeAds: number, iapGross: number, iapNet: number, cause: string) => ({
      day, appId: APP, sdkAds, sdkIap, sdkRevenue: sdkAds + sdkIap, financeAds, iapGross, iapNet, financeRevenue: financeAds + iapNet, cause,
    });
    const rows = [
      line(d(6), 100_000, 0, 100_000, 0, 0, estimate(100_000)),
      line(d(5), 250_000, 0, 250_000, 0, 0, estimate(250_000)),
      line(d(4), 0, 4_990_000, 0, 4_990_000, 4_241_500, `${estimate(4_241_500)}; store fee ${formatUsdMicros(748_500)}`),
    ];
    await everywhere(async (c) => ({ data: (await c.root(financeReconciliationScreen.contract, { apps: [APP], from: d(6), to: today() })).data.rows }), rows);
    // The platform filter reads the user-day's platform (iOS: quiet's banner only).
    await everywhere(async (c) => ({ data: (await c.root(financeReconciliationScreen.contract, { apps: [APP], from: d(6), to: today(), os: 2 })).data.rows }), [
      line(d(6), 100_000, 0, 100_000, 0, 0, estimate(100_000)),
    ]);
  });
});
