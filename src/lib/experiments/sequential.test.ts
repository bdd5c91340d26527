import { describe, expect, it } from 'vitest';
import { mixtureLikelihoodRatio, mixtureVariance, sequentialMeans, sequentialProportions, sequentialTest } from './sequential';
import { normalCdf } from './stats';

/*
 * Expected values from the formulas of Johari et al. (2017) and Howard et al. (2021), written out once in
 * plain Python (math module only), independently of this code:
 *   lam  = sqrt(V/(V+t2)) * exp(t2*d*d/(2*V*(V+t2)))
 *   half = sqrt(V*(V+t2)/t2 * (2*log(1/a) + log((V+t2)/V)))
 *   l = 2*log(20); mix = l + log(1+l)                       → 7.936154601737565
 *   lam(0.5, 0.01, 0.04)                                    → 9850.53496425235 (p = 0.000101517329122632)
 *   control 100/1000, B 130/1000: V = .09/1000 + .1131/1000, t2 = (.09 + .1131)*mix/5000
 *     → t2 0.0003223665999225799, p 0.4131347395513706, interval −0.017939826056136192 … 0.0779398260561362
 */
describe('mSPRT always-valid p-values and confidence sequences', () => {
  it('equals the formulas on worked values', () => {
    expect(mixtureLikelihoodRatio(0.5, 0.01, 0.04)).toBeCloseTo(9850.53496425235, 7);
    expect(mixtureVariance(1)).toBeCloseTo(7.936154601737565 / 5000, 15);
    const r = sequentialProportions(100, 1000, 130, 1000)!;
    expect(r.p).toBeCloseTo(0.4131347395513706, 12);
    expect(r.interval.low).toBeCloseTo(-0.017939826056136192, 12);
    expect(r.interval.high).toBeCloseTo(0.0779398260561362, 12);
  });

  it('on a known sequence of daily looks, the p-value falls as the same effect gathers players, and stays above the fixed-horizon one', () => {
    // Control converts at 10 %, B at 13 %, 1,000 more players per arm each day (cumulative looks).
    const looks = [1, 2, 4, 8].map((k) => sequentialProportions(100 * k, 1000 * k, 130 * k, 1000 * k)!.p);
    // Python, as above, for k = 1, 2, 4, 8 (printed with %.10g).
    expect(looks.map((p) => Number(p.toPrecision(10)))).toEqual([0.4131347396, 0.07027829031, 0.001281946291, 2.706007545e-7]);
    const fixed = (k: number) => 2 * (1 - normalCdf(0.03 / Math.sqrt((0.09 + 0.1131) / (1000 * k))));
    [1, 2, 4, 8].forEach((k, i) => expect(looks[i]!).toBeGreaterThan(fixed(k)));
  });

  it('is null without variance, and the means version reads summaries', () => {
    expect(sequentialTest(1, 0, 1)).toBeNull();
    expect(sequentialProportions(0, 0, 1, 2)).toBeNull();
    const m = sequentialMeans({ n: 400, mean: 1.2, variance: 4 }, { n: 380, mean: 1.45, variance: 5 })!;
    expect(m.interval.low).toBeLessThan(0.25);
    expect(m.interval.high).toBeGreaterThan(0.25);
  });
});

/** A small seeded generator (mulberry32): the simulation gives the same answer on every run. */
function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('A/A experiments peeked daily for 30 days (seeded simulation)', () => {
  const EXPERIMENTS = 2_000;
  const DAYS = 30;
  const PER_DAY = 200;
  const RATE = 0.1;

  it('keep false positives at or below 5 % with mSPRT, while fixed-horizon peeking exceeds 5 %', () => {
    const random = mulberry32(20260428);
    let fixedHits = 0;
    let sequentialHits = 0;
    for (let e = 0; e < EXPERIMENTS; e++) {
      let x1 = 0;
      let x2 = 0;
      let n = 0;
      let fixedStopped = false;
      let sequentialStopped = false;
      for (let d = 0; d < DAYS; d++) {
        // Each day PER_DAY new players per arm convert with the same chance (no true difference).
        for (let i = 0; i < PER_DAY; i++) {
          if (random() < RATE) x1++;
          if (random() < RATE) x2++;
        }
        n += PER_DAY;
        const p1 = x1 / n;
        const p2 = x2 / n;
        const pooled = (x1 + x2) / (2 * n);
        const z = (p2 - p1) / Math.sqrt((pooled * (1 - pooled) * 2) / n);
        if (!fixedStopped && 2 * (1 - normalCdf(Math.abs(z))) < 0.05) fixedStopped = true;
        if (!sequentialStopped && (sequentialProportions(x1, n, x2, n)?.p ?? 1) < 0.05) sequentialStopped = true;
      }
      if (fixedStopped) fixedHits++;
      if (sequentialStopped) sequentialHits++;
    }
    const fixedRate = fixedHits / EXPERIMENTS;
    const sequentialRate = sequentialHits / EXPERIMENTS;
    expect(sequentialRate).toBeLessThanOrEqual(0.05);
    expect(fixedRate).toBeGreaterThan(0.05);
    // What the seed gives (for the record in the test output).
    console.info(`A/A, ${EXPERIMENTS} experiments × ${DAYS} daily looks: fixed-horizon peeking ${(100 * fixedRate).toFixed(1)} % false positives, mSPRT ${(100 * sequentialRate).toFixed(2)} %`);
  });
});
