import { handle, handleRaw, type ApiHandler } from '../server/api/handler';
import { levelContract, levelExportContract, levelRetentionContract, levelRetentionExportContract, mainDataContract, mainDataExportContract, retentionContract, retentionExportContract, rollupNowContract, sdkEventsContract } from './contract';
import { exportResponse } from './export';
import { appOfKey, ingestBatch } from './ingest';
import { rollupPending } from './rollup';
import { levelReport, levelRetentionReport, mainDataReport, reportTable, retentionReport } from './service';

/** Analytics reports, their exports, the on-demand rollup and the game SDK's event ingestion. Served by the API registry (src/lib/server/api/registry.ts). */
export const analyticsApi: ApiHandler[] = [
  handle(levelContract, async (filters, ctx) => ({ data: await levelReport(ctx.db, ctx.viewer, filters) })),
  handleRaw(levelExportContract, async ({ format, ...filters }, ctx) => exportResponse(await reportTable(ctx.db, ctx.viewer, 'level', filters), format, 'level')),
  handle(levelRetentionContract, async (filters, ctx) => ({ data: await levelRetentionReport(ctx.db, ctx.viewer, filters) })),
  handleRaw(levelRetentionExportContract, async ({ format, ...filters }, ctx) => exportResponse(await reportTable(ctx.db, ctx.viewer, 'levelRetention', filters), format, 'level-retention')),
  handle(mainDataContract, async (filters, ctx) => ({ data: await mainDataReport(ctx.db, ctx.viewer, filters) })),
  handleRaw(mainDataExportContract, async ({ format, ...filters }, ctx) => exportResponse(await reportTable(ctx.db, ctx.viewer, 'mainData', filters), format, 'main-data')),
  /** Rolls up pending app-days now, for at most budgetMs; call again while pending > 0. */
  handle(rollupNowContract, async ({ budgetMs }, ctx) => ({ data: await rollupPending(ctx.db, { budgetMs }) })),
  handle(retentionContract, async (filters, ctx) => ({ data: await retentionReport(ctx.db, ctx.viewer, filters) })),
  handleRaw(retentionExportContract, async ({ format, ...filters }, ctx) => exportResponse(await reportTable(ctx.db, ctx.viewer, 'retention', filters), format, 'retention')),
  /** The game SDK's event batches, authenticated by the app platform's SDK key (header X-SDK-Key). */
  handle(sdkEventsContract, async ({ events }, ctx) => {
    const app = await appOfKey(ctx.db, ctx.request.headers.get('x-sdk-key'));
    return { data: await ingestBatch(ctx.db, app, events) };
  }),
];
