import { z } from 'zod';
import { defineContract } from '../contract';

/*
 * Analytics: the game SDK's ingestion endpoint and the report endpoints of the first analytics screens.
 *
 * Reports read the rollups (never raw events), answer only apps the account may see (an explicitly
 * requested app it may not see is 403) and need the screen's route; exports also need export_report.
 * Days are calendar days of the reporting time zone (UTC+7); money is integer USD micros.
 */

export const MAX_BATCH_EVENTS = 500;
export const MAX_BATCH_BYTES = 1024 * 1024;
export const LEVEL_MODES = ['main', 'minigame'] as const;

export const MAIN_DATA_ROUTE = '/gsm/analytic/main_data';
export const RETENTION_ROUTE = '/gsm/cohort/retention';
export const LEVEL_ROUTE = '/gsm/analytic/level';
export const LEVEL_RETENTION_ROUTE = '/gsm/analytic/levelRetention';
export const EXPORT_ACTION = 'export_report';
/** The longest range a report accepts. */
export const MAX_RANGE_DAYS = 366;
export const LEVEL_RETENTION_MAX_LEVELS = 200;

// ---------------------------------------------------------------- ingestion

export const ingestResult = z.object({
  accepted: z.number(),
  duplicates: z.number(),
  rejected: z.array(z.object({ index: z.number(), reason: z.string() })),
  clamped: z.array(z.object({ index: z.number(), flag: z.enum(['future', 'ancient']) })),
});
export type IngestAnswer = z.infer<typeof ingestResult>;

/**
 * POST /api/sdk/v1/events with header X-SDK-Key: a batch of up to 500 events (1 MiB). 401 for a missing
 * or unknown key, 413 for a larger batch; otherwise 200 with what was accepted and why others were not.
 */
export const sdkEventsContract = defineContract({
  method: 'POST',
  path: '/api/sdk/v1/events',
  request: z.object({ events: z.array(z.unknown()) }),
  data: ingestResult,
  access: 'public',
  maxBody: MAX_BATCH_BYTES,
});

// ---------------------------------------------------------------- report filters

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD').refine((v) => new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), 'is not a real date');
/** A list in a query string: repeated keys or comma-separated; empty means "all". */
const list = (item: z.ZodString) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => (v === undefined ? [] : (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean)))
    .pipe(z.array(item).max(500));

export const reportFilters = z.object({
  /** App ids; empty = every app the account may see. */
  apps: list(z.string().max(100)),
  /** 0 = every platform. */
  os: z.coerce.number<string | number>().int().min(0).max(3).default(0),
  /** An app version, or "all". */
  version: z.string().trim().max(50).default('all'),
  /** Country codes (ZZ = unknown); empty = every country. */
  countries: list(z.string().regex(/^[A-Za-z]{2}$/, 'must be a country code').toUpperCase()),
  /** Range of days, both included; default the last 30 days. */
  from: day.optional(),
  to: day.optional(),
});
export type ReportFilters = z.output<typeof reportFilters>;
export type ReportFiltersInput = z.input<typeof reportFilters>;

const levelFilters = reportFilters.extend({ mode: z.enum(LEVEL_MODES).default('main') });

/** What every report answer carries besides its figures. */
const reportMeta = {
  from: z.string(),
  to: z.string(),
  /** The apps the figures cover. */
  apps: z.array(z.string()),
  /** App-days in the range whose newest events are not rolled up yet (figures may grow). */
  pending: z.number(),
};

// ---------------------------------------------------------------- Main Data

export const mainDataRow = z.object({
  day: z.string(),
  installs: z.number(),
  dau: z.number(),
  sessions: z.number(),
  sessionEnds: z.number(),
  sessionSeconds: z.number(),
  adImpressions: z.number(),
  adRevenue: z.number(),
  iapPurchases: z.number(),
  iapRevenue: z.number(),
  payers: z.number(),
});
export type MainDataRow = z.infer<typeof mainDataRow>;

export const mainDataContract = defineContract({
  method: 'GET',
  path: '/api/analytic/mainData',
  request: reportFilters,
  data: z.object({ ...reportMeta, rows: z.array(mainDataRow) }),
  access: { route: MAIN_DATA_ROUTE },
});

// ---------------------------------------------------------------- retention

export const retentionCohort = z.object({
  installDay: z.string(),
  installs: z.number(),
  /** Users of the cohort active on install day + N, N = 0..30; null until that day is over (UTC+7). */
  retained: z.array(z.number().nullable()),
});
export type RetentionCohort = z.infer<typeof retentionCohort>;

export const retentionContract = defineContract({
  method: 'GET',
  path: '/api/cohort/retention',
  request: reportFilters,
  data: z.object({ ...reportMeta, cohorts: z.array(retentionCohort) }),
  access: { route: RETENTION_ROUTE },
});

// ---------------------------------------------------------------- levels

export const levelRow = z.object({
  level: z.number(),
  starts: z.number(),
  completes: z.number(),
  fails: z.number(),
  /** Sum of attempts over completions (attempts a win took). */
  attemptsSum: z.number(),
  /** Sum of durations (s) over completions and fails. */
  durationSum: z.number(),
  /** Players whose first play of the level falls in the range. */
  reached: z.number(),
});
export type LevelRow = z.infer<typeof levelRow>;

export const levelContract = defineContract({
  method: 'GET',
  path: '/api/analytic/level',
  request: levelFilters,
  data: z.object({ ...reportMeta, mode: z.enum(LEVEL_MODES), levels: z.array(levelRow) }),
  access: { route: LEVEL_ROUTE },
});

export const levelRetentionCohort = z.object({
  installDay: z.string(),
  installs: z.number(),
  /** reached[i]: users of the cohort who have reached level i + 1. */
  reached: z.array(z.number()),
});
export type LevelRetentionCohort = z.infer<typeof levelRetentionCohort>;

export const levelRetentionContract = defineContract({
  method: 'GET',
  path: '/api/analytic/levelRetention',
  request: levelFilters.extend({ maxLevel: z.coerce.number<string | number>().int().min(1).max(LEVEL_RETENTION_MAX_LEVELS).default(50) }),
  data: z.object({ ...reportMeta, mode: z.enum(LEVEL_MODES), maxLevel: z.number(), cohorts: z.array(levelRetentionCohort) }),
  access: { route: LEVEL_RETENTION_ROUTE },
});

// ---------------------------------------------------------------- exports (CSV or Excel, same figures as the tables)

const exportFormat = { format: z.enum(['csv', 'xlsx']).default('csv') };
const exportAccess = (route: string) => ({ route, actions: [EXPORT_ACTION] as const });

export const mainDataExportContract = defineContract({
  method: 'GET',
  path: '/api/analytic/mainData/export',
  request: reportFilters.extend(exportFormat),
  data: z.unknown(),
  access: exportAccess(MAIN_DATA_ROUTE),
});
export const retentionExportContract = defineContract({
  method: 'GET',
  path: '/api/cohort/retention/export',
  request: reportFilters.extend(exportFormat),
  data: z.unknown(),
  access: exportAccess(RETENTION_ROUTE),
});
export const levelExportContract = defineContract({
  method: 'GET',
  path: '/api/analytic/level/export',
  request: levelFilters.extend(exportFormat),
  data: z.unknown(),
  access: exportAccess(LEVEL_ROUTE),
});
export const levelRetentionExportContract = defineContract({
  method: 'GET',
  path: '/api/analytic/levelRetention/export',
  request: levelFilters.extend({ ...exportFormat, maxLevel: z.coerce.number<string | number>().int().min(1).max(LEVEL_RETENTION_MAX_LEVELS).default(50) }),
  data: z.unknown(),
  access: exportAccess(LEVEL_RETENTION_ROUTE),
});

// ---------------------------------------------------------------- rollup maintenance

const JOB_ROUTE = '/job_schedule/index';

/** Rolls up pending app-days now (bounded time); answers what is still pending. */
export const rollupNowContract = defineContract({
  method: 'POST',
  path: '/api/analytic/rollup',
  request: z.object({ budgetMs: z.number().int().min(100).max(60_000).default(20_000) }),
  data: z.object({ appDays: z.number(), pending: z.number() }),
  access: { route: JOB_ROUTE, actions: ['job_run'] },
});
