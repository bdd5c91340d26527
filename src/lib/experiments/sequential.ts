import type { Interval } from './stats';

/**
 * Sequential testing that may be read every day: the mixture sequential probability ratio test (mSPRT) of
 * Johari, Koomen, Pekelis & Walsh, "Peeking at A/B tests" (KDD 2017; "Always valid inference", Operations
 * Research 2022) and its confidence sequence, the normal-mixture boundary of Howard, Ramdas, McAuliffe &
 * Sekhon, "Time-uniform, nonparametric, nonasymptotic confidence sequences" (Annals of Statistics 2021).
 *
 * The estimate θ̂ of a difference (variant − control) is approximately N(θ, V), V its squared standard
 * error (the unpooled one of the two-proportion or Welch test). Mixing the likelihood ratio of θ against
 * θ₀ over θ ~ N(θ₀, τ²) gives
 *   Λ = √(V / (V + τ²)) · exp(τ² (θ̂ − θ₀)² / (2V(V + τ²))),
 * a nonnegative martingale under H₀ (θ = θ₀), so by Ville's inequality P(Λ ever reaches 1/α) ≤ α however
 * often one looks. The always-valid p-value is min(1, 1/Λ) at θ₀ = 0 (its running minimum over the looks
 * is also valid); the confidence sequence is every θ₀ not rejected,
 *   θ̂ ± √( V(V + τ²)/τ² · (2 log(1/α) + log((V + τ²)/V)) ),
 * which is Howard et al.'s normal-mixture boundary (their eq. (14) with ρ = σ²/τ²) in the mean's units.
 *
 * τ² is fixed before the data: τ² = σ²·(2 log(1/α) + log(1 + 2 log(1/α))) / m, the mixture Howard et al.
 * show to make the boundary tightest at m players per variant (m = SEQUENTIAL_HORIZON), where σ² is the
 * per-player variance of the difference (σ_c² + σ_v², estimated from the data as Johari et al. do).
 */

/** Players per variant at which the confidence sequence is tightest (the mixture's tuning; GrowthBook's default). */
export const SEQUENTIAL_HORIZON = 5_000;

/** The mixture variance τ² for a per-player variance of the difference σ², tuned for m players per variant at level alpha. */
export function mixtureVariance(unitVariance: number, alpha = 0.05, m = SEQUENTIAL_HORIZON): number {
  const l = 2 * Math.log(1 / alpha);
  return (unitVariance * (l + Math.log(1 + l))) / m;
}

/** The mixture likelihood ratio Λ of θ̂ (variance V) against θ₀ = null, mixing variance τ². */
export function mixtureLikelihoodRatio(estimate: number, variance: number, tau2: number, nullValue = 0): number {
  const d = estimate - nullValue;
  return Math.sqrt(variance / (variance + tau2)) * Math.exp((tau2 * d * d) / (2 * variance * (variance + tau2)));
}

export interface SequentialResult {
  /** Always-valid two-sided p-value, min(1, 1/Λ). */
  p: number;
  /** The (1 − α) confidence sequence of the difference at this look. */
  interval: Interval;
}

/** mSPRT p-value and confidence sequence of a difference θ̂ with squared standard error V; null when V is 0 or undefined. */
export function sequentialTest(estimate: number, variance: number, tau2: number, alpha = 0.05): SequentialResult | null {
  if (!(variance > 0) || !(tau2 > 0) || !Number.isFinite(estimate)) return null;
  const ratio = mixtureLikelihoodRatio(estimate, variance, tau2);
  const half = Math.sqrt(((variance * (variance + tau2)) / tau2) * (2 * Math.log(1 / alpha) + Math.log((variance + tau2) / variance)));
  return { p: Math.min(1, 1 / ratio), interval: { low: estimate - half, high: estimate + half } };
}

/** Sequential comparison of two proportions (x successes of n): unpooled variance, τ² from the per-player variances. */
export function sequentialProportions(x1: number, n1: number, x2: number, n2: number, alpha = 0.05): SequentialResult | null {
  if (n1 <= 0 || n2 <= 0) return null;
  const p1 = x1 / n1;
  const p2 = x2 / n2;
  const v1 = p1 * (1 - p1);
  const v2 = p2 * (1 - p2);
  return sequentialTest(p2 - p1, v1 / n1 + v2 / n2, mixtureVariance(v1 + v2, alpha), alpha);
}

/** Sequential comparison of two means from their summaries (n, mean, unbiased variance). */
export function sequentialMeans(a: { n: number; mean: number; variance: number }, b: { n: number; mean: number; variance: number }, alpha = 0.05): SequentialResult | null {
  if (a.n < 2 || b.n < 2) return null;
  return sequentialTest(b.mean - a.mean, a.variance / a.n + b.variance / b.n, mixtureVariance(a.variance + b.variance, alpha), alpha);
}
