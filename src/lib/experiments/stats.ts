/**
 * The statistics of A/B reports, as pure functions (shared by server and browser; no dependencies). Each is
 * the textbook formula; the unit tests check them against published worked examples and closed forms.
 * Special functions (log-gamma, the regularised incomplete beta and gamma functions) follow Numerical
 * Recipes (3rd ed., §6.1, §6.2, §6.4), which are accurate to about 1e-10 and far beyond what a report rounds to.
 */

/** z of a two-sided 95 % interval (Φ⁻¹(0.975)). */
export const Z95 = 1.959963984540054;

// ---------------------------------------------------------------- special functions

const LANCZOS = [57.1562356658629235, -59.5979603554754912, 14.1360979747417471, -0.491913816097620199, 0.339946499848118887e-4, 0.465236289270485756e-4, -0.983744753048795646e-4, 0.158088703224912494e-3, -0.210264441724104883e-3, 0.217439618115212643e-3, -0.164318106536763890e-3, 0.844182239838527433e-4, -0.261908384015814087e-4, 0.368991826595316234e-5];

/** ln Γ(x) for x > 0 (Lanczos, g = 607/128). */
export function logGamma(x: number): number {
  let y = x;
  const tmp = x + 5.24218750000000000;
  const t = (x + 0.5) * Math.log(tmp) - tmp;
  let ser = 0.999999999999997092;
  for (const c of LANCZOS) ser += c / ++y;
  return t + Math.log((2.5066282746310005 * ser) / x);
}

/** Continued fraction of the incomplete beta function (modified Lentz). */
function betaFraction(a: number, b: number, x: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 10_000; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a - 1 + m2) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + 1 + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < 1e-15) break;
  }
  return h;
}

/** The regularised incomplete beta function I_x(a, b). */
export function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  // The fraction converges fast on the side of the mean; use the symmetry I_x(a,b) = 1 − I_{1−x}(b,a) otherwise.
  return x < (a + 1) / (a + b + 2) ? (front * betaFraction(a, b, x)) / a : 1 - (front * betaFraction(b, a, 1 - x)) / b;
}

/** The regularised lower incomplete gamma function P(a, x). */
export function lowerGamma(a: number, x: number): number {
  if (x <= 0) return 0;
  const gln = logGamma(a);
  if (x < a + 1) {
    // Series.
    let ap = a;
    let sum = 1 / a;
    let del = sum;
    for (let n = 0; n < 10_000; n++) {
      del *= x / ++ap;
      sum += del;
      if (Math.abs(del) < Math.abs(sum) * 1e-16) break;
    }
    return sum * Math.exp(-x + a * Math.log(x) - gln);
  }
  // Continued fraction for Q = 1 − P (modified Lentz).
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 10_000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < 1e-16) break;
  }
  return 1 - Math.exp(-x + a * Math.log(x) - gln) * h;
}

// ---------------------------------------------------------------- distributions

/** Φ(z), the standard normal CDF (through the incomplete gamma function: erf(x) = P(½, x²)). */
export function normalCdf(z: number): number {
  const half = 0.5 * lowerGamma(0.5, (z * z) / 2);
  return z >= 0 ? 0.5 + half : 0.5 - half;
}

/** Φ⁻¹(p) (Acklam's rational approximation, refined by one Halley step to full precision). */
export function normalQuantile(p: number): number {
  if (p <= 0) return -Infinity;
  if (p >= 1) return Infinity;
  const a = [-3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1, 2.506628277459239];
  const b = [-5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1];
  const c = [-7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];
  const low = 0.02425;
  let x: number;
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p));
    x = (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) / ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1);
  } else if (p <= 1 - low) {
    const q = p - 0.5;
    const r = q * q;
    x = ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) / (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1);
  } else {
    const q = Math.sqrt(-2 * Math.log(1 - p));
    x = -(((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) / ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1);
  }
  const e = normalCdf(x) - p;
  const u = e * Math.sqrt(2 * Math.PI) * Math.exp((x * x) / 2);
  return x - u / (1 + (x * u) / 2);
}

/** The Student t CDF with df degrees of freedom (any real df > 0, as Welch's test needs). */
export function studentTCdf(t: number, df: number): number {
  if (!Number.isFinite(t)) return t > 0 ? 1 : 0;
  const tail = 0.5 * incompleteBeta(df / (df + t * t), df / 2, 0.5);
  return t >= 0 ? 1 - tail : tail;
}

/** P(X ≥ x) for a chi-square variable with df degrees of freedom. */
export function chiSquareSurvival(x: number, df: number): number {
  return x <= 0 ? 1 : 1 - lowerGamma(df / 2, x / 2);
}

// ---------------------------------------------------------------- intervals and tests

export interface Interval {
  low: number;
  high: number;
}

/** Wilson score interval of a proportion (successes of n), at z (default 95 %); null for n = 0. */
export function wilsonInterval(successes: number, n: number, z = Z95): Interval | null {
  if (n <= 0) return null;
  const p = successes / n;
  const z2 = z * z;
  const centre = p + z2 / (2 * n);
  const spread = z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  const scale = 1 + z2 / n;
  return { low: Math.max(0, (centre - spread) / scale), high: Math.min(1, (centre + spread) / scale) };
}

export interface TestResult {
  /** The statistic: z, t or χ². */
  statistic: number;
  /** Two-sided p-value (χ²: the upper tail). */
  p: number;
}

/**
 * Two-proportion z-test (pooled standard error), two-sided: does x1/n1 differ from x2/n2? Null when either
 * group is empty or the pooled rate is 0 or 1 (no variation to test).
 */
export function twoProportionTest(x1: number, n1: number, x2: number, n2: number): (TestResult & { difference: number; interval: Interval }) | null {
  if (n1 <= 0 || n2 <= 0) return null;
  const p1 = x1 / n1;
  const p2 = x2 / n2;
  const pooled = (x1 + x2) / (n1 + n2);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
  if (!(se > 0)) return null;
  const z = (p2 - p1) / se;
  // The interval of the difference uses the unpooled standard error (the pooled one only holds under H0).
  const seDiff = Math.sqrt((p1 * (1 - p1)) / n1 + (p2 * (1 - p2)) / n2);
  return { statistic: z, p: Math.min(1, 2 * (1 - normalCdf(Math.abs(z)))), difference: p2 - p1, interval: { low: p2 - p1 - Z95 * seDiff, high: p2 - p1 + Z95 * seDiff } };
}

/** A sample's summary: size, mean and (unbiased, n − 1) variance. */
export interface Summary {
  n: number;
  mean: number;
  variance: number;
}

/** Size, mean and unbiased variance of a list of values (Welford, stable for large sums). */
export function summarize(values: Iterable<number>): Summary {
  let n = 0;
  let mean = 0;
  let m2 = 0;
  for (const v of values) {
    n++;
    const delta = v - mean;
    mean += delta / n;
    m2 += delta * (v - mean);
  }
  return { n, mean: n ? mean : 0, variance: n > 1 ? m2 / (n - 1) : 0 };
}

/** Summary from sums (n, Σx, Σx²), as SQL aggregates answer them. */
export function summaryOfSums(n: number, sum: number, sumSquares: number): Summary {
  if (n <= 0) return { n: 0, mean: 0, variance: 0 };
  const mean = sum / n;
  return { n, mean, variance: n > 1 ? Math.max(0, (sumSquares - n * mean * mean) / (n - 1)) : 0 };
}

/** t-interval of a mean at 95 % (null below 2 values). */
export function meanInterval(s: Summary): Interval | null {
  if (s.n < 2) return null;
  const half = studentTQuantile(0.975, s.n - 1) * Math.sqrt(s.variance / s.n);
  return { low: s.mean - half, high: s.mean + half };
}

/**
 * Welch's unequal-variance t-test of b's mean against a's, two-sided, with the Welch–Satterthwaite degrees
 * of freedom. Null when a group has fewer than 2 values or both variances are 0.
 */
export function welchTest(a: Summary, b: Summary): (TestResult & { df: number; difference: number }) | null {
  if (a.n < 2 || b.n < 2) return null;
  const va = a.variance / a.n;
  const vb = b.variance / b.n;
  const se2 = va + vb;
  if (!(se2 > 0)) return null;
  const t = (b.mean - a.mean) / Math.sqrt(se2);
  const df = (se2 * se2) / ((va * va) / (a.n - 1) + (vb * vb) / (b.n - 1));
  return { statistic: t, df, p: Math.min(1, 2 * studentTCdf(-Math.abs(t), df)), difference: b.mean - a.mean };
}

/** The Student t quantile (bisection on the CDF: monotone and exact to 1e-12, fast enough for a report). */
export function studentTQuantile(p: number, df: number): number {
  if (p === 0.5) return 0;
  let lo = -1e3;
  let hi = 1e3;
  for (let i = 0; i < 200 && hi - lo > 1e-12; i++) {
    const mid = (lo + hi) / 2;
    if (studentTCdf(mid, df) < p) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/**
 * Chi-square goodness of fit of observed counts to expected shares (weights in any unit): the sample-ratio
 * mismatch check. Null when nothing is observed or fewer than two groups.
 */
export function chiSquareGoodnessOfFit(observed: readonly number[], weights: readonly number[]): (TestResult & { df: number }) | null {
  const total = observed.reduce((s, v) => s + v, 0);
  const weightSum = weights.reduce((s, v) => s + v, 0);
  if (total <= 0 || observed.length < 2 || weightSum <= 0) return null;
  let chi = 0;
  observed.forEach((o, i) => {
    const expected = (total * weights[i]!) / weightSum;
    if (expected > 0) chi += ((o - expected) * (o - expected)) / expected;
  });
  const df = observed.length - 1;
  return { statistic: chi, df, p: chiSquareSurvival(chi, df) };
}

/**
 * Players needed in EACH group for a two-sided two-proportion z-test at level alpha to detect p1 vs p2 with
 * the given power (normal approximation, no continuity correction; Fleiss, Statistical Methods for Rates
 * and Proportions, 3rd ed., eq. 4.14). Null when the rates are equal or out of (0, 1).
 */
export function sampleSizeTwoProportions(p1: number, p2: number, alpha = 0.05, power = 0.8): number | null {
  if (!(p1 > 0 && p1 < 1 && p2 > 0 && p2 < 1) || p1 === p2) return null;
  const za = normalQuantile(1 - alpha / 2);
  const zb = normalQuantile(power);
  const bar = (p1 + p2) / 2;
  const root = za * Math.sqrt(2 * bar * (1 - bar)) + zb * Math.sqrt(p1 * (1 - p1) + p2 * (1 - p2));
  return Math.ceil((root * root) / ((p1 - p2) * (p1 - p2)));
}

/**
 * Players needed in EACH group for a two-sided Welch/z test of means to detect a difference delta given the
 * standard deviations (normal approximation). Null when delta is 0.
 */
export function sampleSizeMeans(sdA: number, sdB: number, delta: number, alpha = 0.05, power = 0.8): number | null {
  if (!delta || !Number.isFinite(delta)) return null;
  const z = normalQuantile(1 - alpha / 2) + normalQuantile(power);
  return Math.ceil(((sdA * sdA + sdB * sdB) * z * z) / (delta * delta));
}
