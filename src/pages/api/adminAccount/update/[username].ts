import { updateAccountContract } from '../../../../lib/accounts/contract';
import { updateAccount } from '../../../../lib/accounts/admin-service';
import { ready } from '../../../../lib/server/db';
import { endpoint } from '../../../../lib/server/endpoint';

export const POST = endpoint(updateAccountContract, async (input, ctx) => ({ data: await updateAccount(await ready(), ctx, input) }));
