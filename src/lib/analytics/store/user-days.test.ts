import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dayStart, reportDay, utcDay } from '../../time/day';
import { validateEvent, type ValidEvent } from '../events';
import { openChdb } from './chdb-store';
import { ingestToColumnStore } from './ingest';
import { prepareStore } from './prepare';
import { userDaysSql } from './reports';
import type { ColumnStore } from './types';

/**
 * The user-day sums chdb keeps as events arrive (./user-days.ts) against the same figures summed from the raw
 * events at read time (the query a ClickHouse server runs), on a hand-made set: sessions and their seconds, ad and
 * IAP revenue, a refused purchase, a test player, a late event that changes a day's last attributes. Then a console
 * killed mid-write, stood in for by sums written twice for one app-day with that app-day still listed as being
 * written: the next open sums it again from the events.
 */
const dir = mkdtempSync(join(tmpdir(), 'gsm-chdb-user-days-'));
const path = join(dir, 'store');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const APP = 'com.test.userdays';
const now = Date.parse('2026-03-20T05:00:00Z');
let seq = 0;
const noon = (day: string, s = 0) => dayStart(day) + 12 * 3_600_000 + s * 1000;
function e(name: string, userId: string, time: number, params: Record<string, unknown> = {}, extra: Record<string, unknown> = {}): ValidEvent {
  const v = validateEvent({ id: `ud-${++seq}`, name, userId, time, appVersion: '1.0', country: 'VN', params, ...extra }, 1, now);
  if (!('id' in v)) throw new Error(v.reason);
  return v;
}
const ingest = (store: ColumnStore, events: ValidEvent[]) =>
  ingestToColumnStore(store, { appId: APP, os: 1 }, events, events.map((x) => reportDay(x.time)), events.map((x) => utcDay(x.deviceTime)), now);

const params = { apps: [APP], from: '2026-03-10', to: '2026-03-12', test_players: [`${APP}\ttester`], refused: ['google_play\tGPA.refused'] };
const columns = 'user_id, toString(day) AS d, u_os, u_version, u_country, sessions, session_ends, session_seconds, ad_impressions, ad_revenue, iap_purchases, iap_revenue';
const summed = (store: ColumnStore) => store.query(`SELECT ${columns} FROM (${userDaysSql(store, params)}) ORDER BY user_id, d`, params);
/** The figures from the raw events, as a ClickHouse server reads them. */
const fromEvents = (store: ColumnStore) => store.query(`SELECT ${columns} FROM (${userDaysSql({ ...store, kind: 'clickhouse' }, params)}) ORDER BY user_id, d`, params);

describe('user-day sums kept as events arrive', () => {
  it('equal the sums of the raw events, and a write cut short is summed again when the store opens', async () => {
    let store = await openChdb(path);
    await prepareStore(store);
    const [d1, d2] = ['2026-03-10', '2026-03-11'];
    const purchase = (id: string, micros: number) => ({ productId: 'gems', priceMicros: micros, currency: 'USD', revenueUsdMicros: micros, transactionId: id, store: 'google_play' });
    await ingest(store, [
      e('session_start', 'a', noon(d1), { sessionId: 's1' }),
      e('session_end', 'a', noon(d1, 60), { sessionId: 's1', duration: 60 }),
      e('ad_impression', 'a', noon(d1, 70), { format: 'rewarded', placement: 'shop', network: 'admob', revenueUsdMicros: 1500 }),
      e('iap_purchase', 'a', noon(d1, 80), purchase('GPA.ok', 990_000)),
      e('iap_purchase', 'a', noon(d1, 90), purchase('GPA.refused', 4_990_000)),
      e('session_start', 'b', noon(d1, 5), { sessionId: 's2' }, { appVersion: '1.1', country: 'US' }),
      e('session_start', 'b', noon(d2), { sessionId: 's3' }),
      e('session_start', 'tester', noon(d1), { sessionId: 's4' }),
    ]);
    const expected = [
      { user_id: 'a', d: d1, u_os: 1, u_version: '1.0', u_country: 'VN', sessions: 1, session_ends: 1, session_seconds: 60, ad_impressions: 1, ad_revenue: 1500, iap_purchases: 1, iap_revenue: 990_000 },
      { user_id: 'b', d: d1, u_os: 1, u_version: '1.1', u_country: 'US', sessions: 1, session_ends: 0, session_seconds: 0, ad_impressions: 0, ad_revenue: 0, iap_purchases: 0, iap_revenue: 0 },
      { user_id: 'b', d: d2, u_os: 1, u_version: '1.0', u_country: 'VN', sessions: 1, session_ends: 0, session_seconds: 0, ad_impressions: 0, ad_revenue: 0, iap_purchases: 0, iap_revenue: 0 },
    ];
    const numbers = (rows: Record<string, unknown>[]) => rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, /^(user_id|d|u_version|u_country)$/.test(k) ? v : Number(v)])));
    expect(numbers(await summed(store))).toEqual(expected);
    expect(await summed(store)).toEqual(await fromEvents(store));

    // A late event of b on d1, sent after the rest: the day's last event is now this one (1.2, Japan).
    await ingest(store, [e('session_start', 'b', noon(d1, 30), { sessionId: 's5' }, { appVersion: '1.2', country: 'JP' })]);
    expect(numbers(await summed(store))[1]).toMatchObject({ u_version: '1.2', u_country: 'JP', sessions: 2 });
    expect(await summed(store)).toEqual(await fromEvents(store));

    // Killed mid-write: d1's sums are there twice (as if written, then written again) and d1 is still listed.
    await store.query(`INSERT INTO gsm.user_days SELECT * FROM gsm.user_days WHERE day = {d:Date}`, { d: d1 });
    // Both copies of the purchases count, less the refused one read back once: 2 × (0.99 + 4.99) − 4.99 USD.
    expect(numbers(await summed(store))[0]).toMatchObject({ sessions: 2, iap_revenue: 6_970_000 });
    await store.close();
    appendFileSync(`${path}.writing`, `+ ${JSON.stringify([[APP, d1]])}\n+ [["${APP}", "2026-`);
    store = await openChdb(path);
    await prepareStore(store);
    try {
      expect(await summed(store)).toEqual(await fromEvents(store));
      expect(numbers(await summed(store))[0]).toMatchObject({ sessions: 1, iap_revenue: 990_000 });
      expect(readFileSync(`${path}.writing`, 'utf8')).toBe('');
      // Writes that finished leave nothing listed; one that failed stays listed (it may have stored part of its
      // rows), through the writes after it, until the next open sums its app-days again.
      await ingest(store, [e('session_start', 'c', noon(d2), { sessionId: 's6' })]);
      expect(readFileSync(`${path}.writing`, 'utf8')).toBe('');
      await expect(store.insert('events', [{ app_id: APP, day: d2, name: 'session_start', user_id: 'c', event_id: 'bad', event_time: 'not a time' }])).rejects.toThrow();
      await ingest(store, [e('session_start', 'c', noon(d2, 1), { sessionId: 's7' })]);
      expect(readFileSync(`${path}.writing`, 'utf8')).toBe(`+ [["${APP}","${d2}"]]\n`.repeat(2));
      await store.close();
      store = await openChdb(path);
      await prepareStore(store);
      expect(readFileSync(`${path}.writing`, 'utf8')).toBe('');
      expect(numbers(await summed(store)).find((r) => r.user_id === 'c')).toMatchObject({ sessions: 2 });
      expect(await summed(store)).toEqual(await fromEvents(store));
    } finally {
      await store.close();
    }
  }, 120_000);
});
