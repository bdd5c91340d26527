import { hostname } from 'node:os';
import type { Actor } from '../auth/types';
import { auditAs } from '../server/audit';
import type { Db, Sql } from '../server/db';
import { HttpError, notFound } from '../server/errors';
import { nextRun } from './cron';
import { jobDefinitions, type JobDefinition } from './definitions';
import { nowMs } from '../time/clock';
import { tunables } from '../server/config';
import { identityKey, isSelf, liveness, parseIdentityKey, selfIdentity } from '../server/process-identity';
import { messageOf } from '../error-message';

/** Identifies this process in the run history (several processes may share one PostgreSQL). */
export const RUNNER_ID = `${hostname()}:${process.pid}`;
/** Tells this process from a recycled pid (src/lib/server/process-identity.ts). */
const runnerKey = () => identityKey(selfIdentity());
/** A claim from before leases (no lease_until) counts as dead after this long. */
const LEGACY_CLAIM_MINUTES = 60;

const DEAD_RUN_ERROR = 'The process running this job stopped before the run finished (its claim was released).';

/**
 * Frees claims whose runner is gone, and closes their unfinished runs as failed. At start-up on the embedded
 * database every claim is dead (one process only, and it is this one starting); otherwise a claim is dead when
 * its runner is on this host and no longer running (pid gone, a zombie, or the pid now another process's).
 * Claims of runners on other hosts end with their lease.
 */
export async function releaseDeadClaims(db: Sql, options: { all?: boolean; name?: string } = {}): Promise<string[]> {
  const held = await db.query<{ name: string; runner_key: string | null }>(
    'SELECT name, runner_key FROM jobs WHERE running_since IS NOT NULL AND ($1::text IS NULL OR name = $1)',
    [options.name ?? null],
  );
  const released: string[] = [];
  for (const job of held) {
    const owner = job.runner_key ? parseIdentityKey(job.runner_key) : null;
    const dead = options.all || (owner !== null && !isSelf(owner) && liveness(owner) === 'dead');
    if (!dead) continue;
    const freed = await db.one<{ name: string }>(
      `UPDATE jobs SET running_since = NULL, runner = NULL, runner_key = NULL, lease_until = NULL
        WHERE name = $1 AND runner_key IS NOT DISTINCT FROM $2 RETURNING name`,
      [job.name, job.runner_key],
    );
    if (!freed) continue;
    await closeDeadRuns(db, job.name);
    released.push(job.name);
  }
  return released;
}

/** The job's runs still open when its claim is taken over belong to a runner that is gone. */
async function closeDeadRuns(db: Sql, name: string): Promise<void> {
  await db.query(
    `UPDATE job_runs SET finished_at = now(), status = 'failed', error = $2,
            duration_ms = (extract(epoch FROM now() - started_at) * 1000)::int
      WHERE job_name = $1 AND finished_at IS NULL`,
    [name, DEAD_RUN_ERROR],
  );
}

/** Registers the job definitions (keeping schedules edited on screen) and computes missing next runs. */
export async function registerJobs(db: Sql, now = new Date(nowMs())): Promise<void> {
  for (const job of jobDefinitions) {
    await db.query(
      `INSERT INTO jobs (name, description, cron, time_zone, next_run_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (name) DO UPDATE SET description = EXCLUDED.description`,
      [job.name, job.description, job.cron, job.timeZone, nextRun(job.cron, job.timeZone, now)],
    );
  }
}

/**
 * Claims the job for one run: only the process whose UPDATE changes the row runs it. A scheduled
 * claim also moves next_run_at past the due time, so the same occurrence is never run twice.
 */
async function claim(db: Sql, name: string, scheduledFor: Date | null, next: Date | null): Promise<boolean> {
  await releaseDeadClaims(db, { name });
  // A claim whose lease ran out (its runner stopped renewing it) is taken over.
  const row = await db.one<{ name: string; taken_over: boolean }>(
    `UPDATE jobs SET running_since = now(), next_run_at = coalesce($3, next_run_at),
            runner = $5, runner_key = $6, lease_until = now() + make_interval(secs => $7)
      WHERE name = $1
        AND (running_since IS NULL OR coalesce(lease_until, running_since + make_interval(mins => $4)) < now())
        AND ($2::timestamptz IS NULL OR (enabled AND next_run_at = $2))
      RETURNING name`,
    [name, scheduledFor, next, LEGACY_CLAIM_MINUTES, RUNNER_ID, runnerKey(), tunables().jobLeaseSeconds],
  );
  // Runs still open now were left by a runner whose claim just ended (this one's run is begun after).
  if (row) await closeDeadRuns(db, name);
  return Boolean(row);
}

/** Records the start of a claimed run; its id. */
async function begin(db: Sql, name: string, trigger: 'schedule' | 'manual'): Promise<number> {
  const run = await db.one<{ id: number }>(`INSERT INTO job_runs (job_name, trigger, runner) VALUES ($1, $2, $3) RETURNING id::int AS id`, [name, trigger, RUNNER_ID]);
  return run!.id;
}

async function execute(db: Db, job: JobDefinition, trigger: 'schedule' | 'manual'): Promise<{ id: number; status: string }> {
  return finish(db, job, await begin(db, job.name, trigger));
}

/** Runs the job of a begun run and records how it went; frees the job. */
async function finish(db: Db, job: JobDefinition, runId: number): Promise<{ id: number; status: string }> {
  const run = { id: runId };
  const started = performance.now();
  let status = 'success';
  let result: string | null = null;
  let error: string | null = null;
  // The lease is renewed while the job works, so a live runner keeps its claim however long the job takes.
  const leaseMs = tunables().jobLeaseSeconds * 1000;
  const renew = setInterval(() => {
    db.query('UPDATE jobs SET lease_until = now() + make_interval(secs => $3) WHERE name = $1 AND runner_key = $2', [job.name, runnerKey(), leaseMs / 1000])
      .catch((failure) => console.error(`[jobs] ${job.name}: lease renewal failed:`, failure instanceof Error ? failure.message : failure));
  }, Math.max(500, Math.floor(leaseMs / 3)));
  renew.unref();
  try {
    result = await job.run(db);
  } catch (failure) {
    status = 'failed';
    error = messageOf(failure);
    console.error(`[jobs] ${job.name} failed:`, error);
  } finally {
    clearInterval(renew);
  }
  await db.query(
    `UPDATE job_runs SET finished_at = now(), duration_ms = $2, status = $3, result = $4, error = $5 WHERE id = $1`,
    [run.id, Math.round(performance.now() - started), status, result, error],
  );
  // Only a claim still ours is freed: had the lease been taken over, the job is another runner's now.
  await db.query('UPDATE jobs SET running_since = NULL, runner = NULL, runner_key = NULL, lease_until = NULL WHERE name = $1 AND runner_key = $2', [job.name, runnerKey()]);
  return { id: run.id, status };
}

/** One pass: runs every enabled job whose next run is due, each in at most one process. */
export async function tick(db: Db, now = new Date(nowMs())): Promise<string[]> {
  const due = await db.query<{ name: string; cron: string; time_zone: string; next_run_at: Date }>(
    'SELECT name, cron, time_zone, next_run_at FROM jobs WHERE enabled AND next_run_at <= $1',
    [now],
  );
  const ran: string[] = [];
  for (const row of due) {
    const job = jobDefinitions.find((j) => j.name === row.name);
    if (!job) continue;
    const next = nextRun(row.cron, row.time_zone, now);
    if (!(await claim(db, row.name, row.next_run_at, next))) continue;
    await execute(db, job, 'schedule');
    ran.push(row.name);
  }
  return ran;
}

/**
 * Run now (from the screen): refused while the job is already running somewhere. The claim, the run's
 * record and the audit row are one transaction (the change the console makes); the job's own work runs
 * after it, as a scheduled run's does, and its outcome lands in the run's record.
 */
export async function runNow(db: Db, actor: Actor, name: string): Promise<{ id: number; status: string }> {
  const job = jobDefinitions.find((j) => j.name === name);
  if (!job) throw notFound(`Job "${name}" does not exist.`);
  const runId = await db.transaction(async (tx) => {
    if (!(await claim(tx, name, null, null))) throw new HttpError(409, `Job "${name}" is already running.`);
    const id = await begin(tx, name, 'manual');
    await auditAs(tx, actor, { action: 'run', entity: 'job', entityId: name, after: { runId: id, trigger: 'manual' } });
    return id;
  });
  return finish(db, job, runId);
}

let timer: NodeJS.Timeout | null = null;

/** Starts the in-process scheduler (SCHEDULER=off disables it, e.g. for a read-only replica). */
export function startScheduler(db: Db): void {
  const { schedulerEnabled, schedulerTickMs: every } = tunables();
  if (timer || !schedulerEnabled) return;
  const loop = () => tick(db).catch((error) => console.error('[jobs] tick failed:', error instanceof Error ? error.message : error));
  timer = setInterval(loop, every);
  timer.unref();
  setTimeout(loop, Math.min(every, 2000)).unref();
}

export function stopScheduler(): void {
  if (timer) clearInterval(timer);
  timer = null;
}
