import { addDays } from '../time/day';

/**
 * The arithmetic of a revenue alert (docs/metrics.md "Revenue alerts"): a day's ad revenue against its
 * baseline, in integer USD micros, so the verdict at the threshold is exact (no float rounding decides
 * whether 30 % is "at least 30 %").
 */

export type ComparedTo = 'previous_day' | 'same_day_last_week' | 'average_7_days';

export const COMPARED_TO_LABEL: Record<ComparedTo, string> = {
  previous_day: 'the previous day',
  same_day_last_week: 'the same day last week',
  average_7_days: 'the average of the 7 days before',
};

/** The days whose revenue makes the baseline of `day`. */
export function baselineDays(day: string, comparedTo: ComparedTo): string[] {
  if (comparedTo === 'previous_day') return [addDays(day, -1)];
  if (comparedTo === 'same_day_last_week') return [addDays(day, -7)];
  return Array.from({ length: 7 }, (_, i) => addDays(day, -7 + i));
}

export interface Verdict {
  currentMicros: number;
  baselineMicros: number;
  /** (baseline − current) ÷ baseline in tenths of a percent, rounded half away from zero; 0 without a baseline. */
  dropTenths: number;
  fires: boolean;
  /** Why it fires or not, in words (the "Test this alert" answer and the job history). */
  reason: string;
}

/** Divides rounding half away from zero (BigInt division truncates). */
function roundDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  const r = a % b;
  if (r * 2n >= b) return q + 1n;
  if (r * 2n <= -b) return q - 1n;
  return q;
}

const usd = (micros: number) => `${(micros / 1e6).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 6 })} USD`;
export const percentOfTenths = (tenths: number) => `${(tenths / 10).toFixed(1)} %`;

/**
 * Judges one app-day. `baselineFigures` are the revenues of baselineDays() (a day without revenue counts as 0,
 * so the 7-day average is the sum ÷ 7). It fires when the baseline reaches the minimum revenue and the drop is
 * at least the threshold: (baseline − current) × 100 ≥ threshold × baseline.
 */
export function judge(input: { currentMicros: number; baselineFigures: number[]; dropPercent: number; minRevenueMicros: number }): Verdict {
  const current = BigInt(input.currentMicros);
  const sum = input.baselineFigures.reduce((s, v) => s + BigInt(v), 0n);
  const baseline = input.baselineFigures.length ? roundDiv(sum, BigInt(input.baselineFigures.length)) : 0n;
  const base = { currentMicros: Number(current), baselineMicros: Number(baseline) };
  if (baseline <= 0n) return { ...base, dropTenths: 0, fires: false, reason: 'no baseline revenue to compare with' };
  const dropTenths = Number(roundDiv((baseline - current) * 1000n, baseline));
  const drop = { ...base, dropTenths };
  if (baseline < BigInt(input.minRevenueMicros)) {
    return { ...drop, fires: false, reason: `baseline ${usd(Number(baseline))} is below the minimum revenue ${usd(input.minRevenueMicros)}` };
  }
  const fires = (baseline - current) * 100n >= BigInt(input.dropPercent) * baseline;
  const change = dropTenths >= 0 ? `dropped ${percentOfTenths(dropTenths)}` : `rose ${percentOfTenths(-dropTenths)}`;
  return { ...drop, fires, reason: `${usd(Number(current))} against ${usd(Number(baseline))}: ${change}, threshold ${input.dropPercent} %` };
}

export { usd as formatUsd };
