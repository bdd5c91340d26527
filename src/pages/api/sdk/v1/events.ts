import { sdkEventsContract } from '../../../../lib/analytics/contract';
import { appOfKey, ingestBatch } from '../../../../lib/analytics/ingest';
import { ready } from '../../../../lib/server/db';
import { endpoint } from '../../../../lib/server/endpoint';

/** The game SDK's event batches, authenticated by the app platform's SDK key (header X-SDK-Key). */
export const POST = endpoint(sdkEventsContract, async ({ events }, ctx) => {
  const db = await ready();
  const app = await appOfKey(db, ctx.astro.request.headers.get('x-sdk-key'));
  return { data: await ingestBatch(db, app, events) };
});
