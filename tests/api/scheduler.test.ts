import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nowMs } from '../../src/lib/time/clock';
import { servingWithDemo } from '../../scripts/lib/serving.mjs';
import { assertBuildIsCurrent, freePort, pgliteTemplateEnv, SESSION_SECRET } from '../support/test-server';

/**
 * A due job runs once even when several console processes share one database. On PostgreSQL this starts
 * two real server processes on a scratch database; PGlite allows one process per directory, so there the
 * same claim runs from two concurrent schedulers inside one process against one database.
 */
describe('scheduler runs a due job once across runners', () => {
  it('two runners, one run', async () => {
    const pgUrl = process.env.TEST_DATABASE_URL;
    if (pgUrl) await twoProcessesOnPostgres(pgUrl);
    else await twoSchedulersOnPglite();
  }, 90_000);
});

/**
 * The previous minute on the console's clock (the scheduler compares next_run_at with nowMs(), which a
 * test run may shift; the database's own now() is not shifted).
 */
function dueMinute(): Date {
  const now = nowMs();
  return new Date(now - (now % 60_000) - 60_000);
}

async function twoSchedulersOnPglite() {
  const { openPglite } = await import('../../src/lib/server/db/open');
  const { migrate } = await import('../../src/lib/server/db/migrate');
  const { registerJobs, tick } = await import('../../src/lib/jobs/scheduler');
  const dir = mkdtempSync(join(tmpdir(), 'gsm-sched-'));
  // From the suite's migrated template when there is one (initdb and every migration in-process cost ~30 s).
  const { PGLITE_TEMPLATE } = pgliteTemplateEnv();
  const db = await openPglite(dir, PGLITE_TEMPLATE ? { loadDump: new Blob([readFileSync(PGLITE_TEMPLATE)]) } : {});
  try {
    await migrate(db);
    await registerJobs(db);
    await db.query(`UPDATE jobs SET next_run_at = $1 WHERE name = 'session_cleanup'`, [dueMinute()]);
    const [a, b] = await Promise.all([tick(db), tick(db)]);
    expect([...a, ...b].filter((n) => n === 'session_cleanup')).toHaveLength(1);
    const runs = await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM job_runs WHERE job_name = 'session_cleanup'`);
    expect(runs!.n).toBe(1);
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function twoProcessesOnPostgres(testUrl: string) {
  const { default: pg } = await import('pg');
  const scratch = new URL(testUrl);
  const name = `${scratch.pathname.slice(1)}_sched`;
  const admin = new pg.Client({ connectionString: testUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  scratch.pathname = `/${name}`;
  const url = scratch.toString();

  // Migrate and register jobs through a first start, then make one job due and start two processes at once.
  const first = await startServer(url);
  await first.stop();
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  await db.query(`UPDATE jobs SET next_run_at = $1 WHERE name = 'session_cleanup'`, [dueMinute()]);
  // A start that fails rejects here and fails the test (the other process is stopped).
  const started = await Promise.allSettled([startServer(url), startServer(url)]);
  const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  try {
    for (const s of started) if (s.status === 'rejected') throw s.reason;
    const [a, b] = servers as [(typeof servers)[0], (typeof servers)[0]];
    await new Promise((r) => setTimeout(r, 3000));
    // Both runners were up for the whole window: the single run is not one process's doing alone.
    expect([await a.alive(), await b.alive()]).toEqual([true, true]);
    const runs = await db.query(`SELECT runner FROM job_runs WHERE job_name = 'session_cleanup'`);
    expect(runs.rows).toHaveLength(1);
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await db.end();
  }
}

/**
 * Starts one server process on the given database and waits until it answers its health check. A process
 * that exits or does not answer within 30 s fails the test with its output: "one run" with a dead runner
 * proves nothing.
 */
async function startServer(databaseUrl: string) {
  const entry = assertBuildIsCurrent();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'gsm-sched-srv-'));
  const child = spawn(process.execPath, [entry], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, DEMO_DATA: '1', SESSION_SECRET, SCHEDULER_TICK_MS: '250' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const serving = () => servingWithDemo(baseUrl);
  const started = Date.now();
  while (!(await serving())) {
    if (child.exitCode !== null || Date.now() - started > 30_000) {
      await stop();
      throw new Error(`a scheduler test server ${child.exitCode !== null ? `exited with ${child.exitCode}` : 'did not answer within 30 s'}:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    /** Still running and answering its health check. */
    async alive() {
      return child.exitCode === null && (await serving());
    },
    stop,
  };
}

