import { listPinnedPostsContract } from '../../../lib/posts/contract';
import { listPinnedPosts } from '../../../lib/posts/service';
import { ready } from '../../../lib/server/db';
import { endpoint } from '../../../lib/server/endpoint';

export const GET = endpoint(listPinnedPostsContract, async (_input, ctx) => ({ data: await listPinnedPosts(await ready(), ctx.account) }));
