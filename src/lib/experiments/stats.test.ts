import { describe, expect, it } from 'vitest';
import {
  chiSquareGoodnessOfFit,
  chiSquareSurvival,
  meanInterval,
  normalCdf,
  normalQuantile,
  sampleSizeTwoProportions,
  studentTCdf,
  studentTQuantile,
  summarize,
  summaryOfSums,
  twoProportionTest,
  welchTest,
  wilsonInterval,
} from './stats';

/** Rounded as the source prints it. */
const r4 = (v: number) => Math.round(v * 1e4) / 1e4;

describe('distributions', () => {
  it('normal CDF and quantile match tabulated values', () => {
    expect(normalCdf(0)).toBe(0.5);
    expect(normalCdf(1)).toBeCloseTo(0.8413447460685429, 12);
    expect(normalCdf(-3)).toBeCloseTo(0.0013498980316301, 14);
    expect(normalCdf(1.959963984540054)).toBeCloseTo(0.975, 12);
    expect(normalQuantile(0.975)).toBeCloseTo(1.959963984540054, 10);
    expect(normalQuantile(0.8)).toBeCloseTo(0.8416212335729143, 10);
    expect(normalQuantile(0.001)).toBeCloseTo(-3.090232306167813, 9);
  });

  it('Student t CDF equals the closed forms of 1 and 2 degrees of freedom', () => {
    for (const t of [-30, -4.2, -1, -0.3, 0, 0.7, 2.5, 12.706]) {
      // df = 1 is the Cauchy distribution; df = 2 has F(t) = ½ + t / (2√(2 + t²)).
      expect(studentTCdf(t, 1)).toBeCloseTo(0.5 + Math.atan(t) / Math.PI, 12);
      expect(studentTCdf(t, 2)).toBeCloseTo(0.5 + t / (2 * Math.sqrt(2 + t * t)), 12);
    }
  });

  it('Student t quantiles match the printed table (two-sided 5 %)', () => {
    expect(studentTQuantile(0.975, 1)).toBeCloseTo(12.7062, 3);
    expect(studentTQuantile(0.975, 10)).toBeCloseTo(2.2281, 4);
    expect(studentTQuantile(0.975, 30)).toBeCloseTo(2.0423, 4);
    expect(studentTQuantile(0.95, 5)).toBeCloseTo(2.0150, 4);
    // Large df tends to the normal.
    expect(studentTCdf(1.96, 1e7)).toBeCloseTo(normalCdf(1.96), 6);
  });

  it('chi-square upper tail: the closed form of 2 df and the 5 % critical values', () => {
    for (const x of [0.1, 1, 4.6, 13.8]) expect(chiSquareSurvival(x, 2)).toBeCloseTo(Math.exp(-x / 2), 12);
    expect(chiSquareSurvival(3.841459, 1)).toBeCloseTo(0.05, 6);
    expect(chiSquareSurvival(7.814728, 3)).toBeCloseTo(0.05, 6);
    expect(chiSquareSurvival(10.828, 1)).toBeCloseTo(0.001, 5);
  });
});

describe('Wilson interval', () => {
  it('matches Newcombe (1998, Statistics in Medicine 17:857, Table I, method 3)', () => {
    const cases: [number, number, number, number][] = [
      [81, 263, 0.2553, 0.3662],
      [15, 148, 0.0624, 0.1605],
      [0, 20, 0, 0.1611],
      [1, 29, 0.0061, 0.1718],
    ];
    for (const [x, n, low, high] of cases) {
      const ci = wilsonInterval(x, n)!;
      expect([r4(ci.low), r4(ci.high)], `${x}/${n}`).toEqual([low, high]);
    }
    expect(wilsonInterval(0, 0)).toBeNull();
  });
});

describe('two-proportion z-test', () => {
  it('pooled z and two-sided p for 100/1000 against 130/1000 (by hand: z = 0.03 / √(0.115·0.885·0.002))', () => {
    const test = twoProportionTest(100, 1000, 130, 1000)!;
    expect(test.statistic).toBeCloseTo(2.102740605622114, 10);
    expect(test.p).toBeCloseTo(0.03548845046647475, 8);
    expect(test.difference).toBeCloseTo(0.03, 12);
    // z² is Pearson's χ² of the 2×2 table, so the p-values agree.
    expect(test.p).toBeCloseTo(chiSquareSurvival(test.statistic ** 2, 1), 10);
    expect(twoProportionTest(0, 0, 1, 2)).toBeNull();
    expect(twoProportionTest(0, 10, 0, 10)).toBeNull();
  });
});

describe('Welch t-test', () => {
  // Wikipedia, "Welch's t-test", example 1: t = −2.46, ν ≈ 25.0, p = 0.021.
  const a1 = [27.5, 21.0, 19.0, 23.6, 17.0, 17.9, 16.9, 20.1, 21.9, 22.6, 23.1, 19.6, 19.0, 21.7, 21.4];
  const a2 = [27.1, 22.0, 20.8, 23.4, 23.4, 23.5, 25.8, 22.0, 24.8, 20.2, 21.9, 22.1, 22.9, 20.5, 24.4];

  it('reproduces the published example (statistic, Welch–Satterthwaite df, p)', () => {
    const test = welchTest(summarize(a2), summarize(a1))!;
    expect(Math.round(test.statistic * 100) / 100).toBe(-2.46);
    expect(Math.round(test.df * 10) / 10).toBe(25.0);
    expect(Math.round(test.p * 1000) / 1000).toBe(0.021);
  });

  it('summaries from SQL-style sums equal those of the values', () => {
    const s = summarize(a1);
    const sums = summaryOfSums(a1.length, a1.reduce((x, v) => x + v, 0), a1.reduce((x, v) => x + v * v, 0));
    expect(sums.n).toBe(s.n);
    expect(sums.mean).toBeCloseTo(s.mean, 10);
    expect(sums.variance).toBeCloseTo(s.variance, 8);
    const ci = meanInterval(s)!;
    expect(ci.low).toBeLessThan(s.mean);
    expect((ci.high - ci.low) / 2).toBeCloseTo(2.144787 * Math.sqrt(s.variance / s.n), 5);
    expect(welchTest(summarize([1]), s)).toBeNull();
  });
});

describe('sample-ratio mismatch', () => {
  it("Mendel's peas against 9:3:3:1 give χ² = 0.470 on 3 df, p = 0.925", () => {
    const test = chiSquareGoodnessOfFit([315, 108, 101, 32], [9, 3, 3, 1])!;
    expect(Math.round(test.statistic * 1000) / 1000).toBe(0.47);
    expect(test.df).toBe(3);
    expect(Math.round(test.p * 1000) / 1000).toBe(0.925);
  });

  it('flags a 50/50 split that came out 5,300 to 4,700', () => {
    const test = chiSquareGoodnessOfFit([5300, 4700], [50, 50])!;
    expect(test.statistic).toBeCloseTo(36, 10);
    expect(test.p).toBeLessThan(0.001);
    expect(chiSquareGoodnessOfFit([0, 0], [50, 50])).toBeNull();
  });
});

describe('sample size', () => {
  it('10 % against 15 % needs 686 per group at α = 0.05 two-sided and 80 % power (Fleiss, no continuity correction)', () => {
    expect(sampleSizeTwoProportions(0.1, 0.15)).toBe(686);
    expect(sampleSizeTwoProportions(0.15, 0.1)).toBe(686);
    expect(sampleSizeTwoProportions(0.2, 0.2)).toBeNull();
  });
});
