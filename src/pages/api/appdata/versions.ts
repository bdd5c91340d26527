import { appVersionsContract } from '../../../lib/apps/contract';
import { appVersions } from '../../../lib/apps/service';
import { ready } from '../../../lib/server/db';
import { endpoint } from '../../../lib/server/endpoint';

export const GET = endpoint(appVersionsContract, async ({ appId, os }, ctx) => ({ data: await appVersions(await ready(), ctx.account, appId, os) }));
