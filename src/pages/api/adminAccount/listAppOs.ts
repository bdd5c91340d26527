import { accountListAppOsContract } from '../../../lib/apps/contract';
import { listAppOsOptions } from '../../../lib/apps/service';
import { ready } from '../../../lib/server/db';
import { endpoint } from '../../../lib/server/endpoint';

export const GET = endpoint(accountListAppOsContract, async (_input, ctx) => ({ data: await listAppOsOptions(await ready(), ctx.account) }));
