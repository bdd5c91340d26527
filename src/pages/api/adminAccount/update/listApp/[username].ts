import { updateListAppContract } from '../../../../../lib/accounts/contract';
import { updateListApp } from '../../../../../lib/accounts/admin-service';
import { ready } from '../../../../../lib/server/db';
import { endpoint } from '../../../../../lib/server/endpoint';

export const POST = endpoint(updateListAppContract, async (input, ctx) => ({ data: await updateListApp(await ready(), ctx, input) }));
