import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ColumnStore } from './types';
import { tempChdb } from './hand-made.testkit';
import { EVENT_ORDER } from './scope';

/**
 * EVENT_ORDER (./scope.ts) stands for the order (day, event_time, event_id) in argMin and min: the string must sort
 * as the tuple does, on every day and time a row can hold (DateTime64 reaches back to 1900), on times a millisecond
 * apart and on ids that are prefixes of each other, so that Stuck Game's first pass is the PostgreSQL rollups' one.
 */
const chdb = tempChdb('event-order');
let store: ColumnStore;
beforeAll(() => {
  store = chdb();
});

// A Date is a day number from 1970-01-01 to 2149-06-06.
const dayArb = fc.oneof(fc.integer({ min: 0, max: 65_535 }), fc.constantFrom(0, 1, 719, 720, 20_786));
const timeArb = fc.oneof(fc.integer({ min: -2_208_988_800_000, max: 10_413_791_999_999 }), fc.constantFrom(0, -1, 1, 1_764_201_600_000, 1_764_201_600_001));
const idArb = fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('', 'a', 'a\u0000', 'ab', 'b', 'é', '0', '00'));
const rowArb = fc.record({ day: dayArb, time: timeArb, id: idArb });

describe('the event order as one string', () => {
  it('sorts as (day, event_time, event_id) on 600 arbitrary rows, ties of day and time included', async () => {
    const rows = fc.sample(rowArb, { numRuns: 600, seed: 7 });
    // Ties on purpose: each row again with the next millisecond and with another id on the same day and time.
    const all = rows.flatMap((r) => [r, { ...r, time: r.time + 1 }, { ...r, id: `${r.id}x` }]);
    const sorted = await store.query<{ n: string }>(
      `SELECT n FROM (SELECT t.1 AS n, toDate(t.2) AS day, fromUnixTimestamp64Milli(t.3, 'UTC') AS event_time, t.4 AS event_id
                        FROM (SELECT arrayJoin(arrayZip(range(length({days:Array(Int32)})), {days:Array(Int32)}, {times:Array(Int64)}, {ids:Array(String)})) AS t))
        ORDER BY ${EVENT_ORDER}`,
      { days: all.map((r) => r.day), times: all.map((r) => r.time), ids: all.map((r) => r.id) },
    );
    const bytes = (s: string) => Buffer.from(s, 'utf8');
    const expected = all
      .map((r, n) => ({ ...r, n }))
      .sort((a, b) => a.day - b.day || a.time - b.time || Buffer.compare(bytes(a.id), bytes(b.id)) || a.n - b.n)
      .map((r) => r.n);
    const got = sorted.map((r) => Number(r.n));
    // Rows equal in all three keep no particular order in ClickHouse: compare the keys at each position instead.
    const key = (n: number) => `${all[n]!.day}|${all[n]!.time}|${all[n]!.id}`;
    expect(got.map(key)).toEqual(expected.map(key));
  });
});
