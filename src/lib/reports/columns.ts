/**
 * Report columns: what a figure is (label, unit, decimals) and how the Total line aggregates it — a sum,
 * a daily average, or a ratio of sums (never an average of daily ratios). Shared by the screen and the
 * exports, so a table and its CSV/XLSX always hold the same rounded numbers.
 */
import { formatDecimal, formatPercent, formatUsd, formatUsdMicros } from '../numbers';
export type Unit = 'count' | 'usd' | 'pct' | 'sec' | 'ratio';

/**
 * How a column's Total line is formed, which the table says in that cell: a sum is the Total proper; an
 * average (per day) and a ratio of sums are labelled "Average" and "Ratio of sums" (docs/metrics.md), so a
 * figure that is not a total is never read as one.
 */
export type Aggregate = 'sum' | 'average' | 'ratio';

/** What each aggregate is called, on screen and in exports (one wording). */
export const AGGREGATE_NAMES: Record<Aggregate, string> = { sum: 'Sum', average: 'Average', ratio: 'Ratio of sums' };

/** The words a Total cell carries on screen for its aggregate; none for a sum (the line is the Total). */
export const AGGREGATE_LABELS: Record<Aggregate, string | null> = { sum: null, average: AGGREGATE_NAMES.average, ratio: AGGREGATE_NAMES.ratio };

/** A figure of a row and of the range. `total` is null where a column has no meaningful total. */
export interface Measure<R> {
  value: (row: R) => number | null;
  total: ((rows: readonly R[]) => number | null) | null;
  /** How the Total is formed, in words (the Total cell's hint). */
  rule: string;
  /** How the Total is formed, as the table labels it (absent: a figure of its own, shown unlabelled). */
  aggregate?: Aggregate;
}

/** The fields of a row that hold a number. */
export type NumericKeys<R> = { [K in keyof R]: R[K] extends number ? K : never }[keyof R];
const sumOf = <R>(rows: readonly R[], key: NumericKeys<R>) => rows.reduce((n, r) => n + (r[key] as number), 0);
const keysOf = <R>(key: NumericKeys<R> | readonly NumericKeys<R>[]) => (Array.isArray(key) ? key : [key]) as NumericKeys<R>[];

/** A field summed over the range (times a scale, e.g. 1e-6 for micros to USD). */
export function sum<R>(key: NumericKeys<R>, scale = 1): Measure<R> {
  return { value: (r) => (r[key] as number) * scale, total: (rows) => sumOf(rows, key) * scale, rule: 'sum of the days', aggregate: 'sum' };
}

/** A field whose Total is its average per day of the range (DAU, paying users). */
export function dailyAverage<R>(key: NumericKeys<R>): Measure<R> {
  return { value: (r) => r[key] as number, total: (rows) => (rows.length ? sumOf(rows, key) / rows.length : null), rule: 'daily average', aggregate: 'average' };
}

/** numerator / denominator × scale; the Total divides the sums (null over zero). */
export function ratio<R>(numerator: NumericKeys<R> | readonly NumericKeys<R>[], denominator: NumericKeys<R>, scale = 1): Measure<R> {
  const num = keysOf(numerator);
  const div = (n: number, d: number) => (d > 0 ? (n * scale) / d : null);
  return {
    value: (r) => div(num.reduce((s, k) => s + (r[k] as number), 0), r[denominator] as number),
    total: (rows) => div(num.reduce((s, k) => s + sumOf(rows, k), 0), sumOf(rows, denominator)),
    rule: 'ratio of the sums',
    aggregate: 'ratio',
  };
}

/** A figure with no Total (per-level figures, shares of a cohort). */
export function only<R>(value: (row: R) => number | null): Measure<R> {
  return { value, total: null, rule: '' };
}

export interface ReportColumn<R> {
  key: string;
  label: string;
  unit: Unit;
  /** Decimals shown and exported. */
  decimals: number;
  /** Decimals of the Total where it is an average (DAU 1,234.5). */
  totalDecimals?: number;
  measure: Measure<R>;
}

/** The columns most tables are made of, keyed by the field they read. A count summed over the range: */
export const countColumn = <R>(key: NumericKeys<R> & string, label: string): ReportColumn<R> => ({ key, label, unit: 'count', decimals: 0, measure: sum(key) });
/** Money summed over the range: a field of USD micros, shown in dollars and cents. */
export const usdColumn = <R>(key: NumericKeys<R> & string, label: string): ReportColumn<R> => ({ key, label, unit: 'usd', decimals: 2, measure: sum(key, 1e-6) });
/** One field over another in % (2 decimals unless told); the Total divides the sums. */
export const pctColumn = <R>(key: string, label: string, numerator: NumericKeys<R>, denominator: NumericKeys<R>, decimals = 2): ReportColumn<R> => ({
  key,
  label,
  unit: 'pct',
  decimals,
  measure: ratio(numerator, denominator, 100),
});

/**
 * A value rounded as it is shown and exported; null when undefined (a ratio over zero). A small negative
 * value rounds to 0, never -0: the table would write "-0" (Intl formats the sign of -0) and the JSON answer,
 * which drops it, would no longer equal the export (a difference of -1 micro on today's changing figures).
 */
export function round(value: number | null, decimals: number): number | null {
  if (value === null || !Number.isFinite(value)) return null;
  const f = 10 ** decimals;
  return Math.round(value * f) / f || 0;
}

/** part ÷ whole in %, rounded to 2 decimals as cohort cells and chart rates show it; null over nothing. */
export function percent(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((10_000 * part) / whole) / 100 : null;
}

export { formatUsd, formatUsdMicros };

/** "1,234", "$12.34", "-$4,740.85", "4.56%", "—" when undefined. */
export function formatFigure(value: number | null, unit: Unit, decimals: number): string {
  if (value === null) return '—';
  if (unit === 'usd') return formatUsd(value, decimals);
  return unit === 'pct' ? formatPercent(value, decimals) : formatDecimal(value, decimals);
}

/** A column title with its unit, as tables and exports write it. */
export function titleWithUnit(label: string, unit: Unit): string {
  return unit === 'usd' ? `${label} (USD)` : unit === 'pct' ? `${label} (%)` : unit === 'sec' ? `${label} (s)` : label;
}
