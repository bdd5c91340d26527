import { z } from 'zod';

/*
 * Pieces of the zod schemas reports are made of: the fields of answer rows that are plain numbers, and
 * request fields of fixed choices. Only zod here, so any rows.ts may use them without pulling in more.
 */

/**
 * Plain-number fields of a row (counts, sums, micros), named once: `numbers('installs', 'dau')` is
 * `{ installs: z.number(), dau: z.number() }`, in the order named (the answer's JSON keeps it). A field that
 * needs a word of explanation stays written out with its comment.
 */
export function numbers<const K extends string>(...keys: K[]): { [P in K]: z.ZodNumber } {
  return Object.fromEntries(keys.map((k) => [k, z.number()])) as { [P in K]: z.ZodNumber };
}

/** Number fields that may be null (a percentile of no values). */
export function nullableNumbers<const K extends string>(...keys: K[]): { [P in K]: z.ZodNullable<z.ZodNumber> } {
  return Object.fromEntries(keys.map((k) => [k, z.number().nullable()])) as { [P in K]: z.ZodNullable<z.ZodNumber> };
}

/** A request field that takes one of a dropdown's options (the first by default): the values are the options'. */
export function choiceField<const V extends string>(choices: readonly [{ readonly value: V }, ...{ readonly value: V }[]]) {
  return z.enum(choices.map((c) => c.value) as [V, ...V[]]).default(choices[0].value);
}
