import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js'; // .js: Node's loader (Playwright specs import this file) needs the extension
import { nowMs } from './clock';
import { DAY_MS } from './day';
import { REPORT_OFFSET_MS, REPORT_TIME_ZONE_LABEL } from './zone';

dayjs.extend(utc);

/**
 * The console's one way of writing times (spec: DD-MM-YYYY HH:mm), in the studio's zone (UTC+7, no
 * daylight saving, so a fixed offset is exact). Days in tables, pickers, dialogs and exports are DD-MM-YYYY;
 * an export declared machine-readable carries ISO 8601 with the explicit offset (`isoWithOffset`).
 * Shared by server and browser; every screen formats through here.
 */
export const DATE_TIME_FORMAT = 'DD-MM-YYYY HH:mm';
export const DAY_FORMAT = 'DD-MM-YYYY';
export { REPORT_TIME_ZONE_LABEL };

type Instant = Date | number | string;
const inZone = (instant: Instant) => dayjs.utc(new Date(instant).getTime() + REPORT_OFFSET_MS);

/** "23-11-2026 17:32" (UTC+7); "—" when there is no time. */
export function formatDateTime(instant: Instant | null | undefined): string {
  if (instant === null || instant === undefined || instant === '' || Number.isNaN(new Date(instant).getTime())) return '—';
  return inZone(instant).format(DATE_TIME_FORMAT);
}

/** A calendar day "2026-11-23" written "23-11-2026"; anything that is not a day is returned as it is. */
export function formatDay(day: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? `${day.slice(8, 10)}-${day.slice(5, 7)}-${day.slice(0, 4)}` : day;
}

/** The day (UTC+7) of an instant, written "23-11-2026". */
export function formatInstantDay(instant: Instant | null | undefined): string {
  if (instant === null || instant === undefined || instant === '' || Number.isNaN(new Date(instant).getTime())) return '—';
  return inZone(instant).format(DAY_FORMAT);
}

/** An instant for files: "2026-11-23T17:32:05+07:00". */
export function isoWithOffset(instant: Instant): string {
  return `${inZone(instant).format('YYYY-MM-DDTHH:mm:ss')}+07:00`;
}

const agoOf = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;

/**
 * Time ago (the spec's helper): minutes under 1 hour, hours under 1 day, else days ("5 minutes ago", "1 hour
 * ago", "3 days ago"); under a minute "just now" rather than "0 minutes ago".
 */
export function timeAgo(time: Date | number | string, now: Date | number = nowMs()): string {
  const seconds = Math.max(0, (new Date(now).getTime() - new Date(time).getTime()) / 1000);
  if (seconds < 60) return 'just now';
  if (seconds < 3600) return agoOf(Math.floor(seconds / 60), 'minute');
  if (seconds < DAY_MS / 1000) return agoOf(Math.floor(seconds / 3600), 'hour');
  return agoOf(Math.floor(seconds / (DAY_MS / 1000)), 'day');
}
