import { countUnreadContract } from '../../../lib/posts/contract';
import { countUnread } from '../../../lib/posts/service';
import { ready } from '../../../lib/server/db';
import { endpoint } from '../../../lib/server/endpoint';

export const GET = endpoint(countUnreadContract, async (_input, ctx) => ({ data: await countUnread(await ready(), ctx.account) }));
