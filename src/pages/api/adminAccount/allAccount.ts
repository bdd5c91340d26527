import { allAccountContract } from '../../../lib/accounts/contract';
import { listAccounts } from '../../../lib/accounts/admin-service';
import { ready } from '../../../lib/server/db';
import { endpoint } from '../../../lib/server/endpoint';

export const GET = endpoint(allAccountContract, async (input) => listAccounts(await ready(), input));
