import { describe, expect, it } from 'vitest';
import { NeverRuns, cronProblem, nextRun } from './cron';

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

  it('refuses a schedule that never runs, and finds rare ones within the bounded search', () => {
    expect(cronProblem('0 0 30 2 *', 'UTC')).toBe('"0 0 30 2 *" never runs: February has no day 30');
    expect(cronProblem('0 9 * * *; 0 0 31 4,6 *', 'UTC')).toBe('"0 0 31 4,6 *" never runs: April, June have no day 31');
    // Both day fields restricted: either may match (a Monday in February will do).
    expect(cronProblem('0 0 30 2 1', 'UTC')).toBeNull();
    expect(cronProblem('0 0 29 2 *', 'UTC')).toBeNull();
    const started = performance.now();
    expect(() => nextRun('0 0 30 2 *', 'UTC', at('2026-11-22T10:00:00Z'))).toThrow(NeverRuns);
    expect(performance.now() - started).toBeLessThan(500);
    // 29 February: more than a year ahead (the old search stopped at 366 days).
    expect(nextRun('0 0 29 2 *', 'UTC', at('2026-11-22T10:00:00Z')).toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(nextRun('30 1 29 2 *', 'Asia/Ho_Chi_Minh', at('2026-11-22T10:00:00Z')).toISOString()).toBe('2028-02-28T18:30:00.000Z');
  });

  it('keeps finding minute-exact runs across daylight-saving changes', () => {
    // New York springs forward on 8 March 2026 at 02:00 (no 02:30 that day) and falls back on 1 November.
    expect(nextRun('30 0 * * *', 'America/New_York', at('2026-03-07T12:00:00Z')).toISOString()).toBe('2026-03-08T05:30:00.000Z');
    expect(nextRun('30 3 * * *', 'America/New_York', at('2026-03-08T06:00:00Z')).toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(nextRun('15 23 * * *', 'America/New_York', at('2026-10-31T12:00:00Z')).toISOString()).toBe('2026-11-01T03:15:00.000Z');
    expect(nextRun('15 23 * * *', 'America/New_York', at('2026-11-01T12:00:00Z')).toISOString()).toBe('2026-11-02T04:15:00.000Z');
  });
});
