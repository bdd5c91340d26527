#!/usr/bin/env node
// `npm run bench:analytics`: ingestion throughput and report times at scale, on PGlite and on PostgreSQL.
// For each database: starts the built server on a fresh database (scheduler off, so ingestion and rollups
// are timed apart), sends a simulated studio of ~10 million events through POST /api/sdk/v1/events with 4
// requests in flight, rolls everything up, then times each report (median of 9 after a warm-up) over the
// last 30 days for one app and for all apps. PostgreSQL: BENCH_PG_URL, or a throw-away cluster started
// under /tmp on a free port (like .ci/run). Not part of `npm test`. Figures go to docs/performance.md by hand.
//   npm run bench:analytics -- [--db both|pglite|postgres] [--users 50000] [--days 120] [--apps 6]
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { call, ensureStudioApps, parseArgs, rollupAll, sendStudio, signIn } from './lib/studio-client.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = parseArgs(process.argv.slice(2), { db: 'both', users: 50000, days: 120, apps: 6, seed: 42, concurrency: 4, runs: 9 });
const PASSWORD = 'bench-password-2026';
const log = (...a) => console.log(`[bench] ${new Date().toISOString().slice(11, 19)}`, ...a);

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

if (!existsSync(join(root, 'dist/server/entry.mjs'))) {
  log('building…');
  execFileSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], { cwd: root, stdio: 'inherit' });
}

async function startServer(env) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'gsm-bench-'));
  const child = spawn(process.execPath, [join(root, 'dist/server/entry.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_DATA: '1', DEMO_TELEMETRY: '0', DEMO_PASSWORD: PASSWORD, SCHEDULER: 'off', SESSION_SECRET: 'bench-session-secret-that-is-long-enough-0123456789', CONFIG_SECRET_KEY: 'bench-config-secret-key-long-enough-0123456789', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error('the server exited');
    if (await fetch(`${base}/api/health`).then((r) => r.ok).catch(() => false)) break;
    if (i > 600) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A throw-away PostgreSQL cluster under /tmp (as the postgres user when run as root). */
async function startPostgres() {
  const bin = readdirSync('/usr/lib/postgresql').sort().map((v) => `/usr/lib/postgresql/${v}/bin`).pop();
  const dir = mkdtempSync('/tmp/gsm-bench-pg-');
  const port = await freePort();
  const asPostgres = process.getuid?.() === 0;
  const run = (cmd, cmdArgs) => (asPostgres ? execFileSync('su', ['postgres', '-c', [cmd, ...cmdArgs].map((a) => `'${a}'`).join(' ')], { stdio: 'ignore' }) : execFileSync(cmd, cmdArgs, { stdio: 'ignore' }));
  if (asPostgres) execFileSync('chown', ['postgres', dir]);
  run(`${bin}/initdb`, ['-D', dir, '-A', 'trust', '-U', 'postgres']);
  run(`${bin}/pg_ctl`, ['-D', dir, '-o', `-p ${port} -k /tmp -c listen_addresses=127.0.0.1 -c shared_buffers=1GB -c max_wal_size=8GB -c work_mem=32MB`, '-l', `${dir}/log`, '-w', 'start']);
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

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function timeReport(base, token, path, query) {
  const url = `${base}${path}?${new URLSearchParams(query)}`;
  const once = async () => {
    const started = performance.now();
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const body = await response.json();
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${body.message}`);
    if (body.data.pending) throw new Error(`${path}: ${body.data.pending} app-days still pending`);
    return performance.now() - started;
  };
  await once();
  const times = [];
  for (let i = 0; i < args.runs; i++) times.push(await once());
  return median(times);
}

const REPORTS = [
  ['Main Data', '/api/analytic/mainData', {}],
  ['Retention', '/api/cohort/retention', {}],
  ['Level', '/api/analytic/level', {}],
  ['Level retention (50 levels)', '/api/analytic/levelRetention', { maxLevel: '50' }],
];

async function benchOne(kind) {
  const pg = kind === 'postgres' ? (process.env.BENCH_PG_URL ? { url: process.env.BENCH_PG_URL, stop() {} } : await startPostgres()) : null;
  const server = await startServer(pg ? { DATABASE_URL: pg.url } : {});
  try {
    const token = await signIn(server.base, 'root', PASSWORD);
    const apps = await ensureStudioApps(server.base, token, args.apps);
    log(`${kind}: sending ${args.users} players × ${args.days} days, ${args.concurrency} requests in flight`);
    const sent = await sendStudio(server.base, apps, {
      users: args.users,
      days: args.days,
      seed: args.seed,
      concurrency: args.concurrency,
      onProgress: (t) => t.batches % 400 < 4 && log(`${kind}: ${t.events.toLocaleString('en-US')} events, ${Math.round(t.events / t.seconds).toLocaleString('en-US')} events/s`),
    });
    log(`${kind}: ${sent.accepted.toLocaleString('en-US')} events accepted in ${sent.seconds.toFixed(1)} s = ${Math.round(sent.accepted / sent.seconds).toLocaleString('en-US')} events/s (${sent.rejected} rejected, ${sent.failures} retried)`);
    const rolled = await rollupAll(server.base, token, (p) => log(`${kind}: rollup ${p.appDays} app-days, ${p.pending} pending, ${p.seconds.toFixed(0)} s`));
    log(`${kind}: rolled up ${rolled.appDays} app-days in ${rolled.seconds.toFixed(1)} s`);
    const to = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
    const from = new Date(Date.parse(`${to}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
    const reports = [];
    for (const [name, path, extra] of REPORTS) {
      const one = await timeReport(server.base, token, path, { ...extra, apps: apps[0].appId, from, to });
      const all = await timeReport(server.base, token, path, { ...extra, from, to });
      reports.push({ name, oneApp: one, allApps: all });
      log(`${kind}: ${name}: one app ${one.toFixed(1)} ms, all apps ${all.toFixed(1)} ms`);
    }
    const stats = await call(server.base, token, 'GET', '/api/health');
    return { kind, database: stats.database, events: sent.accepted, ingestSeconds: sent.seconds, eventsPerSecond: sent.accepted / sent.seconds, rollupSeconds: rolled.seconds, appDays: rolled.appDays, reports };
  } finally {
    await server.stop();
    pg?.stop();
  }
}

const kinds = args.db === 'both' ? ['postgres', 'pglite'] : [args.db];
const results = [];
for (const kind of kinds) {
  const result = await benchOne(kind);
  results.push(result);
  writeFileSync(`/tmp/bench-analytics-${kind}.json`, JSON.stringify(result, null, 2));
}
console.log('\n| database | events | ingestion | rollup of everything |');
console.log('|---|---|---|---|');
for (const r of results) console.log(`| ${r.kind} | ${r.events.toLocaleString('en-US')} | ${Math.round(r.eventsPerSecond).toLocaleString('en-US')} events/s (${r.ingestSeconds.toFixed(0)} s) | ${r.rollupSeconds.toFixed(0)} s (${r.appDays} app-days) |`);
console.log('\n| report (last 30 days, median of 9) | ' + results.flatMap((r) => [`${r.kind}: one app`, `${r.kind}: all apps`]).join(' | ') + ' |');
console.log('|---|' + results.map(() => '---|---|').join(''));
for (let i = 0; i < REPORTS.length; i++) console.log(`| ${REPORTS[i][0]} | ` + results.flatMap((r) => [`${r.reports[i].oneApp.toFixed(0)} ms`, `${r.reports[i].allApps.toFixed(0)} ms`]).join(' | ') + ' |');
