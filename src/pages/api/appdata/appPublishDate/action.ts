import { publishDateActionContract } from '../../../../lib/apps/contract';
import { savePublishDate } from '../../../../lib/apps/service';
import { ready } from '../../../../lib/server/db';
import { endpoint } from '../../../../lib/server/endpoint';

export const POST = endpoint(publishDateActionContract, async (input, ctx) => ({ data: await savePublishDate(await ready(), ctx, input) }));
