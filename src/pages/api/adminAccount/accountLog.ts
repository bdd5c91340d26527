import { accountLogContract } from '../../../lib/logs/contract';
import { listAccountLog } from '../../../lib/logs/service';
import { ready } from '../../../lib/server/db';
import { endpoint } from '../../../lib/server/endpoint';

export const GET = endpoint(accountLogContract, async (filters) => listAccountLog(await ready(), filters));
