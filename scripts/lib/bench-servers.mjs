// What the benchmarks start and stop: the built console on a fresh database, and a throw-away PostgreSQL
// cluster under /tmp (as the postgres user when run as root, like .ci/run).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { servingWithDemo } from './serving.mjs';

export const root = fileURLToPath(new URL('../..', import.meta.url));

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Builds the console when dist/ is missing. */
export function ensureBuilt() {
  if (existsSync(join(root, 'dist/server/entry.mjs'))) return;
  execFileSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], { cwd: root, stdio: 'inherit' });
}

/**
 * The built server on a free port with demo accounts and no simulated telemetry, the scheduler off (so the
 * benches time what they ask for); on a fresh data directory unless `dataDir` names one to reuse.
 */
export async function startServer(env, { dataDir } = {}) {
  const port = await freePort();
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'gsm-bench-'));
  // BENCH_SERVER_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles the server, not the client.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, join(root, 'dist/server/entry.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir, DEMO_DATA: '1', DEMO_TELEMETRY: '0', SCHEDULER: 'off', SESSION_SECRET: 'bench-session-secret-that-is-long-enough-0123456789', CONFIG_SECRET_KEY: 'bench-config-secret-key-long-enough-0123456789', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error('the server exited');
    if (await servingWithDemo(base)) break;
    if (i > 600) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    dataDir: dir,
    /** Stops the server; its data directory goes too unless `keepData`. */
    async stop({ keepData = false } = {}) {
      const exited = new Promise((r) => child.once('exit', r));
      if (child.exitCode === null) child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
      if (!keepData) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A throw-away PostgreSQL cluster under /tmp; `settings` are the server's -c options (default: tuned for bulk
 * loads). Stopped and removed by stop().
 */
export async function startPostgres({ settings = '-c shared_buffers=1GB -c max_wal_size=8GB -c work_mem=32MB', prefix = 'gsm-bench-pg-' } = {}) {
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort((a, b) => Number(a) - Number(b)) : [];
  if (!versions.length) throw new Error('PostgreSQL server binaries were not found (apt-get install postgresql), or set BENCH_PG_URL');
  const bin = `/usr/lib/postgresql/${versions.pop()}/bin`;
  const dir = mkdtempSync(join('/tmp', prefix));
  const port = await freePort();
  const asPostgres = process.getuid?.() === 0;
  const run = (cmd, cmdArgs) => (asPostgres ? execFileSync('su', ['postgres', '-c', [cmd, ...cmdArgs].map((a) => `'${a}'`).join(' ')], { stdio: 'ignore' }) : execFileSync(cmd, cmdArgs, { stdio: 'ignore' }));
  if (asPostgres) execFileSync('chown', ['postgres', dir]);
  run(`${bin}/initdb`, ['-D', dir, '-A', 'trust', '-U', 'postgres']);
  run(`${bin}/pg_ctl`, ['-D', dir, '-o', `-p ${port} -k /tmp -c listen_addresses=127.0.0.1 ${settings}`, '-l', `${dir}/log`, '-w', 'start']);
  run(`${bin}/createdb`, ['-h', '127.0.0.1', '-p', String(port), 'gsm_bench']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/gsm_bench`,
    stop() {
      try {
        run(`${bin}/pg_ctl`, ['-D', dir, '-m', 'fast', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
