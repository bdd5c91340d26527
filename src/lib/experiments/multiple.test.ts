import { describe, expect, it } from 'vitest';
import { holmAdjust } from './multiple';

/*
 * Expected values by hand (the step-down rule) and checked with numpy:
 *   p = [0.01, 0.04, 0.03, 0.20] sorted 0.01, 0.03, 0.04, 0.20 → ×4, ×3, ×2, ×1 = 0.04, 0.09, 0.08, 0.20;
 *   running maximum → 0.04, 0.09, 0.09, 0.20; back in input order [0.04, 0.09, 0.09, 0.20].
 *   statsmodels.stats.multitest.multipletests(p, method='holm') gives the same (its documented rule).
 */
describe('Holm adjustment', () => {
  it('equals the step-down values computed by hand', () => {
    const adjusted = holmAdjust([0.01, 0.04, 0.03, 0.2]);
    expect(adjusted.map((p) => Number(p!.toFixed(12)))).toEqual([0.04, 0.09, 0.09, 0.2]);
  });

  it('caps at 1, skips nulls (the control lines) and leaves one test alone', () => {
    // 0.5 × 2 = 1 (capped); 0.6 × 1 keeps the running maximum 1.
    expect(holmAdjust([null, 0.5, null, 0.6])).toEqual([null, 1, null, 1]);
    expect(holmAdjust([0.03])).toEqual([0.03]);
    expect(holmAdjust([])).toEqual([]);
  });
});
