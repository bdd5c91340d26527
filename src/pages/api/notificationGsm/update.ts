import { updatePostContract } from '../../../lib/posts/contract';
import { updatePost } from '../../../lib/posts/service';
import { ready } from '../../../lib/server/db';
import { endpoint } from '../../../lib/server/endpoint';

export const PUT = endpoint(updatePostContract, async (input, ctx) => ({ data: await updatePost(await ready(), ctx, input) }));
