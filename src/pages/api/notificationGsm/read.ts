import { readPostContract } from '../../../lib/posts/contract';
import { markPostRead } from '../../../lib/posts/service';
import { ready } from '../../../lib/server/db';
import { endpoint } from '../../../lib/server/endpoint';

export const POST = endpoint(readPostContract, async ({ postId }, ctx) => {
  await markPostRead(await ready(), ctx.account, postId);
  return { data: { ok: true as const } };
});
