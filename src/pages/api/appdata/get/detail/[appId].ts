import { appDetailContract } from '../../../../../lib/apps/contract';
import { appDetail } from '../../../../../lib/apps/service';
import { ready } from '../../../../../lib/server/db';
import { endpoint } from '../../../../../lib/server/endpoint';

export const GET = endpoint(appDetailContract, async ({ appId }, ctx) => ({ data: await appDetail(await ready(), ctx.account, appId) }));
