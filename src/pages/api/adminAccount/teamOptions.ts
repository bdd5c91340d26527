import { teamOptionsContract } from '../../../lib/accounts/contract';
import { teamOptions } from '../../../lib/accounts/admin-service';
import { ready } from '../../../lib/server/db';
import { endpoint } from '../../../lib/server/endpoint';

export const GET = endpoint(teamOptionsContract, async () => ({ data: await teamOptions(await ready()) }));
