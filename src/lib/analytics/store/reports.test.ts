import { beforeAll, describe, expect, it } from 'vitest';
import { dashboardFigures, levelReachByCohort, levelRows, mainDataDays, retentionCells } from './reports';
import { handMadeStore } from './hand-made.testkit';
import type { ColumnStore } from './types';

/**
 * The column-store reports on a hand-made event set, with the figures docs/metrics.md gives for it. The
 * console's database is stood in for by the two lists a report asks it for (test players, refused purchases).
 */
const kit = handMadeStore({ folder: 'reports', appId: 'r1', idPrefix: 'ev' });
const { db, scope, noon, e } = kit;
let store: ColumnStore;
const purchase = (userId: string, time: number, t: string, revenue: number) =>
  e('iap_purchase', userId, time, { productId: 'p', priceMicros: revenue, currency: 'USD', revenueUsdMicros: revenue, transactionId: t, store: 'google_play' });

beforeAll(async () => {
  store = kit.opened();
  const events = [
    // a: installs on the 10th, plays the 10th and 11th; last event of the 11th is from version 2.0 in the US.
    e('first_open', 'a', noon('2026-03-10')), e('session_start', 'a', noon('2026-03-10', 1)), e('session_end', 'a', noon('2026-03-10', 2), { duration: 60 }),
    e('session_start', 'a', noon('2026-03-11')), e('ad_impression', 'a', noon('2026-03-11', 5), { format: 'banner', network: 'n', placement: 'p', revenueUsdMicros: 1500 }),
    purchase('a', noon('2026-03-11', 6), 't1', 990_000), purchase('a', noon('2026-03-11', 7), 't-refused', 5_000_000),
    e('session_start', 'a', noon('2026-03-11', 9), {}, { appVersion: '2.0', country: 'US' }),
    // b: first_open on the 12th and a later-sent, earlier one on the 11th: installed on the 11th.
    e('first_open', 'b', noon('2026-03-12')), e('first_open', 'b', noon('2026-03-11')),
    // levels (main mode): a plays level 1 twice (a fail then a win) and level 2 on the 11th from version 2.0; b plays level 1 on the 12th.
    e('level_start', 'a', noon('2026-03-10', 10), { level: 1 }), e('level_fail', 'a', noon('2026-03-10', 20), { level: 1, duration: 10, attempts: 1 }),
    e('level_complete', 'a', noon('2026-03-11', 4), { level: 1, duration: 30, attempts: 2 }),
    e('level_start', 'a', noon('2026-03-11', 8), { level: 2 }, { appVersion: '2.0' }),
    e('level_start', 'b', noon('2026-03-12', 8), { level: 1, mode: 'minigame' }), e('level_start', 'b', noon('2026-03-12', 9), { level: 1 }),
    // t: a test player, left out of everything.
    e('first_open', 't', noon('2026-03-10')), e('session_start', 't', noon('2026-03-10', 3)),
  ];
  await kit.ingest(events, { players: [{ k: 'r1\tt' }], refused: [{ k: 'google_play\tt-refused' }] });
}, 60_000);

const zero = { installs: 0, dau: 0, sessions: 0, sessionEnds: 0, sessionSeconds: 0, adImpressions: 0, adRevenue: 0, iapPurchases: 0, iapRevenue: 0, payers: 0 };

describe('reports on the column store', () => {
  it('Main Data: installs on the first first_open, user-day figures, refused purchases and test players left out', async () => {
    expect(Object.fromEntries(await mainDataDays(db, store, scope))).toEqual({
      '2026-03-10': { ...zero, day: '2026-03-10', installs: 1, dau: 1, sessions: 1, sessionEnds: 1, sessionSeconds: 60 },
      '2026-03-11': { ...zero, day: '2026-03-11', installs: 1, dau: 2, sessions: 2, adImpressions: 1, adRevenue: 1500, iapPurchases: 1, iapRevenue: 990_000, payers: 1 },
      '2026-03-12': { ...zero, day: '2026-03-12', dau: 1 },
    });
  });

  it('Level: plays and outcomes under their own attributes, players by their first play of the level', async () => {
    expect(await levelRows(db, store, scope, 'main')).toEqual([
      { level: 1, starts: 2, completes: 1, fails: 1, attemptsSum: 2, durationSum: 40, reached: 2 },
      { level: 2, starts: 1, completes: 0, fails: 0, attemptsSum: 0, durationSum: 0, reached: 1 },
    ]);
    expect(await levelRows(db, store, { ...scope, from: '2026-03-11' }, 'main')).toEqual([
      { level: 1, starts: 1, completes: 1, fails: 0, attemptsSum: 2, durationSum: 30, reached: 1 },
      { level: 2, starts: 1, completes: 0, fails: 0, attemptsSum: 0, durationSum: 0, reached: 1 },
    ]);
    expect(await levelRows(db, store, { ...scope, version: '2.0' }, 'main')).toEqual([{ level: 2, starts: 1, completes: 0, fails: 0, attemptsSum: 0, durationSum: 0, reached: 1 }]);
  });

  it('Level retention: cohort users who have played each level', async () => {
    const { reached } = await levelReachByCohort(db, store, scope, 'main', 3);
    expect(Object.fromEntries(reached)).toEqual({ '2026-03-10|1': 1, '2026-03-10|2': 1, '2026-03-11|1': 1 });
  });

  it("filters count a user-day under its last event's attributes, and an install under its own", async () => {
    const us = await mainDataDays(db, store, { ...scope, countries: ['US'] });
    expect([...us.values()].map((r) => [r.day, r.installs, r.dau, r.iapRevenue])).toEqual([['2026-03-11', 0, 1, 990_000]]);
    const v1 = await mainDataDays(db, store, { ...scope, version: '1.0' });
    expect([...v1.values()].map((r) => [r.day, r.installs, r.dau]).sort()).toEqual([['2026-03-10', 1, 1], ['2026-03-11', 1, 1], ['2026-03-12', 0, 1]]);
  });

  it('Retention: cohort users active on install day + n', async () => {
    const { cells, sizes } = await retentionCells(db, store, scope);
    expect(Object.fromEntries(sizes)).toEqual({ '2026-03-10': 1, '2026-03-11': 1 });
    expect(Object.fromEntries(cells)).toEqual({ '2026-03-10|0': 1, '2026-03-10|1': 1, '2026-03-11|0': 1, '2026-03-11|1': 1 });
  });

  it("the dashboard's figures of an app: installs today and yesterday, DAU and revenue yesterday", async () => {
    const figures = await dashboardFigures(db, store, ['r1', 'none'], '2026-03-12');
    expect(Object.fromEntries(figures)).toEqual({ r1: { hasData: true, it: 0, iy: 1, dy: 2, ry: 991_500 } });
  });
});
