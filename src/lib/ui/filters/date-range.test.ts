import { describe, expect, it } from 'vitest';
import { DATE_RANGE_WIDTH_PX, DATE_SHORTCUTS, formatRange, parseRange, shortcutOf, shortcutRange, todayInReportZone } from './date-range';
import { daysBetween } from '../../time/day';

// 2026-03-01 00:30 in UTC+7 is still 2026-02-28 17:30 UTC: the day is cut in the studio's zone.
const earlyMarchInVietnam = Date.parse('2026-02-28T17:30:00Z');
const midMay = Date.parse('2026-05-20T03:00:00Z');

describe('date-range shortcuts in UTC+7', () => {
  it('lists the shortcuts in order and is 240 px wide', () => {
    expect(DATE_SHORTCUTS.map((s) => s.label)).toEqual([
      'Today', 'Yesterday', 'This month', 'Last month', 'Last 7 days', 'Last 15 days', 'Last 30 days', 'Last 45 days', 'Last 60 days', 'Last 90 days', 'Last 120 days',
    ]);
    expect(DATE_RANGE_WIDTH_PX).toBe(240);
  });

  it('cuts today in Asia/Ho_Chi_Minh, not UTC', () => {
    expect(todayInReportZone(earlyMarchInVietnam)).toBe('2026-03-01');
    expect(todayInReportZone(Date.parse('2026-02-28T16:59:59Z'))).toBe('2026-02-28');
  });

  it('gives the exact ranges for a fixed now', () => {
    const r = (key: Parameters<typeof shortcutRange>[0]) => shortcutRange(key, earlyMarchInVietnam);
    expect(r('today')).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(r('yesterday')).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    expect(r('thisMonth')).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(r('lastMonth')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(r('last7')).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    expect(r('last15')).toEqual({ from: '2026-02-15', to: '2026-03-01' });
    expect(r('last30')).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    expect(r('last45')).toEqual({ from: '2026-01-16', to: '2026-03-01' });
    expect(r('last60')).toEqual({ from: '2026-01-01', to: '2026-03-01' });
    expect(r('last90')).toEqual({ from: '2025-12-02', to: '2026-03-01' });
    expect(r('last120')).toEqual({ from: '2025-11-02', to: '2026-03-01' });
  });

  it('"last N days" are N days ending today, today included', () => {
    for (const n of [7, 15, 30, 45, 60, 90, 120] as const) {
      const { from, to } = shortcutRange(`last${n}`, midMay);
      expect(daysBetween(from, to) + 1).toBe(n);
      expect(to).toBe('2026-05-20');
    }
    expect(shortcutRange('thisMonth', midMay)).toEqual({ from: '2026-05-01', to: '2026-05-20' });
    expect(shortcutRange('lastMonth', midMay)).toEqual({ from: '2026-04-01', to: '2026-04-30' });
    expect(shortcutRange('lastMonth', Date.parse('2026-01-10T00:00:00Z'))).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(shortcutRange('lastMonth', Date.parse('2024-03-05T00:00:00Z'))).toEqual({ from: '2024-02-01', to: '2024-02-29' });
  });

  it('names the shortcut a range equals', () => {
    expect(shortcutOf({ from: '2026-05-14', to: '2026-05-20' }, midMay)).toBe('last7');
    expect(shortcutOf({ from: '2026-05-13', to: '2026-05-20' }, midMay)).toBeNull();
  });
});

describe('ranges in the URL', () => {
  it('parses two days, swapping a backwards range and refusing non-days', () => {
    expect(parseRange('2026-05-01', '2026-05-20')).toEqual({ from: '2026-05-01', to: '2026-05-20' });
    expect(parseRange('2026-05-20', '2026-05-01')).toEqual({ from: '2026-05-01', to: '2026-05-20' });
    expect(parseRange('2026-02-30', '2026-03-01')).toBeNull();
    expect(parseRange(null, '2026-03-01')).toBeNull();
  });
  it('formats day first', () => {
    expect(formatRange({ from: '2026-05-01', to: '2026-05-20' })).toBe('01-05-2026 - 20-05-2026');
    expect(formatRange({ from: '2026-05-01', to: '2026-05-01' })).toBe('01-05-2026');
  });
});
