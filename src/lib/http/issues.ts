import type { z } from 'zod';

/**
 * How a failed validation reads, shared by the API (its 400 answers) and the forms (the message under a
 * field), so a dialog shows what the server would have said. Shared by server and browser.
 */

/** The field an issue belongs to, as the API names it: "data.price"; "body" for the request itself. */
export const issueField = (issue: z.core.$ZodIssue): string => issue.path.map(String).join('.') || 'body';

/** The message of one issue without its field: "is required", "must be a decimal amount like 4.99". */
export function issueText(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type' && (issue as { input?: unknown }).input === undefined) return 'is required';
  if (issue.code === 'unrecognized_keys') return `unknown field(s) ${issue.keys.join(', ')}`;
  return issue.message;
}

/** "title: is required; data.price: must be …" — the API's 400 message (first five issues). */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issueField(issue)}: ${issueText(issue)}`)
    .join('; ');
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
