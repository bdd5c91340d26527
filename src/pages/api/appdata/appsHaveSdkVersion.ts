import { appsHaveSdkVersionContract } from '../../../lib/apps/contract';
import { versionsRunningSdk } from '../../../lib/apps/service';
import { ready } from '../../../lib/server/db';
import { endpoint } from '../../../lib/server/endpoint';

export const POST = endpoint(appsHaveSdkVersionContract, async (input, ctx) => ({ data: await versionsRunningSdk(await ready(), ctx.account, input) }));
