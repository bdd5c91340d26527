import { versionPoolsContract } from '../../../../lib/apps/contract';
import { versionPoolsOf } from '../../../../lib/apps/service';
import { ready } from '../../../../lib/server/db';
import { endpoint } from '../../../../lib/server/endpoint';

export const GET = endpoint(versionPoolsContract, async ({ appId }, ctx) => ({ data: await versionPoolsOf(await ready(), ctx.account, appId) }));
