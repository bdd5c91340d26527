import { getAppByGameTypesContract } from '../../../lib/apps/contract';
import { appsByGameTypes } from '../../../lib/apps/service';
import { ready } from '../../../lib/server/db';
import { endpoint } from '../../../lib/server/endpoint';

export const POST = endpoint(getAppByGameTypesContract, async ({ gameTypes }, ctx) => ({ data: await appsByGameTypes(await ready(), ctx.account, gameTypes) }));
