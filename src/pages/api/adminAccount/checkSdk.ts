import { sdkCheckContract } from '../../../lib/sdk-check/contract';
import { checkSdk } from '../../../lib/sdk-check/service';
import { ready } from '../../../lib/server/db';
import { endpoint } from '../../../lib/server/endpoint';

export const GET = endpoint(sdkCheckContract, async (input, ctx) => ({ data: await checkSdk(await ready(), ctx.account, input) }));
