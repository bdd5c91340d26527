import { regenerateKeyContract } from '../../../lib/apps/contract';
import { regenerateKey } from '../../../lib/apps/service';
import { ready } from '../../../lib/server/db';
import { endpoint } from '../../../lib/server/endpoint';

export const POST = endpoint(regenerateKeyContract, async ({ appId, os }, ctx) => ({ data: { appId, os, sdkAppKey: await regenerateKey(await ready(), ctx, appId, os) } }));
