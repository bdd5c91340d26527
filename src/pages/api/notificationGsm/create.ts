import { createPostContract } from '../../../lib/posts/contract';
import { createPost } from '../../../lib/posts/service';
import { ready } from '../../../lib/server/db';
import { endpoint } from '../../../lib/server/endpoint';

export const POST = endpoint(createPostContract, async (input, ctx) => ({ data: await createPost(await ready(), ctx, input) }));
