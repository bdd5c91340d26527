import { pTrackingListContract } from '../../../../lib/apps/contract';
import { listPTracking } from '../../../../lib/apps/service';
import { ready } from '../../../../lib/server/db';
import { endpoint } from '../../../../lib/server/endpoint';

export const GET = endpoint(pTrackingListContract, async ({ appId }, ctx) => ({ data: await listPTracking(await ready(), ctx.account, appId) }));
