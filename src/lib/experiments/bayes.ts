import { logGamma, normalCdf } from './stats';

/**
 * The Bayesian read-out beside the p-values: the chance that the variant beats the control and the expected
 * loss of choosing it (how much of the figure one gives up, on average, in the worlds where it is worse).
 *
 * Rates (retention, conversion): each arm's rate has a uniform Beta(1, 1) prior, so after x successes of n its
 * posterior is Beta(1 + x, 1 + n − x). P(p_v > p_c) is Evan Miller's closed form for integer Beta parameters
 * (a finite sum, exact), and the expected loss of choosing the variant is
 *   E[max(p_c − p_v, 0)] = E[p_c]·P(p_c⁺ > p_v) − E[p_v]·P(p_c > p_v⁺),
 * where x⁺ is the Beta with its first parameter raised by one (E[X·1{X > Y}] = E[X]·P(X⁺ > Y)).
 *
 * Means (ARPU, sessions, play time, level): a flat prior on each mean and the normal approximation of its
 * posterior, N(x̄, s²/n); the difference D = μ_v − μ_c is then N(d, V) with V = s_c²/n_c + s_v²/n_v:
 *   chance = Φ(d/√V), expected loss = E[max(−D, 0)] = √V·φ(d/√V) − d·Φ(−d/√V).
 */

/** Successes in the variant beyond which the rate read-out uses the normal approximation. */
const EXACT_LIMIT = 20_000;

const logBeta = (a: number, b: number) => logGamma(a) + logGamma(b) - logGamma(a + b);

/** P(X_b > X_a) for X_a ~ Beta(aA, bA) and X_b ~ Beta(aB, bB), aB a positive integer (Miller's sum). */
export function probabilityBetaGreater(aA: number, bA: number, aB: number, bB: number): number {
  let total = 0;
  const base = logBeta(aA, bA);
  for (let i = 0; i < aB; i++) total += Math.exp(logBeta(aA + i, bA + bB) - Math.log(bB + i) - logBeta(1 + i, bB) - base);
  return Math.min(1, Math.max(0, total));
}

export interface BayesResult {
  /** P(variant's figure > control's), 0…1. */
  chanceToBeat: number;
  /** Expected loss of choosing the variant, in the figure's unit (a rate: a proportion, 0…1). */
  expectedLoss: number;
}

/** Beta-Binomial read-out of a variant's rate (x of n) against the control's; null without players in either. */
export function bayesProportions(xc: number, nc: number, xv: number, nv: number): BayesResult | null {
  if (nc <= 0 || nv <= 0) return null;
  const [aC, bC, aV, bV] = [1 + xc, 1 + nc - xc, 1 + xv, 1 + nv - xv];
  // Miller's sum has one term per success; past EXACT_LIMIT the Beta posteriors are normal to far better than
  // a report rounds (their skew falls as 1/√n), so the means' formula on the posterior moments is used.
  if (aV > EXACT_LIMIT) {
    const mean = (a: number, b: number) => a / (a + b);
    const variance = (a: number, b: number) => (a * b) / ((a + b) * (a + b) * (a + b + 1));
    return normalDifference(mean(aV, bV) - mean(aC, bC), variance(aC, bC) + variance(aV, bV));
  }
  const chanceToBeat = probabilityBetaGreater(aC, bC, aV, bV);
  // P(p_c⁺ > p_v) = 1 − P(p_v > p_c⁺);  P(p_c > p_v⁺) = 1 − P(p_v⁺ > p_c).
  const loss = (aC / (aC + bC)) * (1 - probabilityBetaGreater(aC + 1, bC, aV, bV)) - (aV / (aV + bV)) * (1 - probabilityBetaGreater(aC, bC, aV + 1, bV));
  return { chanceToBeat, expectedLoss: Math.max(0, loss) };
}

/** Normal-approximation read-out of a variant's mean against the control's; null below 2 players or without variance. */
export function bayesMeans(c: { n: number; mean: number; variance: number }, v: { n: number; mean: number; variance: number }): BayesResult | null {
  if (c.n < 2 || v.n < 2) return null;
  return normalDifference(v.mean - c.mean, c.variance / c.n + v.variance / v.n);
}

/** Chance and expected loss for a posterior difference D ~ N(d, V); null without variance. */
function normalDifference(d: number, variance: number): BayesResult | null {
  if (!(variance > 0)) return null;
  const sd = Math.sqrt(variance);
  const z = d / sd;
  const density = Math.exp(-(z * z) / 2) / Math.sqrt(2 * Math.PI);
  return { chanceToBeat: normalCdf(z), expectedLoss: Math.max(0, sd * density - d * normalCdf(-z)) };
}
