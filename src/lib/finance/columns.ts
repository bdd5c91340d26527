import type { NumericKeys, ReportColumn } from '../reports/columns';
import { usdOfMicros } from '../numbers';

/**
 * Finance's money column: a field of USD micros, rounded once by the money rule (./format.ts: cents, half
 * away from zero) on every line and on the Total (the sum of the micros, then rounded), so the table, the
 * CSV and the XLSX hold the same cents. The shared usdColumn scales micros to a float first, which turns
 * $1.015 into 1.01 (1.015 × 100 is 101.4999… in binary).
 */
export const moneyColumn = <R>(key: NumericKeys<R> & string, label: string): ReportColumn<R> => ({
  key,
  label,
  unit: 'usd',
  decimals: 2,
  measure: {
    value: (r) => usdOfMicros(r[key] as number),
    total: (rows) => usdOfMicros(rows.reduce((n, r) => n + (r[key] as number), 0)),
    rule: 'sum of the days',
  },
});

/** A money column of a difference of two micros fields (Compare Version's B − A), rounded by the same rule. */
export const moneyDiffColumn = <R>(key: string, label: string, diff: (r: R) => number): ReportColumn<R> => ({
  key,
  label,
  unit: 'usd',
  decimals: 2,
  measure: { value: (r) => usdOfMicros(diff(r)), total: (rows) => usdOfMicros(rows.reduce((n, r) => n + diff(r), 0)), rule: 'sum of the days' },
});
