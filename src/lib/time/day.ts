/**
 * Calendar days of the reporting time zone (UTC+7, Asia/Ho_Chi_Minh, no daylight saving since 1975): the
 * day an event counts on. A fixed offset keeps this exact and fast on the ingestion's hot path.
 * Days are 'YYYY-MM-DD' strings; shared by server and browser.
 */
import { REPORT_OFFSET_MS } from './zone.ts';

export { REPORT_OFFSET_MS };
/** A day's length in milliseconds: the one place it is written (the reporting zone has no daylight saving). */
export const DAY_MS = 86_400_000;

/** n days in milliseconds. */
export const daysMs = (n: number): number => n * DAY_MS;

/** The reporting day of an instant (epoch ms). */
export function reportDay(ms: number): string {
  return utcDay(ms + REPORT_OFFSET_MS);
}

/**
 * The UTC calendar day of an instant (epoch ms). The ingestion asks this for every event (its reporting day,
 * and the day of its time as sent); formatting is the cost, and a batch spans a few days, so days are kept
 * by day number.
 */
export function utcDay(ms: number): string {
  const n = Math.floor(ms / DAY_MS);
  let day = utcDays.get(n);
  if (day === undefined) {
    if (utcDays.size >= 4096) utcDays.clear();
    utcDays.set(n, (day = new Date(n * DAY_MS).toISOString().slice(0, 10)));
  }
  return day;
}
const utcDays = new Map<number, string>();

/** The instant (epoch ms) a reporting day starts. */
export function dayStart(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) - REPORT_OFFSET_MS;
}

/** Calendar arithmetic on days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from a to b (b - a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);
}

/** Every day from..to, both included. */
export function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}
