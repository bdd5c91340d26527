import { updateAppContract } from '../../../lib/apps/contract';
import { updateApp } from '../../../lib/apps/service';
import { ready } from '../../../lib/server/db';
import { endpoint } from '../../../lib/server/endpoint';

export const POST = endpoint(updateAppContract, async (input, ctx) => ({ data: await updateApp(await ready(), ctx, input) }));
