import { removeArchivedPostContract } from '../../../lib/posts/contract';
import { removeArchivedPost } from '../../../lib/posts/service';
import { ready } from '../../../lib/server/db';
import { endpoint } from '../../../lib/server/endpoint';

export const POST = endpoint(removeArchivedPostContract, async ({ postId }, ctx) => {
  await removeArchivedPost(await ready(), ctx.account, postId);
  return { data: { ok: true as const } };
});
