import { allUnpublishAppContract } from '../../../../lib/apps/contract';
import { listAppSummaries } from '../../../../lib/apps/service';
import { ready } from '../../../../lib/server/db';
import { endpoint } from '../../../../lib/server/endpoint';

export const GET = endpoint(allUnpublishAppContract, async (_input, ctx) => {
  const apps = await listAppSummaries(await ready(), ctx.account, 'unpublished');
  return { data: apps, totalRecord: apps.length };
});
