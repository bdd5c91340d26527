import { describe, expect, it } from 'vitest';
import { formatFigure, formatUsd, formatUsdMicros, round } from './columns';

describe('money format', () => {
  it('writes the sign before the dollar sign', () => {
    expect(formatUsd(-4740.85)).toBe('-$4,740.85');
    expect(formatUsdMicros(-4_740_850_000)).toBe('-$4,740.85');
    expect(formatFigure(-4740.85, 'usd', 2)).toBe('-$4,740.85');
    expect(formatFigure(-0.5, 'usd', 0)).toBe('-$1');
  });

  it('writes positive amounts and a rounded zero without a sign', () => {
    expect(formatUsd(1234567.891)).toBe('$1,234,567.89');
    expect(formatUsdMicros(12_340_000)).toBe('$12.34');
    expect(formatUsd(-0.001)).toBe('$0.00');
    expect(formatFigure(-12.5, 'pct', 1)).toBe('-12.5%');
    expect(formatFigure(null, 'usd', 2)).toBe('—');
  });

  it('rounds a small negative value to 0, never -0 (a table would write "-0", and JSON drops the sign)', () => {
    // -1 micro of dollars: a difference of today's figures between two reads.
    expect(Object.is(round(-1 / 1e6, 2), 0)).toBe(true);
    expect(Object.is(round(-0.004, 2), 0)).toBe(true);
    expect(formatFigure(round(-0.004, 2), 'pct', 2)).toBe('0.00%');
    expect(round(-0.006, 2)).toBe(-0.01);
    expect(round(null, 2)).toBeNull();
    expect(round(1 / 0, 2)).toBeNull();
  });
});
