import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { addDays, reportDay, utcDay } from '../../time/day';
import { validateEvent, type ValidEvent } from '../events';
import { simulateStudio } from '../simulator';
import { COHORT_DAYS } from '../cohort/days';
import { openChdb } from './chdb-store';
import { ingestToColumnStore } from './ingest';
import { activityCells, levelHistograms } from './cohort-reports';
import { adImpressions, adviewDays, adviewGroups, appDays, appRetainedD1D7, cvrCells, firstPurchaseFacts, purchaseDays, purchaseProducts, subscriptionEvents } from './money-reports';
import { counterCells, funnelNames, funnelPaths, measurementValueLists, questDays, resourceChannelRows, resourceDays } from './play-reports';
import { mainDataDays } from './reports';
import { prepareStore } from './prepare';
import type { ColumnStore } from './types';

/**
 * The time of each money, cohort and play query on chdb over a simulated app's 30 days (issue 43's budget: a report
 * ≤ 1 s for 30 days). Run on purpose, not in the suite: STORE_TIMING_EVENTS=100000 npx vitest run --project unit
 * src/lib/analytics/store/money-cohort-timing.test.ts (median of 3 runs after a warm-up, printed per query).
 */
const target = Number(process.env.STORE_TIMING_EVENTS ?? 0);
const dir = mkdtempSync(join(tmpdir(), 'gsm-chdb-timing-'));
let store: ColumnStore | undefined;
afterAll(async () => {
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});

it.skipIf(!target)('money, cohort and play queries on chdb at STORE_TIMING_EVENTS events (a timing run: skipped unless that is set)', async () => {
  store = await openChdb(join(dir, 'store'));
  await prepareStore(store);
  const now = Date.now();
  const users = Math.max(50, Math.round(target / 160));
  let events = 0;
  for (const batch of simulateStudio({ apps: [{ appId: 'bench', platforms: [{ os: 1, key: 'a', share: 2 }, { os: 2, key: 'i', share: 1 }] }], users, days: 30, seed: 43, now, batchSize: 500 })) {
    const valid = batch.events.map((e) => validateEvent(e, batch.os, now)).filter((v): v is ValidEvent => 'id' in v);
    events += await ingestToColumnStore(store, { appId: 'bench', os: batch.os }, valid, valid.map((e) => reportDay(e.time)), valid.map((e) => utcDay(e.deviceTime)), now);
  }
  // A stand-in database: these reads ask it only for the (empty) lists of test players and refused purchases.
  const db = { query: async () => [] } as never;
  const to = reportDay(now);
  const scope = { apps: ['bench'], from: addDays(to, -29), to, os: 0, version: 'all', countries: [] as string[] };
  const s = store;
  const queries: [string, () => Promise<unknown>][] = [
    ['Adview Overview', () => adviewDays(db, s, scope, 'all')],
    ['Adview by reason', () => adviewGroups(db, s, scope, 'reason')],
    ['Ads Impression by network (+ DAU)', () => adImpressions(db, s, scope, 'network')],
    ['Inapp Overview', () => purchaseDays(db, s, scope)],
    ['Inapp by product', () => purchaseProducts(db, s, scope)],
    ['First IAP', () => firstPurchaseFacts(db, s, scope)],
    ['Subscription (events)', () => subscriptionEvents(db, s, scope)],
    ['CVR purchase', () => cvrCells(db, s, scope, 'purchase', 30)],
    ['App Measurement (days)', () => appDays(db, s, scope)],
    ['App Measurement (D1/D7)', () => appRetainedD1D7(db, s, scope, to)],
    ['Cohort activity', () => activityCells(db, s, scope)],
    ['Cohort level', () => levelHistograms(db, s, scope, COHORT_DAYS.filter((n) => n <= 30))],
    ['Task quests', () => questDays(db, s, scope)],
    ['Resource overview (coins)', () => resourceDays(db, s, scope, 'coins')],
    ['Resource earn (coins)', () => resourceChannelRows(db, s, scope, 'coins', 'earn')],
    ['Counters', () => counterCells(db, s, scope, '')],
    ['Measurement values (load_time)', () => measurementValueLists(db, s, scope, 'load_time')],
    ['Funnel names', () => funnelNames(db, s, scope)],
    ['Funnel paths (tutorial)', () => funnelPaths(db, s, scope, 'tutorial')],
    ['Main Data (already on the store: the reference)', () => mainDataDays(db, s, scope)],
  ];
  const lines = [`${events} events stored, ${users} players, 30 days`];
  for (const [name, run] of queries) {
    await run();
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      await run();
      times.push(performance.now() - started);
    }
    lines.push(`${name}: ${times.sort((a, b) => a - b)[1]!.toFixed(0)} ms`);
  }
  console.log(lines.join('\n'));
  expect(events).toBeGreaterThan(target / 2);
}, 900_000);
