import { handle, type ApiHandler } from '../server/api/handler';
import { jobRunsContract, listJobsContract, runJobContract, updateJobContract } from './contract';
import { runNow } from './scheduler';
import { jobRuns, listJobs, updateJob } from './service';

/** The job schedule: jobs, their runs, run now. Listed in the area's manifest (./area.ts). */
export const jobsApi: ApiHandler[] = [
  handle(listJobsContract, async (_input, ctx) => ({ data: await listJobs(ctx.db) })),
  handle(runJobContract, async ({ name }, ctx) => ({ data: await runNow(ctx.db, ctx.actor, name) })),
  handle(jobRunsContract, async ({ name, page, limit }, ctx) => jobRuns(ctx.db, name, page, limit)),
  handle(updateJobContract, async (input, ctx) => ({ data: await updateJob(ctx.db, ctx.actor, input) })),
];
