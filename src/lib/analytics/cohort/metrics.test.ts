import { describe, expect, it } from 'vitest';
import { wilsonLower } from '../stuck/metrics';
import { levelSummary } from './metrics';

describe('the Level view\'s summary of a histogram of highest levels', () => {
  it('gives the mean\'s sum and the exact median (the mean of the two middle values for an even count)', () => {
    expect(levelSummary(new Map([[0, 1], [2, 1]]))).toEqual({ users: 2, levelSum: 2, median: 1 });
    expect(levelSummary(new Map([[1, 3], [5, 1], [9, 1]]))).toEqual({ users: 5, levelSum: 17, median: 1 });
    expect(levelSummary(new Map([[1, 2], [4, 2]]))).toEqual({ users: 4, levelSum: 10, median: 2.5 });
    expect(levelSummary(new Map([[7, 0]]))).toEqual({ users: 0, levelSum: 0, median: null });
  });
});

describe('the stuck score\'s Wilson lower bound', () => {
  // Newcombe (1998), "Two-sided confidence intervals for the single proportion", Table I: Wilson score
  // intervals 81/263 → 0.2553–0.3662, 15/148 → 0.0624–0.1605, 0/20 → 0–0.1611.
  it('matches the published worked examples', () => {
    expect(wilsonLower(81, 263)).toBeCloseTo(0.2553, 4);
    expect(wilsonLower(15, 148)).toBeCloseTo(0.0624, 4);
    expect(wilsonLower(0, 20)).toBe(0);
    expect(wilsonLower(0, 0)).toBeNull();
  });
});
