import { describe, expect, it } from 'vitest';
import { bayesMeans, bayesProportions, probabilityBetaGreater } from './bayes';

/*
 * Expected values by numeric integration with scipy 1.17, computed once (not with the closed forms tested):
 *   A = beta(1 + xa, 1 + na − xa), B = beta(1 + xb, 1 + nb − xb)
 *   chance = quad(lambda b: B.pdf(b) * A.cdf(b), 0, 1, epsabs=1e-13, epsrel=1e-12)
 *   loss   = dblquad(lambda b, a: max(a − b, 0) * A.pdf(a) * B.pdf(b), 0, 1, 0, 1, epsabs=1e-12)
 *   (10/100 vs 15/100)   → 0.8532837899339664, 0.003578087518038866
 *   (120/1000 vs 135/1000) → 0.8422815161023073, 0.0012350472314037423
 *   (0/5 vs 1/5)         → 0.7727272727272727 (= 17/22), 0.027472526604120372
 *   (30000/300000 vs 30600/300000), quad over [0.095, 0.107] with points=[0.1, 0.102] → 0.9949238776967327
 *   (past 20,000 successes the code uses the normal approximation of the Beta posteriors)
 * Means: D ~ N(0.25, 4/400 + 5/380); chance = quad(N.pdf, 0, inf) → 0.9497901011580067,
 *   loss = quad(lambda x: −x·N.pdf(x), −inf, 0) → 0.003194923552532763.
 */
describe('Bayesian read-out', () => {
  it('Beta-Binomial chance to beat and expected loss equal a numeric integration', () => {
    for (const [xa, na, xb, nb, chance, loss] of [
      [10, 100, 15, 100, 0.8532837899339664, 0.003578087518038866],
      [120, 1000, 135, 1000, 0.8422815161023073, 0.0012350472314037423],
      [0, 5, 1, 5, 0.7727272727272727, 0.027472526604120372],
    ] as const) {
      const r = bayesProportions(xa, na, xb, nb)!;
      expect(r.chanceToBeat).toBeCloseTo(chance, 9);
      // dblquad over the kink of max(·, 0) is good to about 1e-8.
      expect(r.expectedLoss).toBeCloseTo(loss, 7);
    }
  });

  it('large counts (normal approximation of the posteriors) still agree with the integral', () => {
    expect(bayesProportions(30_000, 300_000, 30_600, 300_000)!.chanceToBeat).toBeCloseTo(0.9949238776967327, 4);
  });

  it('is symmetric: equal arms are a coin toss, and the two chances add up to 1', () => {
    expect(bayesProportions(30, 200, 30, 200)!.chanceToBeat).toBeCloseTo(0.5, 12);
    expect(probabilityBetaGreater(11, 91, 16, 86) + probabilityBetaGreater(16, 86, 11, 91)).toBeCloseTo(1, 12);
  });

  it('normal approximation for means equals the integral of the posterior difference', () => {
    const r = bayesMeans({ n: 400, mean: 1.2, variance: 4 }, { n: 380, mean: 1.45, variance: 5 })!;
    expect(r.chanceToBeat).toBeCloseTo(0.9497901011580067, 9);
    expect(r.expectedLoss).toBeCloseTo(0.003194923552532763, 9);
    expect(bayesMeans({ n: 1, mean: 1, variance: 0 }, { n: 5, mean: 2, variance: 1 })).toBeNull();
  });
});
