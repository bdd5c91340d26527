import { describe, expect, it } from 'vitest';
import { reportDay } from './day';

// reportDay keeps the days it formatted (the ingestion asks it for every event): the cache must answer what
// formatting would, on both sides of a UTC+7 midnight, before 1970 and after many distinct days.
describe('reportDay', () => {
  it('is the UTC+7 calendar day, on both sides of its midnight', () => {
    const midnight = Date.parse('2026-11-30T17:00:00Z'); // 00:00 on 1 December in UTC+7
    expect(reportDay(midnight - 1)).toBe('2026-11-30');
    expect(reportDay(midnight)).toBe('2026-12-01');
    expect(reportDay(midnight - 1)).toBe('2026-11-30');
    expect(reportDay(Date.parse('1969-12-31T16:59:59.999Z'))).toBe('1969-12-31');
    expect(reportDay(Date.parse('1969-12-31T17:00:00Z'))).toBe('1970-01-01');
  });

  it('answers as formatting would across more days than it keeps', () => {
    const start = Date.parse('2000-01-01T00:00:00Z');
    for (let i = 0; i < 10_000; i += 7) {
      const ms = start + i * 86_400_000 + ((i * 7919) % 86_400_000);
      expect(reportDay(ms)).toBe(new Date(ms + 7 * 3_600_000).toISOString().slice(0, 10));
    }
  });
});
