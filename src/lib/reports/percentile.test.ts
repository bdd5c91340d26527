import { describe, expect, it } from 'vitest';
import { median, percentile, percentileOfRuns, runsOf } from './percentile';

/*
 * Expected values computed once with numpy 1.x, whose default np.percentile is Hyndman & Fan type 7:
 *   python3 -c "import numpy as np; print(np.percentile([1,2,3,4],[0,25,50,90,100]))"   → 1 1.75 2.5 3.7 4
 *   np.percentile([15,20,35,40,50],[5,30,40,50,100])                                   → 16 23 29 35 50
 *   np.percentile([3,1,4,1,5,9,2,6],[10,33,50,66,90])                                  → 1 2.31 3.5 4.62 6.9 (to 2 places, printed 1.  2.31 3.5 4.62 6.9)
 *   np.percentile([10,40],50) → 25 (Funnel's case: the lower-middle rule said 10)
 *   np.percentile([0,3],50)   → 1.5 (Cohort Level's case)
 *   np.percentile([60,100],90) → 96.00000000000001 (Stuck's p90: float noise this function drops)
 */
describe('the one percentile (type 7, linear interpolation)', () => {
  it('equals numpy on worked sets', () => {
    expect([0, 0.25, 0.5, 0.9, 1].map((p) => percentile([4, 2, 3, 1], p))).toEqual([1, 1.75, 2.5, 3.7, 4]);
    expect([0.05, 0.3, 0.4, 0.5, 1].map((p) => percentile([15, 20, 35, 40, 50], p))).toEqual([16, 23, 29, 35, 50]);
    expect([0.1, 0.33, 0.5, 0.66, 0.9].map((p) => percentile([3, 1, 4, 1, 5, 9, 2, 6], p))).toEqual([1, 2.31, 3.5, 4.62, 6.9]);
  });

  it('gives the three screens\' cases one answer', () => {
    expect(median([10, 40])).toBe(25);
    expect(median([0, 3])).toBe(1.5);
    expect(percentile([60, 100], 0.9)).toBe(96);
    expect(median([7])).toBe(7);
    expect(median([])).toBeNull();
  });

  it('reads runs of equal values as the values written out', () => {
    expect(percentileOfRuns(runsOf(new Map([[90, 2], [114, 1], [30, 1], [5, 0]])), 0.9)).toBe(percentile([30, 90, 90, 114], 0.9));
    expect(percentileOfRuns(runsOf(new Map([[90, 2], [114, 1], [30, 1]])), 0.9)).toBe(106.8);
    expect(percentileOfRuns([], 0.5)).toBeNull();
    expect(percentileOfRuns([[3, 0]], 0.5)).toBeNull();
  });
});
