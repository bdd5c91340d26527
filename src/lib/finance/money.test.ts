import { describe, expect, it } from 'vitest';
import { toMicros, toUsd } from './money';
import { monthRange } from './month';
import { spreadOverMonth } from './more';

describe('finance money', () => {
  it('keeps amounts as whole micros and converts at a rate in USD micros per unit', () => {
    expect(toMicros(12.345678)).toBe(12_345_678);
    expect(toMicros(0.1 + 0.2)).toBe(300_000);
    expect(toUsd(100_000_000, 1_080_000)).toBe(108_000_000); // 100 EUR at 1.08
    expect(toUsd(250_000_000_000, 40)).toBe(10_000_000); // 250,000 VND at 0.00004
  });

  it('spreads a month over its days in whole micros that sum back exactly', () => {
    expect(monthRange('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    const days = spreadOverMonth('2026-02', 1_000_010_000);
    expect(days).toHaveLength(28);
    expect(days[0]).toEqual({ day: '2026-02-01', micros: 35_714_642 });
    expect(days.reduce((n, d) => n + d.micros, 0)).toBe(1_000_010_000);
    expect(days.every((d) => Number.isInteger(d.micros))).toBe(true);
  });
});

describe('the rate of a day', () => {
  const EUR = [
    { day: '2025-09-30', rate: 1_170_000 },
    { day: '2025-10-01', rate: 1_171_000 },
    { day: '2025-10-05', rate: 1_160_000 },
  ];
  it('is the day\'s own, else the latest earlier one, and never a later one', async () => {
    const { rateOn } = await import('./money');
    expect(rateOn(EUR, '2025-10-01')).toBe(1_171_000);
    expect(rateOn(EUR, '2025-10-03')).toBe(1_171_000); // the latest earlier
    expect(rateOn(EUR, '2025-12-31')).toBe(1_160_000);
    expect(rateOn(EUR, '2025-09-20')).toBeNull(); // before the first rate: refused, not converted at 2025-09-30's
    expect(rateOn([], '2025-10-01')).toBeNull();
  });
});
