import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { floatsOf, measurementStats, ValueSets } from './measurement-stats';

/** percentile_disc as PostgreSQL documents it: the first value whose position reaches the fraction p. */
function percentileDisc(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  for (let i = 0; i < sorted.length; i++) if ((i + 1) / sorted.length >= p) return sorted[i]!;
  return sorted[sorted.length - 1]!;
}

describe('measurement figures', () => {
  it('count, mean and observed percentiles (the worked set of the API test)', () => {
    expect(measurementStats('All', Float64Array.from([1000, 2000.5, 3000, 4000, 500]))).toEqual({ key: 'All', count: 5, mean: 2100.1, p50: 2000.5, p90: 4000, p99: 4000 });
    expect(measurementStats('1.0', new Float64Array())).toEqual({ key: '1.0', count: 0, mean: null, p50: null, p90: null, p99: null });
  });

  it('takes percentile_disc on random sets', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 300 }), (values) => {
        const s = measurementStats('k', Float64Array.from(values));
        expect([s.count, s.p50, s.p90, s.p99]).toEqual([values.length, percentileDisc(values, 0.5), percentileDisc(values, 0.9), percentileDisc(values, 0.99)]);
      }),
      { numRuns: 300 },
    );
  });

  it('reads float8[] text and gathers lists per set', () => {
    expect(floatsOf('{1.5,2,-3e-7}')).toEqual([1.5, 2, -3e-7]);
    expect(floatsOf('0.1,12345.678')).toEqual([0.1, 12345.678]);
    expect(floatsOf('')).toEqual([]);
    const sets = new ValueSets();
    sets.add('a', [3, 1]);
    sets.add('b', [7]);
    sets.add('a', [2]);
    expect(sets.keys()).toEqual(['a', 'b']);
    expect([...sets.values('a')]).toEqual([3, 1, 2]);
    expect(measurementStats('a', sets.values('a')).p50).toBe(2);
  });
});
