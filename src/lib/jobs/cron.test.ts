import { describe, expect, it } from 'vitest';
import { cronProblem, nextRun } from './cron';

const at = (iso: string) => new Date(iso);

describe('cron', () => {
  it('finds the next finance refresh in UTC+7 across the five daily times', () => {
    const cron = '30 8 * * *; 10 9 * * *; 30 10 * * *; 30 13 * * *; 0 17 * * *';
    // 08:00 in Ho Chi Minh is 01:00 UTC.
    expect(nextRun(cron, 'Asia/Ho_Chi_Minh', at('2026-11-22T01:00:00Z')).toISOString()).toBe('2026-11-22T01:30:00.000Z');
    expect(nextRun(cron, 'Asia/Ho_Chi_Minh', at('2026-11-22T01:30:00Z')).toISOString()).toBe('2026-11-22T02:10:00.000Z');
    expect(nextRun(cron, 'Asia/Ho_Chi_Minh', at('2026-11-22T10:00:00Z')).toISOString()).toBe('2026-11-23T01:30:00.000Z');
  });
  it('handles steps, ranges and weekdays', () => {
    expect(nextRun('*/15 * * * *', 'UTC', at('2026-11-22T10:07:00Z')).toISOString()).toBe('2026-11-22T10:15:00.000Z');
    // 2026-11-22 is a Sunday; next Monday 09:00 UTC.
    expect(nextRun('0 9 * * 1-5', 'UTC', at('2026-11-22T10:00:00Z')).toISOString()).toBe('2026-11-23T09:00:00.000Z');
  });
  it('explains bad expressions and zones', () => {
    expect(cronProblem('61 * * * *', 'UTC')).toMatch(/out of range/);
    expect(cronProblem('* * *', 'UTC')).toMatch(/5 fields/);
    expect(cronProblem('0 3 * * *', 'Mars/Olympus')).toMatch(/unknown time zone/);
    expect(cronProblem('0 3 * * *', 'Asia/Ho_Chi_Minh')).toBeNull();
  });
});
