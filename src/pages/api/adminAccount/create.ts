import { createAccountContract } from '../../../lib/accounts/contract';
import { createAccount } from '../../../lib/accounts/admin-service';
import { ready } from '../../../lib/server/db';
import { endpoint } from '../../../lib/server/endpoint';

export const POST = endpoint(createAccountContract, async (input, ctx) => ({ data: await createAccount(await ready(), ctx, input) }));
