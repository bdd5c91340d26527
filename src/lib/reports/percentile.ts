import { round } from './columns';

/**
 * The one percentile of the console: linear interpolation between the two nearest order statistics,
 * Hyndman & Fan's type 7 — numpy's default `percentile`, R's `quantile(type = 7)` and PostgreSQL's
 * `percentile_cont`. For n values sorted ascending x₀ … xₙ₋₁, h = p·(n − 1) and the percentile is
 * x⌊h⌋ + (h − ⌊h⌋)·(x⌈h⌉ − x⌊h⌋); the median is p = 0.5 (the mean of the two middle values when n is even).
 * Funnel, Cohort Level, Stuck Game and the A/B reports all take it from here (docs/metrics.md, "Percentiles").
 *
 * The result is snapped to FIGURE_DECIMALS places: the interpolation in binary floating point leaves
 * representation noise (90 + 0.25·24 → 96.00000000000001) that an answer should not carry; screens then round
 * for display in one place, `round` in ./columns.ts, to each column's decimals.
 */

/** Decimals a percentile figure carries (far below any display rounding, far above float noise). */
export const FIGURE_DECIMALS = 9;

/** A run of equal values: the value and how many times it occurs. */
export type ValueCount = readonly [value: number, count: number];

/**
 * The type-7 percentile p ∈ [0, 1] of a multiset given as runs sorted ascending by value (counts ≥ 0;
 * zero counts are skipped); null when the runs hold no value.
 */
export function percentileOfRuns(runs: Iterable<ValueCount>, p: number): number | null {
  const list = Array.isArray(runs) ? (runs as readonly ValueCount[]) : [...runs];
  let total = 0;
  for (const [, count] of list) total += count;
  if (total === 0) return null;
  const at = p * (total - 1);
  const loRank = Math.floor(at);
  const hiRank = Math.ceil(at);
  let lo: number | null = null;
  let upto = 0;
  for (const [value, count] of list) {
    upto += count;
    if (lo === null && upto > loRank) lo = value;
    if (upto > hiRank) return round(lo! + (value - lo!) * (at - loRank), FIGURE_DECIMALS);
  }
  return null;
}

/** The type-7 percentile p of values in any order (null for none). */
export function percentile(values: readonly number[], p: number): number | null {
  const sorted = [...values].sort((a, b) => a - b);
  return percentileOfRuns(sorted.map((v) => [v, 1] as const), p);
}

/** The median (type 7, p = 0.5) of values in any order. */
export const median = (values: readonly number[]) => percentile(values, 0.5);

/** Runs from a value → count map, sorted ascending (what a histogram or a GROUP BY answers). */
export function runsOf(counts: ReadonlyMap<number, number> | Iterable<ValueCount>): ValueCount[] {
  return [...counts].filter(([, c]) => c > 0).sort((a, b) => a[0] - b[0]);
}
