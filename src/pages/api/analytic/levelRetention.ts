import { levelRetentionHandler } from '../../../lib/analytics/service';
import { ready } from '../../../lib/server/db';
import { endpoint } from '../../../lib/server/endpoint';

export const GET = endpoint(levelRetentionHandler.descriptor.contract, async (input, ctx) => ({ data: await levelRetentionHandler.run(await ready(), ctx.account, input) }));
