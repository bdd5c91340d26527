import { canViewAppContract } from '../../../lib/apps/contract';
import { canViewApp } from '../../../lib/apps/service';
import { ready } from '../../../lib/server/db';
import { endpoint } from '../../../lib/server/endpoint';

export const GET = endpoint(canViewAppContract, async ({ appId }, ctx) => ({ data: { appId, canView: await canViewApp(await ready(), ctx.account, appId) } }));
