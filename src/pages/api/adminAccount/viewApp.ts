import { viewAppContract } from '../../../lib/accounts/contract';
import { setViewAllApps } from '../../../lib/accounts/admin-service';
import { ready } from '../../../lib/server/db';
import { endpoint } from '../../../lib/server/endpoint';

export const POST = endpoint(viewAppContract, async (input, ctx) => ({ data: await setViewAllApps(await ready(), ctx, input) }));
