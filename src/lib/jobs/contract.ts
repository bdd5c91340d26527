import { z } from 'zod';
import { contractsFor, emptyRequest, listPage } from '../contract';

const JOB_ROUTE = '/job_schedule/index';

export const jobSchema = z.object({
  name: z.string(),
  description: z.string(),
  cron: z.string(),
  timeZone: z.string(),
  enabled: z.boolean(),
  nextRunAt: z.string().nullable(),
  running: z.boolean(),
  lastRun: z.object({ startedAt: z.string(), durationMs: z.number().nullable(), status: z.string(), error: z.string().nullable(), result: z.string().nullable(), trigger: z.string() }).nullable(),
});
export type Job = z.infer<typeof jobSchema>;

export const jobRunSchema = z.object({
  id: z.number(),
  trigger: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().nullable(),
  status: z.string(),
  result: z.string().nullable(),
  error: z.string().nullable(),
  runner: z.string(),
});

const jobApi = contractsFor({ route: JOB_ROUTE });
const jobRunApi = contractsFor({ route: JOB_ROUTE, actions: ['job_run'] });

export const listJobsContract = jobApi.get('/api/job/list', emptyRequest, z.array(jobSchema));

export const jobRunsContract = jobApi.get(
  '/api/job/runs',
  z.object({ name: z.string().min(1).max(60), ...listPage() }),
  z.array(jobRunSchema),
  { list: true },
);

export const runJobContract = jobRunApi.post(
  '/api/job/run',
  z.object({ name: z.string().min(1).max(60) }),
  z.object({ id: z.number(), status: z.string() }),
);

export const updateJobContract = jobRunApi.post(
  '/api/job/update',
  z.object({ name: z.string().min(1).max(60), cron: z.string().trim().min(1).max(200), timeZone: z.string().trim().min(1).max(60), enabled: z.boolean() }),
  jobSchema,
);
