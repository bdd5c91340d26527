import { describe, expect, it } from 'vitest';
import { abbreviate, formatAmountMicros, formatCount, formatDecimal, formatMoney, formatPercent, formatUsd, formatUsdMicros } from './numbers';

describe('the one number format', () => {
  it('rounds dollars computed as floats by the money rule, half away from zero, like micros', () => {
    // A dollar figure is taken to whole micros first (what it was computed from), then to cents: report
    // screens and finance share this rule instead of Intl's rounding of the float.
    expect(formatUsd(1.015)).toBe('$1.02');
    expect(formatUsd(-1.015)).toBe('-$1.02');
    expect(formatUsd(1200.505)).toBe('$1,200.51');
    expect(formatUsdMicros(1_015_000)).toBe('$1.02');
    expect(formatUsd(-0.004)).toBe('$0.00');
    expect(formatUsd(1.0049999999)).toBe('$1.01');
    expect(formatUsd(0.5, 0)).toBe('$1');
    expect(formatUsdMicros(123_456, 4)).toBe('$0.1235');
    expect(formatAmountMicros(-1_234_567_891, 6)).toBe('-1,234.567891');
    expect(formatMoney(12.345, 'EUR')).toBe('12.35 EUR');
  });

  it('writes counts, decimals and percentages in one grouping', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(12n ** 20n)).toBe('3,833,759,992,447,475,122,176');
    expect(formatDecimal(655.4, 2)).toBe('655.40');
    expect(formatPercent(4.5612)).toBe('4.56%');
  });

  it('abbreviates with k, M, G, T, P, E', () => {
    expect([999, 1234, 1_500_000, 2e9, 4e15, 5.5e18].map((n) => abbreviate(n))).toEqual(['999', '1.2k', '1.5M', '2G', '4P', '5.5E']);
  });
});
