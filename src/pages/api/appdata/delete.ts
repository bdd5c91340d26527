import { deleteAppContract } from '../../../lib/apps/contract';
import { deleteApp } from '../../../lib/apps/service';
import { ready } from '../../../lib/server/db';
import { endpoint } from '../../../lib/server/endpoint';

export const DELETE = endpoint(deleteAppContract, async ({ appId }, ctx) => {
  await deleteApp(await ready(), ctx, appId);
  return { data: { appId } };
});
