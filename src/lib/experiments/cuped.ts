import type { Summary } from './stats';

/**
 * CUPED (Deng, Xu, Kohavi & Walker, "Improving the sensitivity of online controlled experiments by utilizing
 * pre-experiment data", WSDM 2013): a player's figure Y after exposure is adjusted by the same figure X over
 * the same number of days before exposure, Ŷ = Y − θ(X − X̄), with θ = cov(X, Y)/var(X) pooled over all
 * exposed players (the variants together, so θ cannot absorb the treatment effect: X is fixed before
 * exposure). The adjusted means have the same expectation as the raw ones, and the variance of each
 * variant's mean shrinks by the factor 1 − ρ² (ρ the correlation of X and Y): the same test then needs
 * 1 − ρ² times the players.
 *
 * Players with no activity before exposure (new players) have X = 0, which is their true pre-period
 * figure; when nobody in the experiment has any (var X = 0), θ = 0 and the figures are the raw ones — the
 * report says so rather than pretending to a reduction.
 */

/** Per variant: n, Σy, Σy², Σx, Σx², Σxy of the players whose window is over. */
export interface PairedSums {
  n: number;
  sy: number;
  syy: number;
  sx: number;
  sxx: number;
  sxy: number;
}

export interface CupedResult {
  /** θ, pooled over the variants (0 without pre-period variation). */
  theta: number;
  /** 1 − var(adjusted)/var(raw) over all players, 0…1: the share of variance removed (ρ², pooled). */
  varianceReduction: number;
  /** Each variant's adjusted summary (n, adjusted mean, variance of the adjusted values), in input order. */
  adjusted: Summary[];
}

export function cuped(groups: readonly PairedSums[]): CupedResult {
  const total = groups.reduce((t, g) => ({ n: t.n + g.n, sy: t.sy + g.sy, syy: t.syy + g.syy, sx: t.sx + g.sx, sxx: t.sxx + g.sxx, sxy: t.sxy + g.sxy }), { n: 0, sy: 0, syy: 0, sx: 0, sxx: 0, sxy: 0 });
  const raw = (g: PairedSums): Summary => summaryOf(g.n, g.sy, g.syy);
  if (total.n < 2) return { theta: 0, varianceReduction: 0, adjusted: groups.map(raw) };
  // Pooled within-variant moments, so that θ is not moved by a difference of means between variants.
  let cxx = 0;
  let cxy = 0;
  let cyy = 0;
  for (const g of groups) {
    if (g.n === 0) continue;
    cxx += g.sxx - (g.sx * g.sx) / g.n;
    cxy += g.sxy - (g.sx * g.sy) / g.n;
    cyy += g.syy - (g.sy * g.sy) / g.n;
  }
  if (!(cxx > 1e-12 * Math.max(1, total.sxx))) return { theta: 0, varianceReduction: 0, adjusted: groups.map(raw) };
  const theta = cxy / cxx;
  const xBar = total.sx / total.n;
  const adjusted = groups.map((g): Summary => {
    if (g.n === 0) return { n: 0, mean: 0, variance: 0 };
    const mean = g.sy / g.n - theta * (g.sx / g.n - xBar);
    // Σ(ŷ − ȳ̂)² = Syy − 2θ·Sxy + θ²·Sxx over the variant's centred sums.
    const syy = g.syy - (g.sy * g.sy) / g.n;
    const sxy = g.sxy - (g.sx * g.sy) / g.n;
    const sxx = g.sxx - (g.sx * g.sx) / g.n;
    const ss = Math.max(0, syy - 2 * theta * sxy + theta * theta * sxx);
    return { n: g.n, mean, variance: g.n > 1 ? ss / (g.n - 1) : 0 };
  });
  const varianceReduction = cyy > 0 ? Math.min(1, Math.max(0, (cxy * cxy) / (cxx * cyy))) : 0;
  return { theta, varianceReduction, adjusted };
}

function summaryOf(n: number, sum: number, squares: number): Summary {
  if (n <= 0) return { n: 0, mean: 0, variance: 0 };
  const mean = sum / n;
  return { n, mean, variance: n > 1 ? Math.max(0, (squares - n * mean * mean) / (n - 1)) : 0 };
}
