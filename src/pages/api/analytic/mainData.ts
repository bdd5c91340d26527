import { mainDataContract } from '../../../lib/analytics/contract';
import { mainDataReport } from '../../../lib/analytics/service';
import { ready } from '../../../lib/server/db';
import { endpoint } from '../../../lib/server/endpoint';

export const GET = endpoint(mainDataContract, async (filters, ctx) => ({ data: await mainDataReport(await ready(), ctx.account, filters) }));
