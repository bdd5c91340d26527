import { beforeAll, describe, expect, it } from 'vitest';
import { cvrCells, firstPurchaseFacts, purchaseDays, purchaseProducts } from './money-reports';
import { handMadeStore } from './hand-made.testkit';
import type { ColumnStore } from './types';

/**
 * The purchase reports on the column store on a hand-made set: a transaction reported twice, refused ones, a
 * purchase in another currency (revenue is its USD value), a test player's purchase, levels before a purchase.
 * The console's database is stood in for by the two lists a report asks it for (test players, refused purchases).
 */
const kit = handMadeStore({ folder: 'money', appId: 'm1', idPrefix: 'mv' });
const { db, scope, noon, e } = kit;
let store: ColumnStore;
const buy = (userId: string, time: number, t: string, productId: string, usd: number, extra: Record<string, unknown> = {}) =>
  e('iap_purchase', userId, time, { productId, priceMicros: usd, currency: 'USD', revenueUsdMicros: usd, transactionId: t, store: 'google_play' }, extra);

beforeAll(async () => {
  store = kit.opened();
  const events = [
    // a installs on the 10th and plays main level 3; on the 11th buys t1 in dong (worth $0.99), reported twice,
    // then reaches level 5 and buys t-refused (refused by the store); buys t2 on the 12th.
    e('first_open', 'a', noon('2026-03-10')), e('level_start', 'a', noon('2026-03-10', 5), { level: 3 }),
    e('iap_purchase', 'a', noon('2026-03-11'), { productId: 'p', priceMicros: 25_000_000_000, currency: 'VND', revenueUsdMicros: 990_000, transactionId: 't1', store: 'google_play' }),
    e('iap_purchase', 'a', noon('2026-03-11', 60), { productId: 'p', priceMicros: 25_000_000_000, currency: 'VND', revenueUsdMicros: 990_000, transactionId: 't1', store: 'google_play' }),
    e('level_start', 'a', noon('2026-03-11', 30), { level: 5 }), buy('a', noon('2026-03-11', 120), 't-refused', 'q', 5_000_000),
    buy('a', noon('2026-03-12'), 't2', 'q', 1_990_000),
    // b installs on the 11th and buys t3 on the 12th from the US.
    e('first_open', 'b', noon('2026-03-11'), {}, { country: 'US' }), buy('b', noon('2026-03-12', 9), 't3', 'p', 990_000, { country: 'US' }),
    // c installs on the 10th; its only purchase is refused.
    e('first_open', 'c', noon('2026-03-10')), buy('c', noon('2026-03-10', 50), 't-refused-c', 'p', 990_000),
    // t, a test player, buys: never counted.
    e('first_open', 't', noon('2026-03-10')), buy('t', noon('2026-03-11'), 't9', 'p', 9_990_000),
  ];
  await kit.ingest(events, { players: [{ k: 'm1\tt' }], refused: [{ k: 'google_play\tt-refused' }, { k: 'google_play\tt-refused-c' }] });
}, 60_000);

describe('money reports on the column store', () => {
  it('Inapp Overview: a transaction once, on its first event, at its USD value; refused and test purchases left out', async () => {
    expect(Object.fromEntries(await purchaseDays(db, store, scope))).toEqual({
      '2026-03-11': { day: '2026-03-11', revenue: 990_000, purchases: 1, payers: 1, firstPayers: 1 },
      '2026-03-12': { day: '2026-03-12', revenue: 2_980_000, purchases: 2, payers: 2, firstPayers: 1 },
    });
    expect(Object.fromEntries(await purchaseDays(db, store, { ...scope, countries: ['US'] }))).toEqual({
      '2026-03-12': { day: '2026-03-12', revenue: 990_000, purchases: 1, payers: 1, firstPayers: 1 },
    });
  });

  it('Inapp: per product, most revenue first, and the distinct buyers of the range', async () => {
    expect(await purchaseProducts(db, store, scope)).toEqual({
      products: [
        { productId: 'q', purchases: 1, buyers: 1, revenue: 1_990_000 },
        { productId: 'p', purchases: 2, buyers: 2, revenue: 1_980_000 },
      ],
      buyers: 2,
    });
  });

  it('First IAP: days since install and the highest main level played before the first purchase (not after it)', async () => {
    const facts = await firstPurchaseFacts(db, store, scope);
    expect(facts.sort((x, y) => y.levelBefore - x.levelBefore)).toEqual([
      { productId: 'p', revenue: 990_000, daysSinceInstall: 1, levelBefore: 3 },
      { productId: 'p', revenue: 990_000, daysSinceInstall: 1, levelBefore: 0 },
    ]);
  });

  it('CVR purchase goal: the first non-refused purchase converts; c, whose only purchase was refused, does not', async () => {
    const { reached, sizes } = await cvrCells(db, store, scope, 'purchase', 30);
    expect(Object.fromEntries(sizes)).toEqual({ '2026-03-10': 2, '2026-03-11': 1 });
    expect(Object.fromEntries(reached)).toEqual({ '2026-03-10|1': 1, '2026-03-11|1': 1 });
  });
});
