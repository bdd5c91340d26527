import { allPublishAppContract } from '../../../../lib/apps/contract';
import { listAppSummaries } from '../../../../lib/apps/service';
import { ready } from '../../../../lib/server/db';
import { endpoint } from '../../../../lib/server/endpoint';

export const GET = endpoint(allPublishAppContract, async (_input, ctx) => {
  const apps = await listAppSummaries(await ready(), ctx.account, 'published');
  return { data: apps, totalRecord: apps.length };
});
