import { levelContract } from '../../../lib/analytics/contract';
import { levelReport } from '../../../lib/analytics/service';
import { ready } from '../../../lib/server/db';
import { endpoint } from '../../../lib/server/endpoint';

export const GET = endpoint(levelContract, async (filters, ctx) => ({ data: await levelReport(await ready(), ctx.account, filters) }));
