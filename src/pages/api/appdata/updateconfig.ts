import { updateConfigContract } from '../../../lib/apps/contract';
import { updateConfig } from '../../../lib/apps/service';
import { ready } from '../../../lib/server/db';
import { endpoint } from '../../../lib/server/endpoint';

export const POST = endpoint(updateConfigContract, async ({ appId, config }, ctx) => ({ data: await updateConfig(await ready(), ctx, appId, config) }));
