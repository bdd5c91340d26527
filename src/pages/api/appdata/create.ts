import { createAppContract } from '../../../lib/apps/contract';
import { createApp } from '../../../lib/apps/service';
import { ready } from '../../../lib/server/db';
import { endpoint } from '../../../lib/server/endpoint';

export const POST = endpoint(createAppContract, async (input, ctx) => ({ data: await createApp(await ready(), ctx, input) }));
