import { describe, expect, it } from 'vitest';
import { baselineDays, judge } from './compare';

describe('baselineDays', () => {
  it('names the previous day, the same weekday a week before, or the 7 days before', () => {
    expect(baselineDays('2026-03-01', 'previous_day')).toEqual(['2026-02-28']);
    expect(baselineDays('2026-03-01', 'same_day_last_week')).toEqual(['2026-02-22']);
    expect(baselineDays('2026-03-01', 'average_7_days')).toEqual(['2026-02-22', '2026-02-23', '2026-02-24', '2026-02-25', '2026-02-26', '2026-02-27', '2026-02-28']);
  });
});

describe('judge', () => {
  const rule = { dropPercent: 30, minRevenueMicros: 0 };

  it('fires at exactly the threshold and not a micro above it', () => {
    // 100 USD → 70 USD is a 30.0 % drop; 70.000001 USD is 29.9999999 %.
    expect(judge({ ...rule, currentMicros: 70_000_000, baselineFigures: [100_000_000] })).toEqual({
      currentMicros: 70_000_000, baselineMicros: 100_000_000, dropTenths: 300, fires: true,
      reason: '70.00 USD against 100.00 USD: dropped 30.0 %, threshold 30 %',
    });
    const justAbove = judge({ ...rule, currentMicros: 70_000_001, baselineFigures: [100_000_000] });
    expect(justAbove.fires).toBe(false);
    expect(justAbove.dropTenths).toBe(300);
  });

  it('averages seven days, a missing day counting as zero, rounding the baseline to the micro', () => {
    // (10 + 10 + 10 + 10 + 10 + 10 + 0) USD ÷ 7 = 8.571428571… → 8.571429 USD; 6 USD is a 30.0000035 % drop (300 tenths).
    const v = judge({ ...rule, currentMicros: 6_000_000, baselineFigures: [10e6, 10e6, 10e6, 10e6, 10e6, 10e6, 0] });
    expect(v.baselineMicros).toBe(8_571_429);
    expect(v.dropTenths).toBe(300);
    // (8571429 − 6000000) × 100 = 257142900 ≥ 30 × 8571429 = 257142870: it fires.
    expect(v.fires).toBe(true);
  });

  it('reports a rise as a negative drop and does not fire', () => {
    expect(judge({ ...rule, currentMicros: 125_000_000, baselineFigures: [100_000_000] })).toMatchObject({ dropTenths: -250, fires: false, reason: '125.00 USD against 100.00 USD: rose 25.0 %, threshold 30 %' });
  });

  it('never fires below the minimum revenue, whatever the drop', () => {
    expect(judge({ dropPercent: 30, minRevenueMicros: 50_000_000, currentMicros: 0, baselineFigures: [49_999_999] })).toMatchObject({
      fires: false, dropTenths: 1000, reason: 'baseline 49.999999 USD is below the minimum revenue 50.00 USD',
    });
    expect(judge({ dropPercent: 30, minRevenueMicros: 50_000_000, currentMicros: 0, baselineFigures: [50_000_000] }).fires).toBe(true);
  });

  it('does not fire without a baseline', () => {
    expect(judge({ ...rule, currentMicros: 0, baselineFigures: [0] })).toEqual({ currentMicros: 0, baselineMicros: 0, dropTenths: 0, fires: false, reason: 'no baseline revenue to compare with' });
  });

  it('rounds the drop half away from zero in tenths', () => {
    // 1 − 2/3 = 33.333… % → 333 tenths; 1 − 1/8 = 12.5 % → 125; 0.15 % (1.5 tenths) → 2.
    expect(judge({ ...rule, currentMicros: 2, baselineFigures: [3] }).dropTenths).toBe(333);
    expect(judge({ ...rule, currentMicros: 7, baselineFigures: [8] }).dropTenths).toBe(125);
    expect(judge({ ...rule, currentMicros: 1997, baselineFigures: [2000] }).dropTenths).toBe(2);
  });
});
