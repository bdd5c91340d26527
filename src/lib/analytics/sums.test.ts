import { describe, expect, it } from 'vitest';
import { columnSums, everyDay, sumsOf } from './sums';

describe('report sums', () => {
  it('names each figure as its column alias, reads text aggregates as numbers and NULL as 0', () => {
    const sums = columnSums('installs', 'sessionEnds');
    expect(sums.select).toBe('(sum(installs))::text AS "installs", (sum(session_ends))::text AS "sessionEnds"');
    // sum() of bigint arrives as a numeric string; a filtered sum over no rows is NULL.
    expect(sums.read({ installs: '12345678901', sessionEnds: null })).toEqual({ installs: 12_345_678_901, sessionEnds: 0 });
    expect(sums.zero).toEqual({ installs: 0, sessionEnds: 0 });
  });

  it('keeps an aggregate as written', () => {
    expect(sumsOf({ rewardedShows: "sum(shows) FILTER (WHERE format = 'rewarded')" }).select).toBe(`(sum(shows) FILTER (WHERE format = 'rewarded'))::text AS "rewardedShows"`);
  });

  it('lists every day of the range in order, a day without data as the zero row', () => {
    const byDay = new Map([['2026-11-02', { day: '2026-11-02', n: 5 }]]);
    expect(everyDay(['2026-11-01', '2026-11-02', '2026-11-03'], byDay, { n: 0 })).toEqual([
      { day: '2026-11-01', n: 0 },
      { day: '2026-11-02', n: 5 },
      { day: '2026-11-03', n: 0 },
    ]);
  });
});
