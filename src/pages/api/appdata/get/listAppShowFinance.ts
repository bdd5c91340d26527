import { listAppShowFinanceContract } from '../../../../lib/apps/contract';
import { listAppOptions } from '../../../../lib/apps/service';
import { ready } from '../../../../lib/server/db';
import { endpoint } from '../../../../lib/server/endpoint';

export const GET = endpoint(listAppShowFinanceContract, async (_input, ctx) => ({ data: await listAppOptions(await ready(), ctx.account, 'a.show_finance') }));
