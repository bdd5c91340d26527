import { archivePostContract } from '../../../lib/posts/contract';
import { archivePost } from '../../../lib/posts/service';
import { ready } from '../../../lib/server/db';
import { endpoint } from '../../../lib/server/endpoint';

export const POST = endpoint(archivePostContract, async ({ postId }, ctx) => {
  await archivePost(await ready(), ctx.account, postId);
  return { data: { ok: true as const } };
});
