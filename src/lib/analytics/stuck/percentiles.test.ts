import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { round } from '../../reports/columns';
import { FIGURE_DECIMALS } from '../../reports/percentile';
import { medianAndP90, parseCounts, percentileOfCounts } from './percentiles';

/** percentile_cont as PostgreSQL documents it, over the values written out one by one. */
function percentileCont(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const at = p * (sorted.length - 1);
  const lo = sorted[Math.floor(at)]!;
  const hi = sorted[Math.ceil(at)]!;
  // Snapped to the decimals a figure carries (../../reports/percentile.ts drops float noise).
  return round(lo + (hi - lo) * (at - Math.floor(at)), FIGURE_DECIMALS);
}

describe('percentiles of value counts', () => {
  it('equals percentile_cont of the values written out (worked example: 1, 2, 3, 4)', () => {
    expect(medianAndP90('1:1,2:1,3:1,4:1')).toEqual({ median: 2.5, p90: 3.7 });
    // Lists joined from several days repeat a value and come in any order.
    expect(medianAndP90('4:1,2:1,1:1,3:1,2:0')).toEqual({ median: 2.5, p90: 3.7 });
    expect(medianAndP90('90:2,114:1,30:1')).toEqual({ median: 90, p90: percentileCont([30, 90, 90, 114], 0.9) });
  });

  it('is null for no values', () => {
    expect(medianAndP90('')).toEqual({ median: null, p90: null });
    expect(medianAndP90(null)).toEqual({ median: null, p90: null });
    expect(medianAndP90('5:0')).toEqual({ median: null, p90: null });
  });

  it('matches the definition on random multisets', () => {
    const pair = fc.tuple(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 40 }));
    fc.assert(
      fc.property(fc.array(pair, { maxLength: 60 }), fc.double({ min: 0, max: 1, noNaN: true }), (pairs, p) => {
        const values = pairs.flatMap(([v, n]) => Array.from({ length: n }, () => v));
        const counts = parseCounts(pairs.map(([v, n]) => `${v}:${n}`).join(','));
        expect(counts.total).toBe(values.length);
        expect(percentileOfCounts(counts, p)).toBe(percentileCont(values, p));
      }),
      { numRuns: 500 },
    );
  });

  it('counts beyond 2^22 players at one value (a hit game\'s first level) as they are', () => {
    // 9,000,000 passed at attempt 1 and 1,000,000 at attempt 2: the median is 1; the 90th percentile sits at
    // rank 9,999,999 × 0.9 = 8,999,999.1, a tenth of the way from the last 1 to the first 2; the 95th is 2.
    const counts = parseCounts('2:1000000,1:9000000');
    expect(counts.total).toBe(10_000_000);
    expect(percentileOfCounts(counts, 0.5)).toBe(1);
    expect(percentileOfCounts(counts, 0.9)).toBeCloseTo(1.1, 9);
    expect(percentileOfCounts(counts, 0.95)).toBe(2);
    expect(medianAndP90('7:12582912')).toEqual({ median: 7, p90: 7 });
  });

  it('refuses what is not a value-count list instead of guessing', () => {
    expect(() => parseCounts('1:2,x:3')).toThrow(/unexpected "x"/);
    expect(() => parseCounts('1:-2')).toThrow(/unexpected "-"/);
    expect(() => parseCounts(`${2 ** 31}:1`)).toThrow(/out of range/);
  });
});
