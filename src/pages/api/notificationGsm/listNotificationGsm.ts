import { listPostsContract } from '../../../lib/posts/contract';
import { listPosts } from '../../../lib/posts/service';
import { ready } from '../../../lib/server/db';
import { endpoint } from '../../../lib/server/endpoint';

export const GET = endpoint(listPostsContract, async (input, ctx) => listPosts(await ready(), ctx.account, input));
