import { z } from 'zod';
import { PARAMS, type EventName, type Field } from '../analytics/events';

/**
 * The SDK event vocabulary (src/lib/analytics/events.ts) as zod schemas, for the test screens: the form of
 * each event is generated from these (one input per payload field), the browser checks it before sending and
 * the server checks it again before forwarding to the SDK endpoint. The ingestion keeps its own faster field
 * descriptors; the messages here read the same ("must be between 1 and 1000000"), so a field shows the same
 * words whichever side refused it. Shared by browser and server.
 */

/** One payload field as the form draws it. */
export interface ParamField {
  key: string;
  field: Field;
  required: boolean;
}

/** The payload fields of an event name, in vocabulary order. */
export function paramFields(name: EventName): ParamField[] {
  return Object.entries(PARAMS[name] as Record<string, Field>).map(([key, field]) => ({
    key,
    field,
    // An enum with a default is filled in by the ingestion when left out.
    required: !field.optional,
  }));
}

const nonNumber = (what: string) => ({ error: (issue: { input?: unknown }) => (issue.input === undefined ? 'is required' : what) });

function fieldSchema(field: Field): z.ZodType {
  switch (field.type) {
    case 'int': {
      const range = `must be between ${field.min} and ${field.max}`;
      return z.number(nonNumber(field.unit ? `must be whole ${field.unit}` : 'must be an integer')).int(field.unit ? `must be whole ${field.unit}` : 'must be an integer').min(field.min, range).max(field.max, range);
    }
    case 'number': {
      const range = `must be between ${field.min} and ${field.max}`;
      return z.number(nonNumber('must be a number')).min(field.min, range).max(field.max, range);
    }
    case 'enum':
      return z.enum(field.values as [string, ...string[]], { error: `must be one of ${field.values.join(', ')}` });
    case 'text': {
      let text = z.string(nonNumber('must be a string')).trim().min(1, 'is required').max(field.max, `must be at most ${field.max} characters`);
      if (field.pattern) text = text.regex(field.pattern, field.hint ?? 'has an invalid format');
      return text;
    }
  }
}

const cache = new Map<EventName, z.ZodObject>();

/** The params of one event name: known fields only (unknown ones are refused, so a typo is not silently dropped). */
export function paramsSchema(name: EventName): z.ZodObject {
  let schema = cache.get(name);
  if (!schema) {
    const shape: Record<string, z.ZodType> = {};
    for (const { key, field, required } of paramFields(name)) shape[key] = required ? fieldSchema(field) : fieldSchema(field).optional();
    schema = z.object(shape).strict();
    // ad_view: the ingestion's one rule across fields.
    if (name === 'ad_view') {
      schema = schema.superRefine((v, ctx) => {
        if (v.action === 'failed' && v.reason === undefined) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'is required when action is failed' });
      // superRefine keeps the object's shape at run time; zod 4 types it as a ZodPipe, which the caller does not need.
      }) as unknown as z.ZodObject;
    }
    cache.set(name, schema);
  }
  return schema;
}

/** Field → message for a form ("params.level" keys, as the server names them). */
export function paramErrors(name: EventName, params: Record<string, unknown>): Record<string, string> {
  const parsed = paramsSchema(name).safeParse(params);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.code === 'unrecognized_keys' ? `params.${issue.keys[0]}` : `params.${issue.path.map(String).join('.')}`;
    errors[key] ??= issue.code === 'unrecognized_keys' ? 'is not a field of this event' : issue.message;
  }
  return errors;
}

/** The envelope fields the tester fills besides params. */
export const APP_VERSION = z.string().trim().min(1, 'is required').max(50, 'must be at most 50 characters').regex(/^[0-9A-Za-z][0-9A-Za-z._+-]*$/, 'may contain letters, digits, ".", "_", "+" and "-"');
export const COUNTRY = z.union([z.literal(''), z.string().regex(/^[A-Za-z]{2}$/, 'must be an ISO 3166-1 alpha-2 code such as VN')]).optional();
