import { jobRunsContract } from '../../../lib/jobs/contract';
import { jobRuns } from '../../../lib/jobs/service';
import { ready } from '../../../lib/server/db';
import { endpoint } from '../../../lib/server/endpoint';

export const GET = endpoint(jobRunsContract, async ({ name, page, limit }) => jobRuns(await ready(), name, page, limit));
