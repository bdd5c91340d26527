import { retentionHandler } from '../../../lib/analytics/service';
import { ready } from '../../../lib/server/db';
import { endpoint } from '../../../lib/server/endpoint';

export const GET = endpoint(retentionHandler.descriptor.contract, async (input, ctx) => ({ data: await retentionHandler.run(await ready(), ctx.account, input) }));
