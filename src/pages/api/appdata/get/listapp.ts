import { listAppContract } from '../../../../lib/apps/contract';
import { listAppOptions } from '../../../../lib/apps/service';
import { ready } from '../../../../lib/server/db';
import { endpoint } from '../../../../lib/server/endpoint';

export const GET = endpoint(listAppContract, async (_input, ctx) => ({ data: await listAppOptions(await ready(), ctx.account) }));
