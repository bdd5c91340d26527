import { userPostDataContract } from '../../../lib/posts/contract';
import { userPostData } from '../../../lib/posts/service';
import { ready } from '../../../lib/server/db';
import { endpoint } from '../../../lib/server/endpoint';

export const GET = endpoint(userPostDataContract, async (_input, ctx) => ({ data: await userPostData(await ready(), ctx.account) }));
