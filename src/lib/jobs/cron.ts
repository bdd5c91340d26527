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

/** Why an expression or zone is refused, or null. */
export function cronProblem(text: string, timeZone: string): string | null {
  try {
    parseCron(text);
    new Intl.DateTimeFormat('en-US', { timeZone });
    return null;
  } catch (error) {
    return error instanceof RangeError ? `unknown time zone "${timeZone}"` : (error as Error).message;
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

function matches(e: Expression, p: ReturnType<typeof localParts>): boolean {
  if (!e.minute.values.has(p.minute) || !e.hour.values.has(p.hour) || !e.month.values.has(p.month)) return false;
  const domOk = e.dom.values.has(p.dom);
  const dowOk = e.dow.values.has(p.dow);
  if (e.dom.any || e.dow.any) return domOk && dowOk;
  return domOk || dowOk;
}

/** The first minute strictly after `after` that matches, searching up to 366 days ahead. */
export function nextRun(text: string, timeZone: string, after: Date): Date {
  const expressions = parseCron(text);
  const t = new Date(Math.floor(after.getTime() / 60_000) * 60_000 + 60_000);
  for (let i = 0; i < 366 * 24 * 60; i++) {
    const parts = localParts(t, timeZone);
    if (expressions.some((e) => matches(e, parts))) return t;
    t.setTime(t.getTime() + 60_000);
  }
  throw new Error(`"${text}" never matches within a year`);
}
