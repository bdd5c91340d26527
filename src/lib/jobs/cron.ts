import { messageOf } from '../error-message';
import { daysMs } from '../time/day';

/**
 * Five-field cron (minute hour day-of-month month day-of-week) evaluated in an IANA time zone.
 * Several expressions may be joined with ";" (the finance refresh runs at 8:30, 9:10, 10:30, 13:30 and 17:00).
 * Supports *, lists, ranges and steps. When both day fields are restricted, either may match (as in Vixie cron).
 */
interface Field {
  values: Set<number>;
  any: boolean;
}
interface Expression {
  minute: Field;
  hour: Field;
  dom: Field;
  month: Field;
  dow: Field;
}

const RANGES: [number, number][] = [[0, 59], [0, 23], [1, 31], [1, 12], [0, 7]];
const NAMES = ['minute', 'hour', 'day of month', 'month', 'day of week'];

function parseField(text: string, index: number): Field {
  const [min, max] = RANGES[index]!;
  const values = new Set<number>();
  for (const part of text.split(',')) {
    const m = part.match(/^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/);
    if (!m) throw new Error(`${NAMES[index]} "${part}" is not valid`);
    const step = m[4] ? Number(m[4]) : 1;
    const from = m[1] === '*' ? min : Number(m[2]);
    const to = m[1] === '*' ? max : m[3] !== undefined ? Number(m[3]) : m[4] ? max : from;
    if (from < min || to > max || from > to || step < 1) throw new Error(`${NAMES[index]} "${part}" is out of range ${min}-${max}`);
    for (let v = from; v <= to; v += step) values.add(index === 4 && v === 7 ? 0 : v);
  }
  return { values, any: text === '*' };
}

export function parseCron(text: string): Expression[] {
  const expressions = text.split(';').map((s) => s.trim()).filter(Boolean);
  if (!expressions.length) throw new Error('the cron expression is empty');
  return expressions.map((expr) => {
    const fields = expr.split(/\s+/);
    if (fields.length !== 5) throw new Error(`"${expr}" must have 5 fields (minute hour day month weekday)`);
    const [minute, hour, dom, month, dow] = fields.map(parseField);
    return { minute: minute!, hour: hour!, dom: dom!, month: month!, dow: dow! };
  });
}

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** Longest length of each month (February: 29, in leap years). */
const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Why an expression can never match, or null: restricted days of month (with any weekday) that none of its
 * months has, such as `0 0 30 2 *`. Caught up front; the search in nextRun is bounded as well.
 */
function impossibleDays(e: Expression): string | null {
  if (e.dom.any || !e.dow.any) return null; // with both day fields restricted, any matching weekday will do
  const months = [...e.month.values];
  if (months.some((m) => [...e.dom.values].some((d) => d <= MONTH_DAYS[m - 1]!))) return null;
  const days = [...e.dom.values].sort((a, b) => a - b).join(',');
  return `${months.map((m) => MONTH_NAMES[m - 1]).join(', ')} ${months.length > 1 ? 'have' : 'has'} no day ${days}`;
}

/** Why an expression or zone is refused, or null. */
export function cronProblem(text: string, timeZone: string): string | null {
  try {
    const expressions = parseCron(text);
    new Intl.DateTimeFormat('en-US', { timeZone });
    const parts = text.split(';').map((p) => p.trim()).filter(Boolean);
    for (const [i, e] of expressions.entries()) {
      const why = impossibleDays(e);
      if (why) return `"${parts[i]}" never runs: ${why}`;
    }
    return null;
  } catch (error) {
    return error instanceof RangeError ? `unknown time zone "${timeZone}"` : messageOf(error);
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function localParts(date: Date, timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', weekday: 'short' });
    formatters.set(timeZone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(date).map((p) => [p.type, p.value]));
  const dow = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday!);
  return { minute: Number(parts.minute), hour: Number(parts.hour), dom: Number(parts.day), month: Number(parts.month), dow };
}

/** How far ahead nextRun looks: a schedule that can run at all (29 February included) runs within this. */
export const SEARCH_YEARS = 5;

/** Error of a schedule with no run within SEARCH_YEARS (the API answers it as 400, never a long 500). */
export class NeverRuns extends Error {}

/**
 * The first minute strictly after `after` that matches, searching up to SEARCH_YEARS ahead. Skips whole local
 * days and hours that cannot match (a few thousand steps for five years), so an impossible schedule fails fast.
 */
export function nextRun(text: string, timeZone: string, after: Date): Date {
  const expressions = parseCron(text);
  const t = new Date(Math.floor(after.getTime() / 60_000) * 60_000 + 60_000);
  const limit = after.getTime() + SEARCH_YEARS * daysMs(366);
  const dayOk = (e: Expression, p: ReturnType<typeof localParts>) => {
    if (!e.month.values.has(p.month)) return false;
    const domOk = e.dom.values.has(p.dom);
    const dowOk = e.dow.values.has(p.dow);
    return e.dom.any || e.dow.any ? domOk && dowOk : domOk || dowOk;
  };
  while (t.getTime() <= limit) {
    const p = localParts(t, timeZone);
    const days = expressions.filter((e) => dayOk(e, p));
    let skip = 1;
    if (!days.length) {
      // To the next local day: first to an hour short of it, so a daylight-saving change later today cannot make us overshoot.
      const left = 24 * 60 - (p.hour * 60 + p.minute);
      skip = left > 120 ? left - 60 : left;
    } else if (!days.some((e) => e.hour.values.has(p.hour))) {
      skip = 60 - p.minute;
    } else if (days.some((e) => e.hour.values.has(p.hour) && e.minute.values.has(p.minute))) {
      return t;
    }
    t.setTime(t.getTime() + skip * 60_000);
  }
  throw new NeverRuns(`"${text}" never runs within ${SEARCH_YEARS} years`);
}
