import { describe, expect, it } from 'vitest';
import { formatFigure, formatUsd, formatUsdMicros } from './columns';

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
});
