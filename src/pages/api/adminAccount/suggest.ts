import { suggestContract } from '../../../lib/accounts/contract';
import { suggestAccounts } from '../../../lib/accounts/admin-service';
import { ready } from '../../../lib/server/db';
import { endpoint } from '../../../lib/server/endpoint';

export const GET = endpoint(suggestContract, async ({ q }) => ({ data: await suggestAccounts(await ready(), q) }));
