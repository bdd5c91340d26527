import { specialPostContract } from '../../../lib/posts/contract';
import { getSpecialPost } from '../../../lib/posts/service';
import { ready } from '../../../lib/server/db';
import { endpoint } from '../../../lib/server/endpoint';

export const GET = endpoint(specialPostContract, async ({ title }) => ({ data: await getSpecialPost(await ready(), title) }));
