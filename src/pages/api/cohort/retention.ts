import { retentionContract } from '../../../lib/analytics/contract';
import { retentionReport } from '../../../lib/analytics/service';
import { ready } from '../../../lib/server/db';
import { endpoint } from '../../../lib/server/endpoint';

export const GET = endpoint(retentionContract, async (filters, ctx) => ({ data: await retentionReport(await ready(), ctx.account, filters) }));
