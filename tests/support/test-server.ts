import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { servingWithDemo } from '../../scripts/lib/serving.mjs';

export const DEMO_PASSWORD = 'test-demo-password';
export const SESSION_SECRET = 'test-session-secret-that-is-long-enough-0123456789';

/** A free TCP port on the loopback address. */
export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

/** Clears a test PostgreSQL database so the server migrates and seeds it from scratch. */
async function resetPostgres(url: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;');
  await client.end();
}

/**
 * The embedded database template for test servers: a dump of a migrated empty database, named after the
 * migrations it holds. The first server writes it; later ones start from it (much faster than initdb).
 */
export function pgliteTemplateEnv(): Record<string, string> {
  const dir = resolve('src/lib/server/db/migrations');
  const hash = createHash('sha256');
  for (const file of readdirSync(dir).sort()) hash.update(file).update(readFileSync(join(dir, file)));
  mkdirSync(resolve('.tmp'), { recursive: true });
  const template = resolve('.tmp', `pglite-template-${hash.digest('hex').slice(0, 16)}.tar.gz`);
  return existsSync(template) ? { PGLITE_TEMPLATE: template } : { PGLITE_WRITE_TEMPLATE: template };
}

/** The newest modification time under a file or directory (0 when it does not exist), as scripts/start.mjs reads it. */
function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

/** The inputs of the build: a server built before any of them changed does not run the current sources. */
export const BUILD_INPUTS = ['src', 'public', 'astro.config.mjs', 'package.json'];

/**
 * Refuses to test a stale build: dist/server/entry.mjs must exist and be newer than every file under
 * src/, public/, astro.config.mjs and package.json (tests would otherwise pass or fail on old code).
 */
export function assertBuildIsCurrent(root = process.cwd()): string {
  const entry = resolve(root, 'dist/server/entry.mjs');
  if (!existsSync(entry)) throw new Error('dist/ has no build (dist/server/entry.mjs is missing) — run npm run build');
  const built = statSync(entry).mtimeMs;
  const newest = BUILD_INPUTS.map((input) => ({ input, at: newestMtime(resolve(root, input)) })).sort((a, b) => b.at - a.at)[0]!;
  if (newest.at > built) {
    throw new Error(`dist/ is older than src/ — run npm run build (${newest.input} changed at ${new Date(newest.at).toISOString()}, the build is from ${new Date(built).toISOString()})`);
  }
  return entry;
}

export interface TestServer {
  baseUrl: string;
  database: 'pglite' | 'postgres';
  stop(): Promise<void>;
}

/**
 * Starts the built server (dist/) as a child process on a free port, on a fresh embedded database in a
 * temporary directory, or on TEST_DATABASE_URL (reset first) when that is set.
 */
/**
 * TEST_EVENT_STORE=chdb runs the API suites' servers with their events on embedded ClickHouse (in their data
 * directory): the analytics suites' chdb pass. Unset, events stay in the database (EVENT_STORE=postgres).
 */
export function eventStoreEnv(): Record<string, string> {
  const store = process.env.TEST_EVENT_STORE?.trim();
  return store ? { EVENT_STORE: store } : {};
}

export async function startTestServer(extraEnv: Record<string, string> = {}): Promise<TestServer> {
  const entry = assertBuildIsCurrent();
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'gsm-test-'));
  // A suite that chooses its own database (extraEnv.DATABASE_URL: a URL, or '' for a fresh embedded one) must
  // never reset the shared TEST_DATABASE_URL.
  const ownUrl = extraEnv.DATABASE_URL || undefined;
  const pgUrl = 'DATABASE_URL' in extraEnv ? undefined : process.env.TEST_DATABASE_URL;
  if (pgUrl) await resetPostgres(pgUrl);
  const child: ChildProcess = spawn(process.execPath, [entry], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: '1',
      DEMO_PASSWORD,
      SESSION_SECRET,
      CONFIG_SECRET_KEY: 'test-config-secret-key-long-enough-0123456789',
      // A small demo studio (the default seeds 2,000 players): enough for the analytics screens, quick to start.
      DEMO_TELEMETRY_USERS: '400',
      ...(pgUrl ? { DATABASE_URL: pgUrl } : { DATABASE_URL: '', ...pgliteTemplateEnv() }),
      ...eventStoreEnv(),
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`test server exited early:\n${output}`);
    const ok = await servingWithDemo(baseUrl);
    if (ok) break;
    if (Date.now() - started > 180_000) throw new Error(`test server did not answer within 180 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    baseUrl,
    database: pgUrl || ownUrl ? 'postgres' : 'pglite',
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      }
      rmSync(dataDir, { recursive: true, force: true });
      if (process.env.GSM_TEST_SERVER_LOG) console.log(output);
    },
  };
}
