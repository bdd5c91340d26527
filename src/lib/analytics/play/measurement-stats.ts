import type { MeasurementStats } from './rows';

/**
 * A measurement set's figures (docs/metrics.md "Measurement"), taken in the server over the values the
 * report reads as arrays (migration 0188): count, mean, and P50/P90/P99 as PostgreSQL's percentile_disc
 * defines them — the value at 1-based position ceil(p·n) of the ascending values (the first for p·n = 0).
 * Float64Array's numeric sort orders NaN last, as PostgreSQL does.
 */
export function measurementStats(key: string, values: Float64Array): MeasurementStats {
  const n = values.length;
  if (n === 0) return { key, count: 0, mean: null, p50: null, p90: null, p99: null };
  const sorted = values.slice().sort();
  let sum = 0;
  for (const v of sorted) sum += v;
  const disc = (p: number) => sorted[Math.max(0, Math.ceil(p * n) - 1)]!;
  return { key, count: n, mean: sum / n, p50: disc(0.5), p90: disc(0.9), p99: disc(0.99) };
}

/** Values gathered per set key, then frozen into typed arrays once all rows are read. */
export class ValueSets {
  private readonly parts = new Map<string, number[][]>();

  add(key: string, values: number[]): void {
    const list = this.parts.get(key);
    if (list) list.push(values);
    else this.parts.set(key, [values]);
  }

  keys(): string[] {
    return [...this.parts.keys()];
  }

  values(key: string): Float64Array {
    const parts = this.parts.get(key) ?? [];
    const out = new Float64Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  }
}

/** A float8[] as its text ('{1.5,2,NaN}', as array_to_string or PGlite may answer) or as an array of numbers. */
export function floatsOf(value: string | (number | string)[] | null | undefined): number[] {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) return value.map(Number);
  const text = value.replace(/[{}]/g, '');
  return text ? text.split(',').map(Number) : [];
}
