import { beforeAll, describe, expect, it } from 'vitest';
import { validateEvent, type ValidEvent } from '../events';
import { ingestToColumnStore } from './ingest';
import { lookUpSql } from './known-events';
import type { ColumnStore } from './types';
import { playerEvents } from './history';
import { tempChdb } from './hand-made.testkit';
import { daysMs, reportDay, utcDay } from '../../time/day';

const chdb = tempChdb('unit');
let store: ColumnStore;
const now = Date.parse('2026-03-10T12:00:00Z');
const app = { appId: 'ch1', os: 1 };

function valid(raw: Record<string, unknown>): ValidEvent {
  const e = validateEvent({ appVersion: '1.0', userId: 'u1', ...raw }, 1, now);
  if (!('id' in e)) throw new Error(String(e.reason));
  return e;
}
async function ingest(events: ValidEvent[]) {
  return ingestToColumnStore(store, app, events, events.map((e) => reportDay(e.time)), events.map((e) => utcDay(e.deviceTime)), now);
}

beforeAll(() => {
  store = chdb();
});

describe('the chdb event store (a worker process)', () => {
  it('answers queries with bound parameters, and names what is wrong in SQL it refuses', async () => {
    expect(await store.query('SELECT {n:UInt32} + 1 AS n, {s:Array(String)} AS s', { n: 41, s: ["it's", 'b'] })).toEqual([{ n: 42, s: ["it's", 'b'] }]);
    await expect(store.query('SELECT nope')).rejects.toThrow(/UNKNOWN_IDENTIFIER/);
  });

  it('stores each event once: a resent batch and a repeated id within a day as sent are duplicates', async () => {
    const batch = [
      valid({ id: 'e1', name: 'session_start', time: now - 3_600_000 }),
      valid({ id: 'e2', name: 'session_end', time: now - 1_800_000, params: { duration: 1800 } }),
    ];
    expect(await ingest(batch)).toBe(2);
    expect(await ingest(batch)).toBe(0);
    // The same id on another day as sent is another event (PostgreSQL's key is the day as sent and the id).
    expect(await ingest([valid({ id: 'e1', name: 'session_start', time: now - daysMs(3) })])).toBe(1);
    const [row] = await store.query<{ n: string }>(`SELECT count() AS n FROM ${store.database}.events FINAL WHERE app_id = 'ch1'`);
    expect(Number(row!.n)).toBe(3);
  });

  it("reads one player's log newest first, paged by (time, id)", async () => {
    const rows = await playerEvents(store, { appId: 'ch1', userId: 'u1', from: '2026-03-01', to: '2026-03-31', names: ['session_start', 'session_end'] }, null, 2);
    expect(rows.map((r) => [r.event_id, r.event_time, r.params])).toEqual([
      ['e2', '2026-03-10T11:30:00.000Z', { duration: 1800 }],
      ['e1', '2026-03-10T11:00:00.000Z', {}],
    ]);
    const next = await playerEvents(store, { appId: 'ch1', userId: 'u1', from: '2026-03-01', to: '2026-03-31', names: ['session_start', 'session_end'] }, { t: String(rows[1]!.event_time), e: 'e1' }, 2);
    expect(next.map((r) => r.event_id)).toEqual(['e1']);
  });

  it("looks a batch's events up in the granules of its days as sent only, however many ids it carries", async () => {
    // 30 days of 10,000 events each (about 37 granules), made by the engine, then a look-up of 2,001 ids sent on one day.
    await store.command(`INSERT INTO ${store.database}.events (app_id, day, name, user_id, event_id, sent_day, os, event_time, received_at, app_version, sdk_version, country, flags, params)
      SELECT 'big', toDate('2026-04-01') + intDiv(number, 10000) AS d, 'level_start', concat('u', toString(number % 5000)), concat('big', toString(number)), d, 1,
             toDateTime64(d, 3, 'UTC'), toDateTime64(d, 3, 'UTC'), '1', '1', 'VN', 0, '{}' FROM numbers(300000)`);
    await store.command(`OPTIMIZE TABLE ${store.database}.events FINAL`);
    const ids = Array.from({ length: 2000 }, (_, i) => `new${i}`).concat(['big150000']);
    const params = { app: 'big', sent_days: ['2026-04-16'], ids };
    const plan = (await store.query<{ explain: string }>(`EXPLAIN indexes = 1 ${lookUpSql(store)}`, params)).map((r) => r.explain.trim());
    const read = plan.filter((line) => line.startsWith('Granules:')).at(-1);
    expect(read).toMatch(/^Granules: [1-3]\/\d+$/);
    expect(await store.query(lookUpSql(store), params)).toEqual([{ event_id: 'big150000', sent: '2026-04-16' }]);
  }, 60_000);

  it('writes inserts waiting together as one insert, answers each after it, and keeps one bad batch from failing the others', async () => {
    await store.command(`CREATE TABLE ${store.database}.grouped (n UInt32, s String) ENGINE = MergeTree ORDER BY n`);
    await store.command(`SYSTEM STOP MERGES ${store.database}.grouped`);
    // A slow query holds the worker: the five inserts sent meanwhile wait in its queue together.
    const slow = store.query('SELECT sleep(1) AS z');
    const inserts = [1, 2, 3, 4, 5].map((n) => store.insert('grouped', [{ n, s: `row ${n}` }, { n: n * 10, s: `row ${n * 10}` }]));
    await slow;
    await Promise.all(inserts);
    expect(await store.query(`SELECT count() AS rows, uniqExact(_part) AS parts FROM ${store.database}.grouped`)).toEqual([{ rows: 10, parts: 1 }]);
    // A batch the engine refuses fails alone; the ones waiting with it are stored.
    const slowAgain = store.query('SELECT sleep(1) AS z');
    const outcomes = await Promise.allSettled([
      store.insert('grouped', [{ n: 6, s: 'row 6' }]),
      store.insert('grouped', [{ n: 'not a number', s: 'bad' }]),
      store.insert('grouped', [{ n: 7, s: 'row 7' }]),
      slowAgain,
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(await store.query(`SELECT n FROM ${store.database}.grouped WHERE n IN (6, 7) ORDER BY n`)).toEqual([{ n: 6 }, { n: 7 }]);
  });
});
