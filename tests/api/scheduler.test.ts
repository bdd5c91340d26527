import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SESSION_SECRET } from '../support/test-server';

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

async function twoSchedulersOnPglite() {
  const { openPglite } = await import('../../src/lib/server/db/open');
  const { migrate } = await import('../../src/lib/server/db/migrate');
  const { registerJobs, tick } = await import('../../src/lib/jobs/scheduler');
  const dir = mkdtempSync(join(tmpdir(), 'gsm-sched-'));
  const db = await openPglite(dir);
  try {
    await migrate(db);
    await registerJobs(db);
    await db.query(`UPDATE jobs SET next_run_at = date_trunc('minute', now()) - interval '1 minute' WHERE name = 'session_cleanup'`);
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
  await db.query(`UPDATE jobs SET next_run_at = date_trunc('minute', now()) - interval '1 minute' WHERE name = 'session_cleanup'`);
  const [a, b] = await Promise.all([startServer(url), startServer(url)]);
  try {
    await new Promise((r) => setTimeout(r, 3000));
    const runs = await db.query(`SELECT runner FROM job_runs WHERE job_name = 'session_cleanup'`);
    expect(runs.rows).toHaveLength(1);
  } finally {
    await Promise.all([a.stop(), b.stop()]);
    await db.end();
  }
}

async function startServer(databaseUrl: string) {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const dataDir = mkdtempSync(join(tmpdir(), 'gsm-sched-srv-'));
  const child = spawn(process.execPath, [resolve('dist/server/entry.mjs')], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, DEMO_DATA: '1', SESSION_SECRET, SCHEDULER_TICK_MS: '250' },
    stdio: 'ignore',
  });
  for (let i = 0; i < 200; i++) {
    if (await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok).catch(() => false)) break;
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
