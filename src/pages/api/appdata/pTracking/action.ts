import { pTrackingActionContract } from '../../../../lib/apps/contract';
import { savePTracking } from '../../../../lib/apps/service';
import { ready } from '../../../../lib/server/db';
import { endpoint } from '../../../../lib/server/endpoint';

export const POST = endpoint(pTrackingActionContract, async (input, ctx) => ({ data: await savePTracking(await ready(), ctx, input) }));
