import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startTestServer, type TestServer } from './test-server';

/**
 * A throw-away PostgreSQL cluster that a test can stop and start again (a database outage), on a free port
 * under /tmp. Needs PostgreSQL's server binaries: PG_BIN, else the newest /usr/lib/postgresql/<version>/bin
 * (Debian: `apt-get install postgresql`). Run as root, the cluster runs as the `postgres` user.
 */
export interface PgCluster {
  url: string;
  port: number;
  stop(): void;
  start(): void;
  destroy(): void;
}

function pgBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl'))) : [];
  const newest = versions.sort((a, b) => Number(a) - Number(b)).pop();
  if (!newest) throw new Error('PostgreSQL server binaries were not found: install them (apt-get install postgresql) or set PG_BIN to the directory holding pg_ctl.');
  return join(root, newest, 'bin');
}

export async function startPgCluster(): Promise<PgCluster> {
  const bin = pgBin();
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'gsm-pg-'));
  const asRoot = process.getuid?.() === 0;
  const run = (tool: string, args: string[]) => {
    const command = [join(bin, tool), ...args];
    if (asRoot) execFileSync('su', ['postgres', '-c', command.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ')], { stdio: 'pipe' });
    else execFileSync(command[0]!, command.slice(1), { stdio: 'pipe' });
  };
  if (asRoot) {
    const { uid, gid } = (() => {
      const line = execFileSync('id', ['postgres']).toString();
      return { uid: Number(/uid=(\d+)/.exec(line)![1]), gid: Number(/gid=(\d+)/.exec(line)![1]) };
    })();
    chownSync(dir, uid, gid);
    chmodSync(dir, 0o700);
  }
  run('initdb', ['-D', dir, '-A', 'trust', '-U', 'postgres']);
  const start = () => run('pg_ctl', ['-D', dir, '-l', join(dir, 'server.log'), '-o', `-p ${port} -k /tmp -c listen_addresses=127.0.0.1`, '-w', 'start']);
  const stop = () => run('pg_ctl', ['-D', dir, '-m', 'fast', '-w', 'stop']);
  start();
  run('createdb', ['-h', '127.0.0.1', '-p', String(port), 'gsm_test']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/gsm_test`,
    port,
    start,
    stop,
    destroy() {
      try {
        stop();
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Two console processes on one throw-away PostgreSQL cluster: what a test of "holds across processes" needs
 * (caps, limits, sessions). A runs the scheduler; B only serves, so a job runs in one place unless the test
 * starts it in both.
 */
export interface TwoServers {
  cluster: PgCluster;
  a: TestServer;
  b: TestServer;
  stop(): Promise<void>;
}

export async function startTwoServersOnCluster(env: Record<string, string> = {}): Promise<TwoServers> {
  const cluster = await startPgCluster();
  const base = { DATABASE_URL: cluster.url, DEMO_DATA: '1', DEMO_TELEMETRY: '0', ...env };
  const a = await startTestServer(base);
  const b = await startTestServer({ ...base, SCHEDULER: 'off' });
  return {
    cluster,
    a,
    b,
    async stop() {
      await a.stop();
      await b.stop();
      cluster.destroy();
    },
  };
}

/** One JSON request to one of the servers (the two-process tests pick which server answers each call). */
export async function callServer(server: TestServer, method: string, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}), ...options.headers },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: response.status, json: (text ? JSON.parse(text) : null) as { data?: any; message?: string } | null, text };
}
