import { pTrackingDeleteContract } from '../../../../lib/apps/contract';
import { deletePTracking } from '../../../../lib/apps/service';
import { ready } from '../../../../lib/server/db';
import { endpoint } from '../../../../lib/server/endpoint';

export const DELETE = endpoint(pTrackingDeleteContract, async ({ id }, ctx) => {
  await deletePTracking(await ready(), ctx, id);
  return { data: { id } };
});
