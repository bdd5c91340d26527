import { listArchivedPostsContract } from '../../../lib/posts/contract';
import { listArchivedPosts } from '../../../lib/posts/service';
import { ready } from '../../../lib/server/db';
import { endpoint } from '../../../lib/server/endpoint';

export const GET = endpoint(listArchivedPostsContract, async (_input, ctx) => ({ data: await listArchivedPosts(await ready(), ctx.account) }));
