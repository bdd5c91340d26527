import { bayesMeans, bayesProportions, type BayesResult } from './bayes';
import type { ExperimentAnalysis } from './contract';
import { sequentialMeans, sequentialProportions } from './sequential';
import { studentTQuantile, twoProportionTest, welchTest, type Interval, type Summary } from './stats';

/**
 * One variant against the control, by the experiment's analysis method: the p-value and the 95 % interval of
 * the difference (variant − control). 'fixed': the two-proportion z-test or Welch's t-test and their
 * intervals, valid read once at a planned sample size. 'sequential': the mSPRT always-valid p-value and the
 * 95 % confidence sequence (./sequential.ts), valid however often the report is read.
 */
export interface Comparison {
  p: number | null;
  /** The difference's interval, in the figure's unit (a rate: a proportion, 0…1). */
  interval: Interval | null;
  /** The Bayesian read-out beside it (./bayes.ts), whatever the method. */
  bayes: BayesResult | null;
}

export function compareProportions(method: ExperimentAnalysis, xc: number, nc: number, xv: number, nv: number): Comparison {
  if (method === 'sequential') {
    const s = sequentialProportions(xc, nc, xv, nv);
    return { p: s?.p ?? null, interval: s?.interval ?? null, bayes: bayesProportions(xc, nc, xv, nv) };
  }
  const t = twoProportionTest(xc, nc, xv, nv);
  return { p: t?.p ?? null, interval: t?.interval ?? null, bayes: bayesProportions(xc, nc, xv, nv) };
}

export function compareMeans(method: ExperimentAnalysis, c: Summary, v: Summary): Comparison {
  if (method === 'sequential') {
    const s = sequentialMeans(c, v);
    return { p: s?.p ?? null, interval: s?.interval ?? null, bayes: bayesMeans(c, v) };
  }
  const t = welchTest(c, v);
  if (!t) return { p: null, interval: null, bayes: bayesMeans(c, v) };
  const half = studentTQuantile(0.975, t.df) * Math.sqrt(c.variance / c.n + v.variance / v.n);
  return { p: t.p, interval: { low: t.difference - half, high: t.difference + half }, bayes: bayesMeans(c, v) };
}
