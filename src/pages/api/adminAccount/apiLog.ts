import { apiLogContract } from '../../../lib/logs/contract';
import { listApiLog } from '../../../lib/logs/service';
import { ready } from '../../../lib/server/db';
import { endpoint } from '../../../lib/server/endpoint';

export const GET = endpoint(apiLogContract, async (filters) => listApiLog(await ready(), filters));
