import type { Actor } from '../auth/types';
import { auditAs } from '../server/audit';
import type { Db, Sql } from '../server/db';
import { badRequest, notFound } from '../server/errors';
import type { Job } from './contract';
import { NeverRuns, cronProblem, nextRun } from './cron';
import { nowMs } from '../time/clock';

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

export async function listJobs(db: Sql): Promise<Job[]> {
  const rows = await db.query<{
    name: string; description: string; cron: string; time_zone: string; enabled: boolean; next_run_at: Date | null; running_since: Date | null;
    r_started: Date | null; r_duration: number | null; r_status: string | null; r_error: string | null; r_result: string | null; r_trigger: string | null;
  }>(
    `SELECT j.name, j.description, j.cron, j.time_zone, j.enabled, j.next_run_at, j.running_since,
            r.started_at AS r_started, r.duration_ms AS r_duration, r.status AS r_status, r.error AS r_error, r.result AS r_result, r.trigger AS r_trigger
       FROM jobs j
       LEFT JOIN LATERAL (SELECT * FROM job_runs WHERE job_name = j.name ORDER BY started_at DESC, id DESC LIMIT 1) r ON true
      ORDER BY j.name`,
  );
  return rows.map((r) => ({
    name: r.name, description: r.description, cron: r.cron, timeZone: r.time_zone, enabled: r.enabled, nextRunAt: iso(r.next_run_at), running: Boolean(r.running_since),
    lastRun: r.r_started ? { startedAt: iso(r.r_started)!, durationMs: r.r_duration, status: r.r_status!, error: r.r_error, result: r.r_result, trigger: r.r_trigger! } : null,
  }));
}

export async function jobRuns(db: Sql, name: string, page: number, limit: number) {
  const total = await db.one<{ n: number }>('SELECT count(*)::int AS n FROM job_runs WHERE job_name = $1', [name]);
  const rows = await db.query<{ id: number; trigger: string; started_at: Date; finished_at: Date | null; duration_ms: number | null; status: string; result: string | null; error: string | null; runner: string }>(
    'SELECT id::int AS id, trigger, started_at, finished_at, duration_ms, status, result, error, runner FROM job_runs WHERE job_name = $1 ORDER BY started_at DESC, id DESC LIMIT $2 OFFSET $3',
    [name, limit, (page - 1) * limit],
  );
  return {
    data: rows.map((r) => ({ id: r.id, trigger: r.trigger, startedAt: iso(r.started_at)!, finishedAt: iso(r.finished_at), durationMs: r.duration_ms, status: r.status, result: r.result, error: r.error, runner: r.runner })),
    totalRecord: total?.n ?? 0,
  };
}

export async function updateJob(db: Db, actor: Actor, input: { name: string; cron: string; timeZone: string; enabled: boolean }): Promise<Job> {
  const problem = cronProblem(input.cron, input.timeZone);
  if (problem) throw badRequest(`cron: ${problem}`);
  let next: Date;
  try {
    next = nextRun(input.cron, input.timeZone, new Date(nowMs()));
  } catch (error) {
    if (error instanceof NeverRuns) throw badRequest(`cron: ${error.message}`);
    throw error;
  }
  await db.transaction(async (tx) => {
    const before = await tx.one<{ cron: string; time_zone: string; enabled: boolean }>('SELECT cron, time_zone, enabled FROM jobs WHERE name = $1', [input.name]);
    if (!before) throw notFound(`Job "${input.name}" does not exist.`);
    await tx.query('UPDATE jobs SET cron = $2, time_zone = $3, enabled = $4, next_run_at = $5, updated_at = now() WHERE name = $1', [
      input.name, input.cron, input.timeZone, input.enabled, next,
    ]);
    await auditAs(tx, actor, { action: 'update', entity: 'job', entityId: input.name, before, after: { cron: input.cron, time_zone: input.timeZone, enabled: input.enabled } });
  });
  return (await listJobs(db)).find((j) => j.name === input.name)!;
}
