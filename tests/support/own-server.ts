import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { servingWithDemo } from '../../scripts/lib/serving.mjs';
import { assertBuildIsCurrent, DEMO_PASSWORD, eventStoreEnv, freePort, pgliteTemplateEnv, SESSION_SECRET } from './test-server';

/**
 * Server processes a test starts and stops itself (kill tests, restarts, a fuzz run that must not disturb the
 * suite's shared server), on a database of their own.
 */
export async function pgClient(url: string) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

/** A fresh database next to the test one (the suite's shared server keeps its own). */
export async function scratchDatabase(testUrl: string, suffix: string): Promise<string> {
  const scratch = new URL(testUrl);
  const name = `${scratch.pathname.slice(1)}_${suffix}`;
  const admin = await pgClient(testUrl);
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  scratch.pathname = `/${name}`;
  return scratch.toString();
}

export async function waitFor<T>(probe: () => Promise<T | undefined>, withinMs: number): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() - started > withinMs) throw new Error(`nothing within ${withinMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** One server process of the built console on the given database, answering its health check. */
export async function startServer(env: Record<string, string>, options: { keepDir?: boolean; refusal?: RegExp } = {}) {
  const entry = assertBuildIsCurrent();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'gsm-own-srv-'));
  const child = spawn(process.execPath, [entry], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_DATA: '1', DEMO_PASSWORD, SESSION_SECRET, CONFIG_SECRET_KEY: 'test-config-secret-key-long-enough-0123456789', DEMO_TELEMETRY_USERS: '50', ...(env.DATABASE_URL ? {} : pgliteTemplateEnv()), ...eventStoreEnv(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((r) => child.once('exit', r));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    if (!options.keepDir) rmSync(dataDir, { recursive: true, force: true });
  };
  const started = Date.now();
  while (!(await servingWithDemo(baseUrl))) {
    // A refused start keeps the process up and retrying (the database may come up later): a test that expects
    // the refusal stops at its message instead of waiting out the deadline.
    if (child.exitCode !== null || Date.now() - started > 60_000 || options.refusal?.test(output)) {
      await stop();
      throw new Error(`a test server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    baseUrl,
    database: env.DATABASE_URL ? ('postgres' as const) : ('pglite' as const),
    pid: child.pid!,
    stop,
    /** SIGKILL: no clean-up of any kind, as a crash or the OOM killer. */
    kill() {
      child.kill('SIGKILL');
    },
    async signIn(): Promise<string> {
      const answer = await fetch(`${baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'root', password: DEMO_PASSWORD }) });
      return ((await answer.json()) as { data: { accessToken: string } }).data.accessToken;
    },
    async runNow(token: string) {
      const answer = await fetch(`${baseUrl}/api/job/run`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ name: 'session_cleanup' }) });
      return { status: answer.status, text: await answer.text() };
    },
  };
}
