import { levelHandler } from '../../../lib/analytics/service';
import { ready } from '../../../lib/server/db';
import { endpoint } from '../../../lib/server/endpoint';

export const GET = endpoint(levelHandler.descriptor.contract, async (input, ctx) => ({ data: await levelHandler.run(await ready(), ctx.account, input) }));
