/**
 * Multiple comparisons: Holm's step-down adjustment (Holm 1979). A report that tests several variants against
 * the control, on several metrics or days, makes one decision per comparison; at 0.05 each, the chance of at
 * least one false positive grows with their number. Holm controls that family-wise error rate at α for any
 * dependence between the tests (the days and metrics of one experiment are strongly correlated, which rules
 * out methods that assume independence) and is uniformly more powerful than Bonferroni. We chose it over
 * Benjamini–Hochberg because a product decision ("ship B") should rest on each claimed difference, not on a
 * controlled share of false ones (docs/metrics.md, "A/B tests").
 */

/**
 * Holm-adjusted p-values, in the input's order (null stays null and is not counted): sort the m p-values
 * ascending, multiply the k-th smallest (1-based) by m − k + 1, cap at 1, and carry the running maximum so the
 * adjusted values keep the order of the raw ones. A comparison is significant at α when its adjusted p < α.
 */
export function holmAdjust(pValues: readonly (number | null)[]): (number | null)[] {
  const present = pValues.map((p, i) => ({ p, i })).filter((x): x is { p: number; i: number } => x.p !== null && Number.isFinite(x.p));
  present.sort((a, b) => a.p - b.p || a.i - b.i);
  const m = present.length;
  const out: (number | null)[] = pValues.map(() => null);
  let running = 0;
  present.forEach(({ p, i }, k) => {
    running = Math.max(running, Math.min(1, (m - k) * p));
    out[i] = running;
  });
  return out;
}
