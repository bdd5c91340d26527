import { deactivateAccountContract } from '../../../lib/accounts/contract';
import { setActive } from '../../../lib/accounts/admin-service';
import { ready } from '../../../lib/server/db';
import { endpoint } from '../../../lib/server/endpoint';

export const POST = endpoint(deactivateAccountContract, async ({ username, active }, ctx) => ({ data: await setActive(await ready(), ctx, username, active) }));
