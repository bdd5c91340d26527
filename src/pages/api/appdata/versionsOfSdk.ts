import { versionsOfSdkContract } from '../../../lib/apps/contract';
import { sdkVersionsSeen } from '../../../lib/apps/service';
import { ready } from '../../../lib/server/db';
import { endpoint } from '../../../lib/server/endpoint';

export const POST = endpoint(versionsOfSdkContract, async ({ os }, ctx) => ({ data: await sdkVersionsSeen(await ready(), ctx.account, os) }));
