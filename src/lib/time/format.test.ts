import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDay, formatInstantDay, isoWithOffset } from './format';

describe('the console time format (UTC+7)', () => {
  it('writes date-times DD-MM-YYYY HH:mm in UTC+7, across midnight and the year end', () => {
    expect(formatDateTime('2026-03-09T17:05:00.000Z')).toBe('10-03-2026 00:05');
    expect(formatDateTime('2026-12-31T01:30:00Z')).toBe('31-12-2026 08:30');
    expect(formatDateTime('2026-12-31T17:00:00Z')).toBe('01-01-2027 00:00');
    expect(formatDateTime(Date.UTC(2026, 10, 23, 10, 32))).toBe('23-11-2026 17:32');
  });

  it('writes a dash when there is no time', () => {
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime(undefined)).toBe('—');
    expect(formatDateTime('')).toBe('—');
    expect(formatDateTime('not a time')).toBe('—');
    expect(formatInstantDay(null)).toBe('—');
  });

  it('writes days DD-MM-YYYY', () => {
    expect(formatDay('2026-11-23')).toBe('23-11-2026');
    expect(formatDay('Total')).toBe('Total');
    expect(formatInstantDay('2026-11-22T17:00:00Z')).toBe('23-11-2026');
    expect(formatInstantDay('2026-11-22T16:59:59Z')).toBe('22-11-2026');
  });

  it('writes ISO 8601 with the explicit offset for files', () => {
    expect(isoWithOffset('2026-11-23T10:32:05.123Z')).toBe('2026-11-23T17:32:05+07:00');
    expect(new Date(isoWithOffset('2026-11-23T10:32:05Z')).toISOString()).toBe('2026-11-23T10:32:05.000Z');
  });
});
