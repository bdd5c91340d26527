import { z } from 'zod';
import { defineContract, emptyRequest } from '../contract';

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

export const listJobsContract = defineContract({ method: 'GET', path: '/api/job/list', request: emptyRequest, data: z.array(jobSchema), access: { route: JOB_ROUTE } });

export const jobRunsContract = defineContract({
  method: 'GET',
  path: '/api/job/runs',
  request: z.object({ name: z.string().min(1).max(60), page: z.coerce.number().int().min(1).default(1), limit: z.coerce.number().int().min(1).max(100).default(20) }),
  data: z.array(jobRunSchema),
  list: true,
  access: { route: JOB_ROUTE },
});

export const runJobContract = defineContract({
  method: 'POST',
  path: '/api/job/run',
  request: z.object({ name: z.string().min(1).max(60) }),
  data: z.object({ id: z.number(), status: z.string() }),
  access: { route: JOB_ROUTE, actions: ['job_run'] },
});

export const updateJobContract = defineContract({
  method: 'POST',
  path: '/api/job/update',
  request: z.object({ name: z.string().min(1).max(60), cron: z.string().trim().min(1).max(200), timeZone: z.string().trim().min(1).max(60), enabled: z.boolean() }),
  data: jobSchema,
  access: { route: JOB_ROUTE, actions: ['job_run'] },
});
