import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nowMs } from '../../src/lib/time/clock';
import { describe, expect, it } from 'vitest';
import { pgClient, scratchDatabase, startServer, waitFor } from '../support/own-server';

/**
 * A job whose runner dies is not stuck: its claim is a lease the live runner renews, released at once when
 * the runner is known dead (same host: pid gone, zombie or recycled; the embedded database at start-up) and
 * when the lease runs out otherwise. On PostgreSQL a real process is killed (SIGKILL) in the middle of a job;
 * on PGlite the server is killed and restarted on its directory.
 */
describe('a dead runner does not keep its job', () => {
  it('another runner (or a restarted one) runs the job, and Run now is no longer refused', async () => {
    const pgUrl = process.env.TEST_DATABASE_URL;
    if (pgUrl) {
      await killedRunnerOnPostgres(pgUrl);
      await leaseOfAnotherHostOnPostgres(pgUrl);
    } else {
      await restartedRunnerOnPglite();
    }
  }, 240_000);

});

async function killedRunnerOnPostgres(testUrl: string) {
  const url = await scratchDatabase(testUrl, 'lease');
  const env = { DATABASE_URL: url, JOB_LEASE_SECONDS: '3', SCHEDULER_TICK_MS: '250' };
  const a = await startServer(env);
  const b = await startServer(env);
  const db = await pgClient(url);
  const holder = await pgClient(url);
  try {
    // An expired session row locked by this test holds session_cleanup's DELETE (and so the job) as long as we like.
    const account = (await db.query(`SELECT id FROM accounts WHERE username = 'root'`)).rows[0] as { id: number };
    await db.query(`INSERT INTO sessions (id, account_id, refresh_hash, expires_at) VALUES (gen_random_uuid(), $1, 'lease-test', now() - interval '30 days')`, [account.id]);
    await holder.query('BEGIN');
    await holder.query(`SELECT id FROM sessions WHERE refresh_hash = 'lease-test' FOR UPDATE`);

    const tokenA = await a.signIn();
    const tokenB = await b.signIn();
    void a.runNow(tokenA).catch(() => undefined); // never answers: A is killed in the middle of the job
    const claimedBy = await waitFor(async () => {
      const row = (await db.query(`SELECT runner FROM jobs WHERE name = 'session_cleanup' AND running_since IS NOT NULL`)).rows[0] as { runner: string } | undefined;
      return row?.runner;
    }, 10_000);
    expect(claimedBy).toMatch(new RegExp(`:${a.pid}$`));
    // Past the lease: A, alive, keeps renewing it, so B is refused.
    await new Promise((r) => setTimeout(r, 4000));
    expect((await b.runNow(tokenB)).status).toBe(409);

    // The next occurrence falls due, then A dies mid-job.
    // Due by the console's clock (a test run may shift it away from the database's now()).
    await db.query(`UPDATE jobs SET next_run_at = $1 WHERE name = 'session_cleanup'`, [new Date(nowMs() - 60_000)]);
    a.kill();
    await holder.query('ROLLBACK');
    const started = Date.now();
    const byB = await waitFor(async () => {
      const row = (await db.query(`SELECT runner FROM job_runs WHERE job_name = 'session_cleanup' AND status = 'success' AND trigger = 'schedule'`)).rows[0] as { runner: string } | undefined;
      return row?.runner;
    }, 120_000);
    expect(byB).toMatch(new RegExp(`:${b.pid}$`));
    expect(Date.now() - started).toBeLessThan(120_000);
    const dead = (await db.query(`SELECT status, error, finished_at FROM job_runs WHERE job_name = 'session_cleanup' AND runner LIKE $1`, [`%:${a.pid}`])).rows;
    expect(dead).toEqual([{ status: 'failed', error: expect.stringContaining('stopped before the run finished'), finished_at: expect.any(Date) }]);
    const again = await b.runNow(tokenB);
    expect(again.status, again.text).toBe(200);
  } finally {
    await holder.end().catch(() => undefined);
    await db.end();
    await Promise.all([a.stop(), b.stop()]);
  }
}

/** A claim from another host (whose process this one cannot see) is taken over when its lease runs out, not before. */
async function leaseOfAnotherHostOnPostgres(testUrl: string) {
  const url = await scratchDatabase(testUrl, 'lease2');
  const server = await startServer({ DATABASE_URL: url, JOB_LEASE_SECONDS: '3' });
  const db = await pgClient(url);
  try {
    await db.query(
      `UPDATE jobs SET running_since = now(), runner = 'elsewhere:7', runner_key = 'another-host/boot/7/1', lease_until = now() + interval '3 seconds' WHERE name = 'session_cleanup'`,
    );
    const token = await server.signIn();
    expect((await server.runNow(token)).status).toBe(409);
    await new Promise((r) => setTimeout(r, 3500));
    const after = await server.runNow(token);
    expect(after.status, after.text).toBe(200);
  } finally {
    await db.end();
    await server.stop();
  }
}

async function restartedRunnerOnPglite() {
  const dataDir = mkdtempSync(join(tmpdir(), 'gsm-lease-'));
  const env = { DATA_DIR: dataDir, DATABASE_URL: '', DEMO_TELEMETRY: '0' };
  try {
    const first = await startServer(env, { keepDir: true });
    first.kill();
    await first.stop();
    // What the killed process left behind: a claim on the job and its open run.
    const { openPglite } = await import('../../src/lib/server/db/open');
    const db = await openPglite(dataDir);
    await db.query(`UPDATE jobs SET running_since = now(), runner = 'dead:1', runner_key = 'host/boot/1/1', lease_until = now() + interval '1 hour' WHERE name = 'session_cleanup'`);
    await db.query(`INSERT INTO job_runs (job_name, trigger, runner) VALUES ('session_cleanup', 'manual', 'dead:1')`);
    await db.close();

    const second = await startServer(env, { keepDir: true });
    try {
      const answer = await second.runNow(await second.signIn());
      expect(answer.status, answer.text).toBe(200);
      const runs = await fetch(`${second.baseUrl}/api/job/runs?name=session_cleanup`, { headers: { authorization: `Bearer ${await second.signIn()}` } }).then((r) => r.json() as Promise<{ data: { runner: string; status: string; error: string | null }[] }>);
      expect(runs.data.map((r) => [r.runner, r.status])).toEqual([[expect.stringMatching(new RegExp(`:${second.pid}$`)), 'success'], ['dead:1', 'failed']]);
    } finally {
      await second.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

