import { listJobsContract } from '../../../lib/jobs/contract';
import { listJobs } from '../../../lib/jobs/service';
import { ready } from '../../../lib/server/db';
import { endpoint } from '../../../lib/server/endpoint';

export const GET = endpoint(listJobsContract, async () => ({ data: await listJobs(await ready()) }));
