import { deletePostContract } from '../../../lib/posts/contract';
import { deletePost } from '../../../lib/posts/service';
import { ready } from '../../../lib/server/db';
import { endpoint } from '../../../lib/server/endpoint';

export const DELETE = endpoint(deletePostContract, async ({ postId }, ctx) => ({ data: await deletePost(await ready(), ctx, postId) }));
