import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import { nowMs } from '../../time/clock';
import { formatDay } from '../../time/format';
import { addDays, reportDay } from '../../time/day';

dayjs.extend(utc);

/** The date-range picker is 240 px wide (spec section 9). */
export const DATE_RANGE_WIDTH_PX = 240;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A range of calendar days in the studio's reporting time zone (UTC+7), both ends included. */
export interface DateRange {
  from: string;
  to: string;
}

export type DateShortcutKey = 'today' | 'yesterday' | 'thisMonth' | 'lastMonth' | `last${7 | 15 | 30 | 45 | 60 | 90 | 120}`;

/** The shortcuts, in the order the picker lists them. */
export const DATE_SHORTCUTS: readonly { key: DateShortcutKey; label: string }[] = [
  { key: 'today', label: 'Today' },
  { key: 'yesterday', label: 'Yesterday' },
  { key: 'thisMonth', label: 'This month' },
  { key: 'lastMonth', label: 'Last month' },
  ...([7, 15, 30, 45, 60, 90, 120] as const).map((n) => ({ key: `last${n}` as DateShortcutKey, label: `Last ${n} days` })),
];

/** Today's calendar day in the reporting time zone (a fixed offset: UTC+7 has no daylight saving). */
export function todayInReportZone(now: Date | number = nowMs()): string {
  return reportDay(new Date(now).getTime());
}

/**
 * The range of a shortcut for a moment "now", in the reporting time zone. "Last N days" is the N days
 * ending today, today included (today−(N−1) … today), consistently with "Today" and "This month";
 * "This month" runs from the 1st to today; "Last month" is the whole previous month.
 */
export function shortcutRange(key: DateShortcutKey, now: Date | number = nowMs()): DateRange {
  const today = todayInReportZone(now);
  switch (key) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const day = addDays(today, -1);
      return { from: day, to: day };
    }
    case 'thisMonth':
      return { from: `${today.slice(0, 8)}01`, to: today };
    case 'lastMonth': {
      const start = dayjs.utc(`${today.slice(0, 8)}01`).subtract(1, 'month');
      return { from: start.format('YYYY-MM-DD'), to: start.endOf('month').format('YYYY-MM-DD') };
    }
    default: {
      const n = Number(key.slice(4));
      return { from: addDays(today, -(n - 1)), to: today };
    }
  }
}

/** Which shortcut (if any) a range equals today, so the picker can show its name. */
export function shortcutOf(range: DateRange | null, now: Date | number = nowMs()): DateShortcutKey | null {
  if (!range) return null;
  return DATE_SHORTCUTS.find(({ key }) => {
    const r = shortcutRange(key, now);
    return r.from === range.from && r.to === range.to;
  })?.key ?? null;
}

export function isDay(value: string | null | undefined): value is string {
  return typeof value === 'string' && DAY.test(value) && dayjs.utc(value).format('YYYY-MM-DD') === value;
}

/** A range from two query values; swapped when given backwards; null when either is missing or not a day. */
export function parseRange(from: string | null | undefined, to: string | null | undefined): DateRange | null {
  if (!isDay(from) || !isDay(to)) return null;
  return from <= to ? { from, to } : { from: to, to: from };
}

/** The picker's Date objects show calendar days in the browser's zone; these convert without shifting the day. */
export function dayToLocalDate(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d!);
}

export function localDateToDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** "01-05-2026 - 31-05-2026": the console's day format (DD-MM-YYYY), as the picker's input shows it. */
export function formatRange(range: DateRange | null): string {
  if (!range) return '';
  return range.from === range.to ? formatDay(range.from) : `${formatDay(range.from)} - ${formatDay(range.to)}`;
}
