import { z } from 'zod';
import { emptyRequest, contractsFor, publicApi, removedId, serialId } from '../contract';
import { day } from '../reports/filters';

/**
 * A/B experiments: the manager's contracts (list, save, start/stop, delete) and the SDK's assignment call.
 * Shared by browser and server. See docs/metrics.md ("A/B tests") for how reports count players.
 */

/** The A/B manager's route (docs/decisions.md: the spec names only the two report routes). */
export const EXPERIMENT_ROUTE = '/gsm/a_b_test/manager';
export const EXPERIMENT_STATUSES = ['draft', 'running', 'stopped'] as const;
export type ExperimentStatus = (typeof EXPERIMENT_STATUSES)[number];

/**
 * How the reports test an experiment's differences: 'fixed' horizon (p-values valid at one planned look) or
 * 'sequential' (mSPRT always-valid p-values and confidence sequences, safe to read every day; ./sequential.ts).
 */
export const EXPERIMENT_ANALYSES = ['fixed', 'sequential'] as const;
export type ExperimentAnalysis = (typeof EXPERIMENT_ANALYSES)[number];

/**
 * Guardrails: figures of the A/B reports an experiment must not make worse, named by key — a retention day
 * of the Retention report ('D1' … 'D30') or a metric of the Other report. Higher is better for every one of
 * them, so "worse" is always "lower" (docs/metrics.md, "Guardrails"). The two lists are the reports' own days and
 * metrics (./screens.ts names them AB_RETENTION_DAYS and AB_METRICS); defined here so the manager's contract
 * does not load the report descriptors.
 */
export const GUARDRAIL_RETENTION_DAYS = [1, 3, 7, 14, 30] as const;
export const GUARDRAIL_OTHER_METRICS = ['arpu', 'sessions', 'playTime', 'level', 'conversion'] as const;
export const GUARDRAILS = [...GUARDRAIL_RETENTION_DAYS.map((d) => `D${d}`), ...GUARDRAIL_OTHER_METRICS] as const;
export const MAX_GUARDRAILS = GUARDRAILS.length;

/** A guardrail as typed ("d7", "ARPU") in its canonical spelling, or null when it is none of GUARDRAILS. */
export const guardrailKey = (text: string): string | null => GUARDRAILS.find((g) => g.toLowerCase() === text.trim().toLowerCase()) ?? null;

export const VARIANT_KEY = /^[A-Za-z0-9_-]{1,32}$/;
export const variantSchema = z.object({ key: z.string(), weight: z.number() });
export type Variant = z.infer<typeof variantSchema>;

/**
 * Variants as a person types them: "control:50, B:50" (the first is the control). Parsed into
 * [{ key, weight }]; weights are whole percentages summing to 100, keys unique.
 */
export function parseVariantSpec(text: string): { variants: Variant[] } | { error: string } {
  const parts = text.split(/[,\n]/).map((s) => s.trim()).filter(Boolean);
  if (parts.length < 2) return { error: 'needs at least two variants, like "control:50, B:50"' };
  if (parts.length > 10) return { error: 'may have at most 10 variants' };
  const variants: Variant[] = [];
  for (const part of parts) {
    const m = /^([^:=\s]+)\s*[:=]\s*(\d{1,3})\s*%?$/.exec(part);
    if (!m) return { error: `"${part.slice(0, 40)}" is not "key:weight" (a weight is a whole percentage)` };
    const key = m[1]!;
    if (!VARIANT_KEY.test(key)) return { error: `variant "${key.slice(0, 40)}": letters, digits, "_" and "-" only (at most 32)` };
    if (variants.some((v) => v.key.toLowerCase() === key.toLowerCase())) return { error: `variant "${key}" is named twice` };
    const weight = Number(m[2]);
    if (weight < 1) return { error: `variant "${key}" needs a weight of at least 1` };
    variants.push({ key, weight });
  }
  const total = variants.reduce((s, v) => s + v.weight, 0);
  if (total !== 100) return { error: `weights must sum to 100 (they sum to ${total})` };
  return { variants };
}

export const formatVariantSpec = (variants: readonly Variant[]) => variants.map((v) => `${v.key}:${v.weight}`).join(', ');

export const experimentSchema = z.object({
  id: z.number(),
  appId: z.string(),
  name: z.string(),
  variants: z.array(variantSchema),
  /** The variants as the form edits them ("control:50, B:50"). */
  variantSpec: z.string(),
  os: z.number(),
  countries: z.array(z.string()),
  minVersion: z.string(),
  newPlayersOnly: z.boolean(),
  analysis: z.enum(EXPERIMENT_ANALYSES),
  /** Guardrail keys (GUARDRAILS), in the order chosen; flagged on the reports when a variant makes one significantly worse. */
  guardrails: z.array(z.string()),
  startDay: z.string(),
  endDay: z.string().nullable(),
  status: z.enum(EXPERIMENT_STATUSES),
  updatedBy: z.string(),
  updatedAt: z.string(),
});
export type Experiment = z.infer<typeof experimentSchema>;

const idField = serialId('an experiment');

export const experimentListContract = contractsFor({ route: EXPERIMENT_ROUTE }).get(
  '/api/a_b_test/experiments',
  z.object({ appId: z.string().trim().max(100).optional() }),
  z.array(experimentSchema),
);

export const experimentSaveContract = contractsFor({ route: EXPERIMENT_ROUTE }).post(
  '/api/a_b_test/experiments/save',
  z.object({
    id: idField.optional(),
    appId: z.string({ error: 'is required' }).trim().min(1, 'is required').max(100),
    name: z.string({ error: 'is required' }).trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
    variantSpec: z
      .string({ error: 'is required' })
      .max(500, 'must be at most 500 characters')
      .superRefine((v, ctx) => {
        const parsed = parseVariantSpec(v);
        if ('error' in parsed) ctx.addIssue({ code: 'custom', message: parsed.error });
      }),
    os: z.number().int().min(0, 'must be a platform').max(3, 'must be a platform').default(0),
    countries: z.array(z.string().trim().regex(/^[A-Za-z]{2}$/, 'must be two-letter country codes').toUpperCase()).max(250).default([]),
    minVersion: z.string().trim().max(50).regex(/^([0-9A-Za-z][0-9A-Za-z._+-]*)?$/, 'must be an app version like 1.4.0').default(''),
    newPlayersOnly: z.boolean().default(false),
    analysis: z.enum(EXPERIMENT_ANALYSES, { error: 'must be "fixed" or "sequential"' }).default('fixed'),
    guardrails: z
      .array(z.string({ error: 'must be metric names' }).max(40, 'must be metric names'), { error: `must be a list of metric names (${GUARDRAILS.join(', ')})` })
      .max(MAX_GUARDRAILS * 2, `may name at most ${MAX_GUARDRAILS} metrics`)
      .default([])
      .superRefine((list, ctx) => {
        const unknown = list.filter((g) => guardrailKey(g) === null);
        if (unknown.length) ctx.addIssue({ code: 'custom', message: `${unknown.map((g) => `"${g.slice(0, 40)}"`).join(', ')} ${unknown.length > 1 ? 'are not A/B metrics' : 'is not an A/B metric'}; guardrails are ${GUARDRAILS.join(', ')}` });
      }),
    startDay: day,
    endDay: day.nullable().optional(),
  }).refine((v) => !v.endDay || v.endDay >= v.startDay, { path: ['endDay'], message: 'must not be before the start day' }),
  experimentSchema,
  { maxBody: 16 * 1024 },
);

/** Start or stop of one experiment: its id in, the experiment as it is now out. */
const transitionContract = (action: 'start' | 'stop') =>
  contractsFor({ route: EXPERIMENT_ROUTE }).post(`/api/a_b_test/experiments/${action}`, z.object({ id: idField }), experimentSchema);

export const experimentStartContract = transitionContract('start');
export const experimentStopContract = transitionContract('stop');

export const experimentDeleteContract = contractsFor({ route: EXPERIMENT_ROUTE }).delete(
  '/api/a_b_test/experiments/delete',
  z.object({ id: idField }),
  removedId,
);

/** One experiment the player takes part in, as the SDK receives it. */
export const sdkAssignment = z.object({ experiment: z.string(), name: z.string(), variant: z.string() });

export const sdkExperimentsContract = publicApi.get(
  '/api/sdk/v1/experiments',
  z.object({
    /** What the audience filter needs of the device (the platform comes from the SDK key). */
    appVersion: z.string().trim().max(50).optional(),
    country: z.string().trim().regex(/^[A-Za-z]{2}$/, 'must be an ISO 3166-1 alpha-2 code').toUpperCase().optional(),
  }),
  z.object({ experiments: z.array(sdkAssignment) }),
);

export { emptyRequest };
