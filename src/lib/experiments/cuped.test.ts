import { describe, expect, it } from 'vitest';
import { cuped, type PairedSums } from './cuped';

const sums = (x: number[], y: number[]): PairedSums => ({
  n: x.length,
  sy: y.reduce((s, v) => s + v, 0),
  syy: y.reduce((s, v) => s + v * v, 0),
  sx: x.reduce((s, v) => s + v, 0),
  sxx: x.reduce((s, v) => s + v * v, 0),
  sxy: x.reduce((s, v, i) => s + v * y[i]!, 0),
});

/*
 * A constructed dataset (each player's figure before exposure x, after y), computed once with numpy from the
 * players themselves, not from the sums: θ = Σ_groups Σ(x − x̄_g)(y − ȳ_g) / Σ_groups Σ(x − x̄_g)²;
 * adjusted y − θ(x − x̄_all), then .mean() and .var(ddof=1) per arm; reduction = cxy²/(cxx·cyy).
 *   θ 1.0127758420441346, reduction 0.9889591649075985,
 *   control: mean 7.431910569105692, variance 0.3963804141525738 (raw 25.839285714285715)
 *   B:       mean 8.44308943089431,  variance 0.13180525035713267 (raw 22.0)
 */
describe('CUPED', () => {
  const control = sums([0, 2, 4, 6, 8, 10, 12, 14], [1, 3, 4, 7, 9, 10, 14, 15]);
  const b = sums([1, 3, 5, 7, 9, 11, 13, 0], [3, 5, 7, 8, 11, 13, 15, 2]);

  it('adjusts means and shrinks variances as numpy does on the players', () => {
    const r = cuped([control, b]);
    expect(r.theta).toBeCloseTo(1.0127758420441346, 12);
    expect(r.varianceReduction).toBeCloseTo(0.9889591649075985, 12);
    expect(r.adjusted[0]!.mean).toBeCloseTo(7.431910569105692, 12);
    expect(r.adjusted[0]!.variance).toBeCloseTo(0.3963804141525738, 10);
    expect(r.adjusted[1]!.mean).toBeCloseTo(8.44308943089431, 12);
    expect(r.adjusted[1]!.variance).toBeCloseTo(0.13180525035713267, 10);
  });

  it('falls back to the raw figures when nobody has a pre-period (new players: x = 0)', () => {
    const r = cuped([sums([0, 0, 0], [1, 2, 6]), sums([0, 0], [4, 5])]);
    expect([r.theta, r.varianceReduction]).toEqual([0, 0]);
    expect(r.adjusted).toEqual([{ n: 3, mean: 3, variance: 7 }, { n: 2, mean: 4.5, variance: 0.5 }]);
  });
});
