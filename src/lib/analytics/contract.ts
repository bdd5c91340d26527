import { z } from 'zod';
import { contractsFor, publicApi } from '../contract';

/*
 * Analytics: the game SDK's ingestion endpoint and the report endpoints of the first analytics screens.
 *
 * Reports read the rollups (never raw events), answer only apps the account may see (an explicitly
 * requested app it may not see is 403) and need the screen's route; exports also need export_report.
 * Days are calendar days of the reporting time zone (UTC+7); money is integer USD micros.
 */

export const MAX_BATCH_EVENTS = 500;
export const MAX_BATCH_BYTES = 1024 * 1024;
export const EXPORT_ACTION = 'export_report';
export { MAX_RANGE_DAYS, reportFilters, type ReportFilters, type ReportFiltersInput } from '../reports/filters';
export * from './rows';
export {
  mainDataScreen, retentionScreen, levelScreen, levelRetentionScreen,
  MAIN_DATA_ROUTE, RETENTION_ROUTE, LEVEL_ROUTE, LEVEL_RETENTION_ROUTE,
} from './screens';
import { levelRetentionScreen, levelScreen, mainDataScreen, retentionScreen } from './screens';

/** The report and export contracts, as the descriptors define them (kept under these names for callers). */
export const mainDataContract = mainDataScreen.contract;
export const mainDataExportContract = mainDataScreen.exportContract;
export const retentionContract = retentionScreen.contract;
export const retentionExportContract = retentionScreen.exportContract;
export const levelContract = levelScreen.contract;
export const levelExportContract = levelScreen.exportContract;
export const levelRetentionContract = levelRetentionScreen.contract;
export const levelRetentionExportContract = levelRetentionScreen.exportContract;

// ---------------------------------------------------------------- ingestion

export const ingestResult = z.object({
  accepted: z.number(),
  duplicates: z.number(),
  rejected: z.array(z.object({ index: z.number(), reason: z.string() })),
  clamped: z.array(z.object({ index: z.number(), flag: z.enum(['future', 'ancient']) })),
  /** Events the app's tracking plan disables: not stored, not accepted, counted on the console; do not resend. */
  dropped: z.array(z.object({ index: z.number(), reason: z.string() })),
  /** Accepted events that break the tracking plan, one entry per problem (undeclared event, parameter of another type). */
  flagged: z.array(z.object({ index: z.number(), reason: z.string() })),
});
export type IngestAnswer = z.infer<typeof ingestResult>;

/**
 * POST /api/sdk/v1/analytics/events with header X-SDK-Key: a batch of up to 500 events (1 MiB). 401 for a
 * missing or unknown key, 413 for a larger batch; otherwise 200 with what was accepted and why others were not.
 */
export const sdkIngestContract = publicApi.post(
  '/api/sdk/v1/analytics/events',
  z.object({ events: z.array(z.unknown()) }),
  ingestResult,
  // validateEvent refuses an event with NUL or a broken surrogate by itself, with its index and reason.
  { maxBody: MAX_BATCH_BYTES, textCheckedByHandler: ['events'] },
);

/**
 * The first SDK's ingest path, kept as an alias while games move: POST to the path whose GET lists live events.
 * Its answers carry `Deprecation: true` and a Link to the successor (RFC 8594 / the Deprecation header draft).
 */
export const sdkEventsContract = publicApi.post('/api/sdk/v1/events', sdkIngestContract.request, ingestResult, { maxBody: MAX_BATCH_BYTES, textCheckedByHandler: ['events'] });
export const INGEST_ALIAS_HEADERS = { deprecation: 'true', link: '</api/sdk/v1/analytics/events>; rel="successor-version"' } as const;

// ---------------------------------------------------------------- rollup maintenance

const JOB_ROUTE = '/job_schedule/index';

/** Rolls up pending app-days now (bounded time); answers what is still pending. */
export const rollupNowContract = contractsFor({ route: JOB_ROUTE, actions: ['job_run'] }).post(
  '/api/analytic/rollup',
  z.object({ budgetMs: z.number().int().min(100).max(30_000).default(10_000) }),
  z.object({ appDays: z.number(), pending: z.number() }),
);
