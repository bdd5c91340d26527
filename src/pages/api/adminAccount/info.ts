import { accountInfoContract } from '../../../lib/accounts/contract';
import { accountInfoOf } from '../../../lib/accounts/service';
import { ready } from '../../../lib/server/db';
import { endpoint } from '../../../lib/server/endpoint';

export const GET = endpoint(accountInfoContract, async (_input, ctx) => ({ data: await accountInfoOf(await ready(), ctx.account) }));
