import { describe, expect, it } from 'vitest';
import { wallTimeDate, wallTimeText } from './date-time-text';

describe('the date-time picker text', () => {
  it('round-trips a wall time whatever the browser zone', () => {
    expect(wallTimeText(wallTimeDate('31-12-2026 23:59')!)).toBe('31-12-2026 23:59');
    expect(wallTimeText(wallTimeDate('01-03-2027 00:00')!)).toBe('01-03-2027 00:00');
  });
  it('refuses days that do not exist and other shapes', () => {
    expect(wallTimeDate('31-02-2026 10:00')).toBeNull();
    expect(wallTimeDate('2026-12-31 10:00')).toBeNull();
    expect(wallTimeDate('')).toBeNull();
    expect(wallTimeDate('01-01-2026 24:00')).toBeNull();
  });
});
