import { appSdkVersionContract } from '../../../lib/apps/contract';
import { latestSdkVersions } from '../../../lib/apps/service';
import { ready } from '../../../lib/server/db';
import { endpoint } from '../../../lib/server/endpoint';

export const POST = endpoint(appSdkVersionContract, async (input, ctx) => ({ data: await latestSdkVersions(await ready(), ctx.account, input) }));
