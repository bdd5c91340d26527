import { mainDataHandler } from '../../../lib/analytics/service';
import { ready } from '../../../lib/server/db';
import { endpoint } from '../../../lib/server/endpoint';

export const GET = endpoint(mainDataHandler.descriptor.contract, async (input, ctx) => ({ data: await mainDataHandler.run(await ready(), ctx.account, input) }));
