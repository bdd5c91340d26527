import type { z } from 'zod';
import { formatCount } from '../numbers';

/**
 * How a failed validation reads, shared by the API (its 400 answers, SDK and console alike) and the forms (the
 * message under a field), so a dialog shows what the server would have said. Shared by server and browser.
 *
 * A message says what is wrong: "is required" only when the field is absent; a value of the wrong kind reads
 * "expected a whole number, got 1.5" or "expected a number, got text"; a bound reads "at most 2,147,483,647".
 * The value the caller sent is looked up in the request itself (zod does not keep it in its issues), so a query
 * text that a schema coerced still reads as the text it was.
 */

/** The field an issue belongs to, as the API names it: "data.price"; "body" for the request itself. */
export const issueField = (issue: z.core.$ZodIssue): string => issue.path.map(String).join('.') || 'body';

/** "2,147,483,647": bounds read as people write numbers (the same on server and browser). */
export const formatBound = (n: number | bigint): string => (typeof n === 'number' && !Number.isInteger(n) ? String(n) : formatCount(n));

const ABSENT = Symbol('absent');

/** The value at an issue's path in the request as sent, or ABSENT when the request has nothing there. */
function sentValue(request: unknown, path: readonly PropertyKey[]): unknown {
  let at: unknown = request;
  for (const key of path) {
    if (at === null || typeof at !== 'object') return ABSENT;
    if (!Object.prototype.hasOwnProperty.call(at, key as string)) return ABSENT;
    at = (at as Record<PropertyKey, unknown>)[key];
  }
  return at === undefined ? ABSENT : at;
}

/** What a value is, as a message names it: "text", "true", "1.5", "a list", "an object", "null". */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return 'text';
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'a number out of range';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : typeof value;
}

const EXPECTED: Record<string, string> = {
  int: 'a whole number',
  number: 'a number',
  string: 'text',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  bigint: 'a whole number',
  date: 'a date',
};

/** Zod's own texts ("Too big: expected …"), replaced by ours; a schema's own message is kept. */
const isZodDefault = (message: string) => /^(Invalid input|Invalid option|Too big|Too small|Invalid element|Invalid key)/.test(message);

function wrongType(issue: z.core.$ZodIssueInvalidType, sent: unknown): string {
  const expected = EXPECTED[issue.expected] ?? issue.expected;
  // A whole number was expected of a number: text that read as one (a query or path parameter) is named as that number.
  const value = issue.expected === 'int' && typeof sent === 'string' && sent.trim() !== '' && Number.isFinite(Number(sent)) ? Number(sent) : sent;
  return `expected ${expected}, got ${kindOf(value)}`;
}

function bound(issue: z.core.$ZodIssueTooBig | z.core.$ZodIssueTooSmall): string {
  const big = issue.code === 'too_big';
  const limit = big ? (issue as z.core.$ZodIssueTooBig).maximum : (issue as z.core.$ZodIssueTooSmall).minimum;
  const exclusive = issue.inclusive === false;
  const word = big ? (exclusive ? 'below' : 'at most') : exclusive ? 'above' : 'at least';
  const n = Number(limit);
  const unit = issue.origin === 'string' ? (n === 1 ? ' character' : ' characters') : issue.origin === 'array' || issue.origin === 'set' ? (n === 1 ? ' item' : ' items') : '';
  if (!big && issue.origin === 'string' && n === 1 && !exclusive) return 'must not be empty';
  return `must be ${word} ${formatBound(limit as number | bigint)}${unit}`;
}

/**
 * The message of one issue without its field. `request` is what was validated (the body, query or form values):
 * with it, a field that is absent reads "is required" and one of the wrong kind says what it was.
 */
export function issueText(issue: z.core.$ZodIssue, request?: unknown): string {
  const sent = request === undefined ? ((issue as { input?: unknown }).input ?? ABSENT) : sentValue(request, issue.path);
  switch (issue.code) {
    case 'invalid_type':
      // Empty text where something else was expected is a field left blank (a form's number input): missing.
      return sent === ABSENT || (typeof sent === 'string' && sent.trim() === '') ? 'is required' : wrongType(issue, sent);
    case 'unrecognized_keys':
      return `unknown field(s) ${issue.keys.join(', ')}`;
    case 'invalid_value':
      if (!isZodDefault(issue.message)) return issue.message;
      if (sent === ABSENT) return 'is required';
      return issue.values.length === 1 ? `must be ${JSON.stringify(issue.values[0])}` : `expected one of ${issue.values.map(String).join(', ')}`;
    case 'too_big':
    case 'too_small':
      return isZodDefault(issue.message) ? bound(issue) : issue.message;
    default:
      return issue.message;
  }
}

/** "title: is required; data.price: must be …" — the API's 400 message (first five distinct issues). */
export function describeIssues(error: z.ZodError, request?: unknown): string {
  // A whole number past 2^53 breaks both zod's safe-integer check and the schema's max: said once.
  const parts = new Set(error.issues.map((issue) => `${issueField(issue)}: ${issueText(issue, request)}`));
  return [...parts].slice(0, 5).join('; ');
}

/**
 * A server message split back into the fields it names ("data.price: must be …; scope: choose …"): the
 * parts whose field is one of `fields` go under that field, the rest stay whole for the form's foot.
 */
export function splitFieldMessages(message: string, fields: readonly string[]): { byField: Record<string, string>; rest: string } {
  const byField: Record<string, string> = {};
  const rest: string[] = [];
  for (const part of message.split('; ')) {
    const match = /^([A-Za-z_][\w.]*): (.+)$/.exec(part);
    if (match && fields.includes(match[1]!) && !byField[match[1]!]) byField[match[1]!] = match[2]!;
    else rest.push(part);
  }
  return { byField, rest: rest.join('; ') };
}
