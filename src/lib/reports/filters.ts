import { z } from 'zod';
import { numberFromText } from '../contract';

/**
 * The filters every report shares (spec "Reusable filters"), as one zod schema: it parses the page's URL
 * query in the browser and the API query on the server, so both read the same filters the same way.
 */

/** The longest range a report accepts. */
export const MAX_RANGE_DAYS = 366;

// zod runs the refinement even when the pattern failed ("x", "2026-13-01"): it must not throw on an invalid date.
const realDay = (v: string) => {
  const at = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(v);
};
/** A calendar day YYYY-MM-DD that exists (2026-02-30 does not). */
export const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD').refine(realDay, 'is not a real date');

/** A list in a query string: repeated keys (what the console writes) or comma-separated; empty means "all". */
export const queryList = (item: z.ZodString) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => (v === undefined ? [] : (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean)))
    .pipe(z.array(item).max(500));

export const reportFilters = z.object({
  /** App ids; empty = every app the account may see. */
  apps: queryList(z.string().max(100)),
  /** 0 = every platform. */
  os: numberFromText(z.number().int().min(0).max(3).default(0)),
  /** An app version, or "all". */
  version: z.string().trim().max(50).default('all'),
  /** Country codes (ZZ = unknown); empty = every country. */
  countries: queryList(z.string().regex(/^[A-Za-z]{2}$/, 'must be a country code').toUpperCase()),
  /** Range of days, both included; default the last 30 days. */
  from: day.optional(),
  to: day.optional(),
});
export type ReportFilters = z.output<typeof reportFilters>;
export type ReportFiltersInput = z.input<typeof reportFilters>;
