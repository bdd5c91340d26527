import { updateSpecialPostContract } from '../../../lib/posts/contract';
import { updateSpecialPost } from '../../../lib/posts/service';
import { ready } from '../../../lib/server/db';
import { endpoint } from '../../../lib/server/endpoint';

export const PUT = endpoint(updateSpecialPostContract, async (input, ctx) => ({ data: await updateSpecialPost(await ready(), ctx, input) }));
