import { updateJobContract } from '../../../lib/jobs/contract';
import { updateJob } from '../../../lib/jobs/service';
import { ready } from '../../../lib/server/db';
import { endpoint } from '../../../lib/server/endpoint';

export const POST = endpoint(updateJobContract, async (input, ctx) => ({ data: await updateJob(await ready(), ctx, input) }));
