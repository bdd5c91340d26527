import { beforeAll, describe, expect, it } from 'vitest';
import { appDetailContract } from '../../src/lib/apps/contract';
import { addDays, dayStart, reportDay } from '../../src/lib/time/day';
import {
  adsImpressionScreen, adviewOverviewScreen, adviewScreen, appMeasurementScreen, cvrScreen, firstIapScreen, inappOverviewScreen, inappScreen, subscriptionScreen,
} from '../../src/lib/analytics/money/screens';
import { daysBucket, levelBand } from '../../src/lib/analytics/money/metrics';
import { simulateStudio } from '../../src/lib/analytics/simulator';
import { nowMs } from '../../src/lib/time/clock';
import * as raw from '../support/money-recompute';
import { ownAccount, raw as rawCall, signedInAs } from './helpers';
import { newTelemetryApp, rollUpEverything } from './telemetry-kit';
import { ingest } from './game-players';

/**
 * The ads and money reports (docs/metrics.md "Ads and money") through HTTP, each compared with a
 * recomputation from the raw events the SDK was sent (tests/support/money-recompute.ts: plain loops, not
 * the console's SQL): on a hand-made set with duplicates, another app and UTC+7 day boundaries (with a few
 * figures also spelled out by hand), and on a random simulated studio.
 */

let root: Awaited<ReturnType<typeof signedInAs>>;
const today = () => reportDay(nowMs());

const newApp = (id: string) => newTelemetryApp(root, id, 'Money');

/** Sends a batch and keeps what was sent (with its app and platform) for the recomputation. */
async function send(sent: raw.RawEvent[], app: string, key: string, os: number, events: Omit<raw.RawEvent, 'app' | 'os'>[]) {
  const response = await ingest(key, events.map((e) => ({ ...e, sdkVersion: '9.0.0-money' })), { legacy: true });
  expect(response.status, response.text).toBe(200);
  expect((response.json.data as { rejected: unknown[] }).rejected).toEqual([]);
  sent.push(...events.map((e) => ({ ...e, app, os })));
}

let seq = 0;
const ev = (name: string, userId: string, time: number, params: Record<string, unknown> = {}, extra: Partial<raw.RawEvent> = {}) => ({
  id: `m-${++seq}-${Math.random().toString(36).slice(2, 7)}`, name, userId, time, appVersion: '1.0', country: 'VN', params, ...extra,
});
const noon = (day: string, seconds = 0) => dayStart(day) + 12 * 3_600_000 + seconds * 1000;
const buy = (transactionId: string, productId: string, usd: number) => ({ productId, priceMicros: usd, currency: 'USD', revenueUsdMicros: usd, transactionId, store: 'google_play' });

/** The sums of a first-IAP group, from the raw facts. */
function firstIapRows(facts: ReturnType<typeof raw.firstIapFacts>, by: 'product' | 'daysSinceInstall' | 'level') {
  const groups = new Map<string, { key: string; payers: number; revenue: number; withInstall: number; daysSum: number; levelSum: number }>();
  for (const f of facts) {
    const key = by === 'product' ? f.productId : by === 'level' ? levelBand(f.levelBefore) : daysBucket(f.daysSinceInstall);
    const g = groups.get(key) ?? { key, payers: 0, revenue: 0, withInstall: 0, daysSum: 0, levelSum: 0 };
    groups.set(key, g);
    g.payers++;
    g.revenue += f.revenue;
    g.levelSum += f.levelBefore;
    if (f.daysSinceInstall !== null && f.daysSinceInstall >= 0) {
      g.withInstall++;
      g.daysSum += f.daysSinceInstall;
    }
  }
  return [...groups.values()];
}
const byKey = <T extends { key: string }>(rows: readonly T[]) => [...rows].sort((a, b) => (a.key < b.key ? -1 : 1));
const withPayers = <T extends { payers: number }>(rows: readonly T[]) => rows.filter((r) => r.payers > 0);

/** Every report of the family for a scope, compared with the recomputation. */
async function expectAllEqual(events: raw.RawEvent[], scope: raw.Scope, names: Record<string, string>) {
  const filters = { apps: scope.apps, from: scope.from, to: scope.to, os: scope.os ?? 0, version: scope.version ?? 'all', countries: scope.countries ?? [] };
  const label = JSON.stringify(filters);
  for (const format of ['all', 'rewarded'] as const) {
    const { data } = await root(adviewOverviewScreen.contract, { ...filters, adFormat: format });
    expect(data.rows, `adviewOverview ${format} ${label}`).toEqual(raw.adviewOverview(events, scope, format));
  }
  for (const by of ['placement', 'network', 'format', 'reason'] as const) {
    const { data } = await root(adviewScreen.contract, { ...filters, by });
    expect(byKey(data.groups), `adview ${by} ${label}`).toEqual(raw.adview(events, scope, by));
    // Listed by requests (then failures), most first.
    expect(data.groups.map((g) => [g.requests, g.failures])).toEqual([...data.groups].sort((a, b) => b.requests - a.requests || b.failures - a.failures).map((g) => [g.requests, g.failures]));
  }
  for (const by of ['day', 'network', 'format', 'placement'] as const) {
    const { data } = await root(adsImpressionScreen.contract, { ...filters, by });
    const expected = raw.adsImpression(events, scope, by);
    expect(data.dauDays, `adsImpression dau ${label}`).toBe(expected.dauDays);
    expect(by === 'day' ? data.rows : byKey(data.rows), `adsImpression ${by} ${label}`).toEqual(expected.rows);
  }
  expect((await root(inappOverviewScreen.contract, filters)).data.rows, `inappOverview ${label}`).toEqual(raw.inappOverview(events, scope));
  const products = (await root(inappScreen.contract, filters)).data;
  const expectedProducts = raw.inapp(events, scope);
  expect({ buyers: products.buyers, products: [...products.products].sort((a, b) => (a.productId < b.productId ? -1 : 1)) }, `inapp ${label}`).toEqual(expectedProducts);
  const facts = raw.firstIapFacts(events, scope);
  for (const by of ['product', 'daysSinceInstall', 'level'] as const) {
    const { data } = await root(firstIapScreen.contract, { ...filters, by });
    expect(byKey(withPayers(data.rows)), `firstIap ${by} ${label}`).toEqual(byKey(firstIapRows(facts, by)));
  }
  for (const by of ['day', 'product'] as const) {
    const { data } = await root(subscriptionScreen.contract, { ...filters, by });
    expect(data.rows, `subscription ${by} ${label}`).toEqual(raw.subscription(events, scope, by));
  }
  for (const goal of ['purchase', 'rewarded', 'level1'] as const) {
    const { data } = await root(cvrScreen.contract, { ...filters, goal });
    expect(data.cohorts, `cvr ${goal} ${label}`).toEqual(raw.cvr(events, scope, goal, today()));
  }
  const lines = (await root(appMeasurementScreen.contract, filters)).data.lines;
  expect(lines, `appMeasurement ${label}`).toEqual(raw.appMeasurement(events, scope, names, today()).sort((a, b) => b.adRevenue + b.iapRevenue - (a.adRevenue + a.iapRevenue) || (a.name < b.name ? -1 : 1)));
}

beforeAll(async () => {
  root = await signedInAs('root');
});

describe('ads and money on a hand-made event set', () => {
  const APP = 'com.test.money';
  const OTHER = 'com.test.money-other';
  const events: raw.RawEvent[] = [];
  let A: string, B: string, C: string;
  let range: { apps: string[]; from: string; to: string };

  beforeAll(async () => {
    [A, B, C] = [addDays(today(), -8), addDays(today(), -7), addDays(today(), -6)];
    range = { apps: [APP], from: A, to: C };
    const keys = await newApp(APP);
    const other = await newApp(OTHER);
    const us = { country: 'US' };
    const rewarded = { format: 'rewarded', network: 'admob', placement: 'continue' };
    const batch = [
      // Day A: u1 installs, completes level 1, watches a rewarded ad to its reward.
      ev('first_open', 'u1', noon(A)),
      ev('level_start', 'u1', noon(A, 1), { level: 1 }),
      ev('level_complete', 'u1', noon(A, 2), { level: 1, duration: 20, attempts: 1 }),
      ev('ad_view', 'u1', noon(A, 3), { action: 'request', ...rewarded }),
      ev('ad_view', 'u1', noon(A, 4), { action: 'show', ...rewarded }),
      ev('ad_impression', 'u1', noon(A, 5), { ...rewarded, revenueUsdMicros: 30_000 }),
      ev('ad_view', 'u1', noon(A, 6), { action: 'click', ...rewarded }),
      ev('ad_view', 'u1', noon(A, 35), { action: 'reward', ...rewarded }),
      ev('subscription', 'u1', noon(A, 40), { action: 'start', productId: 'vip', priceMicros: 2_990_000, currency: 'USD', revenueUsdMicros: 2_990_000 }),
      // The last millisecond of day A (UTC+7) is day A; midnight is day B.
      ev('ad_view', 'u1', dayStart(B) - 1, { action: 'request', format: 'interstitial', network: 'applovin', placement: 'level_end' }),
      ev('ad_view', 'u1', dayStart(B), { action: 'failed', format: 'interstitial', network: 'applovin', placement: 'level_end', reason: 'no_fill' }),
      ev('first_open', 'u2', noon(A), {}, us),
      // Day B: u1 reaches level 2, then buys; the store reports the same transaction twice.
      ev('level_start', 'u1', noon(B, -60), { level: 2 }),
      ev('iap_purchase', 'u1', noon(B), buy('T1', 'coins', 990_000)),
      ev('iap_purchase', 'u1', noon(B, 60), buy('T1', 'coins', 990_000)),
      ev('level_start', 'u1', noon(B, 120), { level: 3 }),
      ev('ad_view', 'u2', noon(B), { action: 'failed', format: 'banner', placement: 'home', reason: 'timeout' }, us),
      ev('subscription', 'u2', noon(B), { action: 'start', productId: 'vip', priceMicros: 2_990_000, currency: 'USD', revenueUsdMicros: 2_990_000 }, us),
      // u2 buys in the last millisecond of day B.
      ev('iap_purchase', 'u2', dayStart(C) - 1, buy('T3', 'gems', 1_990_000), us),
      // Day C: u1 buys again and renews; u2 cancels.
      ev('iap_purchase', 'u1', noon(C), buy('T2', 'gems', 4_990_000)),
      ev('subscription', 'u1', noon(C), { action: 'renew', productId: 'vip', priceMicros: 2_990_000, currency: 'USD', revenueUsdMicros: 2_990_000 }),
      ev('subscription', 'u2', noon(C, 5), { action: 'cancel', productId: 'vip' }, us),
      // u5 watches a rewarded ad the day before its install event: converted on its install day (D0).
      ev('ad_impression', 'u5', noon(A, 50), { ...rewarded, revenueUsdMicros: 10_000 }),
      ev('first_open', 'u5', noon(B, 50)),
    ];
    await send(events, APP, keys.android, 1, batch);
    // The same batch again: the SDK resends, nothing is stored twice.
    const again = await ingest(keys.android, batch, { legacy: true });
    expect((again.json.data as { duplicates: number }).duplicates).toBe(batch.length);
    await send(events, APP, keys.ios, 2, [
      ev('first_open', 'u3', noon(A), {}, { appVersion: '1.1' }),
      ev('ad_view', 'u3', noon(A, 1), { action: 'request', format: 'rewarded', network: 'unity', placement: 'continue' }, { appVersion: '1.1' }),
      ev('ad_view', 'u3', noon(A, 2), { action: 'show', format: 'rewarded', network: 'unity', placement: 'continue' }, { appVersion: '1.1' }),
      ev('ad_impression', 'u3', noon(B, 3), { format: 'rewarded', network: 'unity', placement: 'continue', revenueUsdMicros: 12_000 }, { appVersion: '1.1' }),
    ]);
    // Another app with the same user ids and transaction id: never in APP's figures.
    await send(events, OTHER, other.android, 1, [
      ev('first_open', 'u1', noon(A)),
      ev('ad_view', 'u1', noon(A, 3), { action: 'request', ...rewarded }),
      ev('iap_purchase', 'u1', noon(A, 9), buy('T1', 'coins', 990_000)),
    ]);
  }, 60_000);

  it('Adview Overview and Adview: the funnel per day (UTC+7 boundaries) and per placement, network, format and reason', async () => {
    const { data } = await root(adviewOverviewScreen.contract, range);
    expect(data.rows.map((r) => [r.day, r.requests, r.shows, r.clicks, r.rewards, r.rewardedShows, r.failures])).toEqual([
      [A, 3, 2, 1, 1, 2, 0],
      [B, 0, 0, 0, 0, 0, 2],
      [C, 0, 0, 0, 0, 0, 0],
    ]);
    const table = adviewOverviewScreen.table(data, {} as never);
    // Fill 2 of 3, CTR 1 of 2, reward completion 1 of 2 rewarded shows.
    expect(table.total!.slice(1)).toEqual([3, 2, 66.67, 1, 50, 1, 50, 2]);
    const reasons = (await root(adviewScreen.contract, { ...range, by: 'reason' })).data.groups;
    expect(reasons.map((g) => [g.key, g.failures])).toEqual([['no_fill', 1], ['timeout', 1]]);
    const networks = (await root(adviewScreen.contract, { ...range, by: 'network' })).data.groups;
    // Most requests first, then most failures; the banner failure named no network: its own line, shown as "(not sent)".
    expect(networks.map((g) => [g.key, g.requests, g.failures])).toEqual([['applovin', 1, 1], ['admob', 1, 0], ['unity', 1, 0], ['', 0, 1]]);
    expect(adviewScreen.table({ ...(await root(adviewScreen.contract, { ...range, by: 'network' })).data }, {} as never).rows.at(-1)![0]).toBe('(not sent)');
  });

  it('Inapp Overview, Inapp and First IAP count a transaction once, on its first event’s day', async () => {
    const rows = (await root(inappOverviewScreen.contract, range)).data.rows;
    expect(rows.map((r) => [r.day, r.purchases, r.revenue, r.payers, r.firstPayers])).toEqual([
      [A, 0, 0, 0, 0],
      [B, 2, 2_980_000, 2, 2],
      [C, 1, 4_990_000, 1, 0],
    ]);
    const products = (await root(inappScreen.contract, range)).data;
    expect(products.buyers).toBe(2);
    expect(products.products.map((p) => [p.productId, p.purchases, p.buyers, p.revenue])).toEqual([
      ['gems', 2, 2, 6_980_000],
      ['coins', 1, 1, 990_000],
    ]);
    // u1's first purchase: a day after install, after reaching level 2 (level 3 came after it); u2's: a day after install, no level.
    const levels = (await root(firstIapScreen.contract, { ...range, by: 'level' })).data.rows;
    expect(levels.filter((r) => r.payers > 0).map((r) => [r.key, r.payers, r.levelSum])).toEqual([['none', 1, 0], ['1-5', 1, 2]]);
    const days = (await root(firstIapScreen.contract, { ...range, by: 'daysSinceInstall' })).data.rows;
    expect(days.filter((r) => r.payers > 0).map((r) => [r.key, r.payers, r.daysSum])).toEqual([['1', 2, 2]]);
  });

  it('Subscription: starts, renewals, cancellations, active at the end of each day and churn', async () => {
    const rows = (await root(subscriptionScreen.contract, range)).data.rows;
    expect(rows.map((r) => [r.key, r.starts, r.renewals, r.cancellations, r.activeEnd, r.activeBase, r.revenue])).toEqual([
      [A, 1, 0, 0, 1, 0, 2_990_000],
      [B, 1, 0, 0, 2, 1, 2_990_000],
      [C, 0, 1, 1, 1, 2, 2_990_000],
    ]);
    const table = subscriptionScreen.table({ ...(await root(subscriptionScreen.contract, range)).data }, {} as never);
    // Churn of the range: 1 cancellation over 0 + 1 + 2 subscriptions active the evening before; 1 active at the end.
    expect(table.total).toEqual(['Total', 2, 1, 1, 1, 33.33, 8.97]);
  });

  it('CVR: installs converted by D0…D30, null until the window is over', async () => {
    const rewarded = (await root(cvrScreen.contract, { ...range, goal: 'rewarded' })).data.cohorts;
    // Cohort A: u1 (rewarded on D0), u2 (never), u3 (on D1).
    expect(rewarded[0]).toEqual({ installDay: A, installs: 3, converted: [1, 2, 2, 2, null, null] });
    const purchase = (await root(cvrScreen.contract, { ...range, goal: 'purchase' })).data.cohorts;
    expect(purchase[0]!.converted.slice(0, 2)).toEqual([0, 2]);
  });

  it('CVR follows a late install event: the user moves to the earlier cohort with its conversions', async () => {
    const keys = { android: (await root(appDetailContract, { appId: APP })).data.os.find((o) => o.os === 1)!.sdkAppKey };
    // u6 installs on C and watches a rewarded ad that day; the report rolls it up.
    await send(events, APP, keys.android, 1, [ev('first_open', 'u6', noon(C, 100)), ev('ad_impression', 'u6', noon(C, 101), { format: 'rewarded', network: 'admob', placement: 'continue', revenueUsdMicros: 5_000 })]);
    const before = (await root(cvrScreen.contract, { ...range, goal: 'rewarded' })).data.cohorts;
    expect(before.find((c) => c.installDay === C)!.converted[0]).toBe(1);
    // Its queued first_open of day B arrives late: u6 belongs to cohort B, converted on D1.
    await send(events, APP, keys.android, 1, [ev('first_open', 'u6', noon(B, 200))]);
    const after = (await root(cvrScreen.contract, { ...range, goal: 'rewarded' })).data.cohorts;
    expect(after.find((c) => c.installDay === C)!).toMatchObject({ installs: before.find((c) => c.installDay === C)!.installs - 1, converted: [0, 0, 0, null, null, null] }); // C + 7 is not over yet
    const b = after.find((c) => c.installDay === B)!;
    expect(b.converted.slice(0, 2)).toEqual([1, 2]); // u5 on D0 (before its install), u6 on D1
    expect(after).toEqual(raw.cvr(raw.stored(events), range, 'rewarded', today()));
  });

  it('every report equals the recomputation, with and without filters', async () => {
    const names = { [APP]: `Money ${APP}`, [OTHER]: `Money ${OTHER}` };
    const stored = raw.stored(events);
    await expectAllEqual(stored, range, names);
    await expectAllEqual(stored, { ...range, apps: [APP, OTHER] }, names);
    await expectAllEqual(stored, { ...range, os: 2 }, names);
    await expectAllEqual(stored, { ...range, countries: ['US'] }, names);
  });
});

describe('ads and money on a random simulated studio', () => {
  const APP = 'com.test.money-sim';
  const events: raw.RawEvent[] = [];
  const DAYS = 12;

  beforeAll(async () => {
    const keys = await newApp(APP);
    const versions = [{ version: '2.0.0', sdkVersion: '0.8.0' }, { version: '2.1.0', sdkVersion: '0.8.1' }];
    const app = { appId: APP, platforms: [{ os: 1 as const, key: keys.android, share: 2 }, { os: 2 as const, key: keys.ios, share: 1 }], versions: { 1: versions, 2: versions } };
    const seed = Math.floor(Math.random() * 1e6);
    console.log(`money simulation seed ${seed}`);
    for (const batch of simulateStudio({ apps: [app], users: 300, days: DAYS, seed })) {
      const response = await ingest(batch.key, batch.events, { legacy: true });
      expect(response.status).toBe(200);
      events.push(...batch.events.map((e) => ({ ...e, app: APP, os: batch.os })));
    }
    // Some seeds give this small studio no payer: one purchase sent twice (same transaction) by a simulated
    // player makes the IAP reports and the duplicate rule always part of the comparison.
    const buyer = events.find((e) => e.name === 'first_open')!;
    const bought = { name: 'iap_purchase', userId: buyer.userId, appVersion: buyer.appVersion, country: buyer.country, params: { productId: 'gems_500', priceMicros: 4_990_000, currency: 'USD', revenueUsdMicros: 4_990_000, transactionId: `GPA.${buyer.userId}.sure`, store: buyer.os === 2 ? 'app_store' : 'google_play' } };
    const extra = [0, 20_000].map((later) => ({ ...bought, id: `${buyer.userId}-sure-${later}`, time: buyer.time + 60_000 + later }));
    const sent = await ingest(buyer.os === 2 ? keys.ios : keys.android, extra, { legacy: true });
    expect(sent.status).toBe(200);
    events.push(...extra.map((e) => ({ ...e, app: APP, os: buyer.os })));
    // Roll the whole simulation up first (a report rolls up only 1.5 s of its own pending days).
    await rollUpEverything(root);
  }, 300_000);

  it('has the event kinds the reports need, duplicates included', () => {
    for (const name of ['ad_view', 'ad_impression', 'iap_purchase', 'first_open']) expect(events.some((e) => e.name === name), name).toBe(true);
  });

  it('every report equals the recomputation (all, one platform, one country)', async () => {
    const range = { apps: [APP], from: addDays(today(), -(DAYS - 1)), to: today() };
    const names = { [APP]: `Money ${APP}` };
    await expectAllEqual(events, range, names);
    await expectAllEqual(events, { ...range, os: 1 }, names);
    await expectAllEqual(events, { ...range, countries: ['US'], from: addDays(today(), -5) }, names);
  }, 120_000);
});

describe('ads and money: bad input', () => {
  it('answers 400 naming the field for an unknown grouping, 400 for a range over 366 days, 403 for an app the account may not see', async () => {
    const bad = await rawCall('GET', '/api/analytic/adview?by=weather', { token: root.tokens.accessToken });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toContain('by');
    const long = await rawCall('GET', '/api/analytic/inappOverview?from=2024-01-01&to=2025-06-01', { token: root.tokens.accessToken });
    expect(long.status).toBe(400);
    expect(long.json.message).toContain('366');
    const viewer = await ownAccount('money-viewer', { paths: ['/gsm/analytic/cvr', '/gsm/analytic/subscription'], listApp: ['com.gsm.wordquest'] });
    for (const path of ['/api/analytic/cvr', '/api/analytic/subscription']) {
      const refused = await rawCall('GET', `${path}?apps=com.gsm.blockpuzzle`, { token: viewer.tokens.accessToken });
      expect(refused.status, path).toBe(403);
    }
    const own = await rawCall('GET', '/api/analytic/cvr', { token: viewer.tokens.accessToken });
    expect((own.json.data as { apps: string[] }).apps).toEqual(['com.gsm.wordquest']);
  });
});
