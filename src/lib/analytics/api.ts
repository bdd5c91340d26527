import { handle, handleRaw, json, type ApiHandler } from '../server/api/handler';
import { reportApi } from '../reports/api';
import { INGEST_ALIAS_HEADERS, rollupNowContract, sdkEventsContract, sdkIngestContract } from './contract';
import { appOfKey, ingestBatch } from './ingest';
import { rollupPending } from './rollup';
import { analyticsReportHandlers } from './service';
import { analyticNoteApi } from './play/api';

/** Analytics reports, their exports, the on-demand rollup and the game SDK's event ingestion. Listed in the area's manifest (./area.ts). */
export const analyticsApi: ApiHandler[] = [
  ...analyticsReportHandlers.flatMap((h) => reportApi(h)),
  ...analyticNoteApi,
  /** Rolls up pending app-days now, for at most budgetMs; call again while pending > 0. */
  handle(rollupNowContract, async ({ budgetMs }, ctx) => ({ data: await rollupPending(ctx.db, { budgetMs }) })),
  /** The game SDK's event batches, authenticated by the app platform's SDK key (header X-SDK-Key). */
  handle(sdkIngestContract, async ({ events }, ctx) => {
    const app = await appOfKey(ctx.db, ctx.request.headers.get('x-sdk-key'));
    return { data: await ingestBatch(ctx.db, app, events) };
  }),
  /** The deprecated alias: the same ingest, announced as deprecated in its headers. */
  handleRaw(sdkEventsContract, async ({ events }, ctx) => {
    const app = await appOfKey(ctx.db, ctx.request.headers.get('x-sdk-key'));
    return json(200, { data: await ingestBatch(ctx.db, app, events) }, INGEST_ALIAS_HEADERS);
  }),
];
