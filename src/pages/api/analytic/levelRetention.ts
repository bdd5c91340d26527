import { levelRetentionContract } from '../../../lib/analytics/contract';
import { levelRetentionReport } from '../../../lib/analytics/service';
import { ready } from '../../../lib/server/db';
import { endpoint } from '../../../lib/server/endpoint';

export const GET = endpoint(levelRetentionContract, async (filters, ctx) => ({ data: await levelRetentionReport(await ready(), ctx.account, filters) }));
