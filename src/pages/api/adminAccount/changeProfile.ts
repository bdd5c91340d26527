import { changeProfileContract } from '../../../lib/accounts/contract';
import { changeProfile } from '../../../lib/accounts/admin-service';
import { ready } from '../../../lib/server/db';
import { endpoint } from '../../../lib/server/endpoint';

export const POST = endpoint(changeProfileContract, async (input, ctx) => ({ data: await changeProfile(await ready(), ctx, input) }));
