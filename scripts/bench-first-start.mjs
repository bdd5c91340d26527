#!/usr/bin/env node
// `npm run bench:first-start [-- --write-doc]`: what a newcomer waits for. Starts the built console on an
// empty embedded database as `npm start` does (demo data on, the default studio of 2,000 players), and times
// the first answer of /login, how fast pages answer while the demo studio is still being seeded, and when
// it is ready (health says demo: ready). The build itself is not timed (`npm start` builds once); the new data
// folder starts from the build's migrated empty database as a newcomer's does (--no-template: initdb and
// every migration instead, to compare). --clean-clone times what a newcomer runs after `npm install`: a fresh
// clone of this repository's HEAD (its node_modules hard-linked from this one, as `npm install` would leave
// them, without the build caches) and `npm start` in it, the build included.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { machine, machineLine, table, writeDocBlock } from './lib/bench-doc.mjs';
import { freePort } from './lib/bench-servers.mjs';
import { folderBytes, largestTables } from './lib/data-folder.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'gsm-first-start-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const m = machine();
const noTemplate = process.argv.includes('--no-template');
const cleanClone = process.argv.includes('--clean-clone');
// The clone is made before the clock starts: `git clone` and `npm install` are not what the bounds time.
const clone = cleanClone ? mkdtempSync(join(tmpdir(), 'gsm-clean-clone-')) : null;
if (clone) {
  execFileSync('git', ['clone', '--quiet', '--local', root, clone]);
  execFileSync('cp', ['-al', join(root, 'node_modules'), join(clone, 'node_modules')]);
  rmSync(join(clone, 'node_modules/.vite'), { recursive: true, force: true });
  rmSync(join(clone, 'node_modules/.astro'), { recursive: true, force: true });
}
const started = performance.now();
const seconds = () => (performance.now() - started) / 1000;
const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_DATA: '1', DATABASE_URL: '', PGLITE_TEMPLATE: noTemplate ? 'none' : '', PGLITE_WRITE_TEMPLATE: '' };
const child = clone
  ? spawn(process.execPath, [join(clone, 'scripts/start.mjs')], { cwd: clone, env, stdio: ['ignore', 'pipe', 'ignore'] })
  : spawn(process.execPath, [join(root, 'dist/server/entry.mjs')], { cwd: root, env, stdio: ['ignore', 'pipe', 'ignore'] });
// The seeding's own account of its phases (events, rollup, house ads, finance), as start-up logs them.
const phases = [];
let pending = '';
child.stdout.on('data', (chunk) => {
  pending += chunk;
  const lines = pending.split('\n');
  pending = lines.pop();
  for (const line of lines) if (/^\[db\] (start-up|seeded demo|the demo studio)/.test(line)) phases.push(line.slice(5, 600));
});

const answer = async (path) => {
  const t = performance.now();
  const response = await fetch(`${base}${path}`, { signal: AbortSignal.timeout(60_000) });
  const body = await response.text();
  return { status: response.status, ms: performance.now() - t, body };
};

try {
  let firstLogin = null;
  while (firstLogin === null) {
    if (child.exitCode !== null) throw new Error('the server exited');
    if (seconds() > 600) throw new Error('no answer within 600 s');
    const login = await answer('/login').catch(() => null);
    if (login?.status === 200) firstLogin = seconds();
    else await new Promise((r) => setTimeout(r, 200));
  }
  const whilePreparing = [];
  let dropped = 0;
  let ready = null;
  while (ready === null) {
    if (seconds() > 900) throw new Error('the demo studio was not ready within 900 s');
    if (child.exitCode !== null) throw new Error('the server exited while the demo studio was being seeded');
    // A busy machine may drop a connection now and then: counted, and the loop asks again.
    const health = await answer('/api/health').catch(() => null);
    if (!health) {
      dropped++;
      await new Promise((r) => setTimeout(r, 500));
      continue;
    }
    if (JSON.parse(health.body).data.demo !== 'preparing') ready = seconds();
    else {
      const login = await answer('/login').catch(() => null);
      if (login) whilePreparing.push(login.ms);
      else dropped++;
      await new Promise((r) => setTimeout(r, 2000));
    }
  }
  // The data folder once the demo studio is in, after a clean stop (what a newcomer's disk holds).
  child.kill('SIGTERM');
  await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
  const pgDir = join(dataDir, 'pg');
  const folder = { total: folderBytes(dataDir), wal: folderBytes(join(pgDir, 'pg_wal')) };
  const { tables, database } = await largestTables(pgDir);
  whilePreparing.sort((a, b) => a - b);
  const p = (q) => (whilePreparing.length ? whilePreparing[Math.min(whilePreparing.length - 1, Math.floor(q * whilePreparing.length))].toFixed(0) : '–');
  const rows = [
    ['first answer of /login (database opened, demo accounts)', `${firstLogin.toFixed(1)} s`, `≤ 30 s${firstLogin > 30 ? ' **not met**' : ''}`],
    [`/login while the demo studio is seeded (${whilePreparing.length} requests, p50 / p95 / max${dropped ? `; ${dropped} connections dropped` : ''})`, `${p(0.5)} / ${p(0.95)} / ${p(1)} ms`, ''],
    ['demo studio ready (events, rollups, house ads, finance, live-ops)', `${ready.toFixed(1)} s`, `≤ 60 s${ready > 60 ? ' **not met**' : ''}`],
  ];
  const mb = (n) => `${(n / 2 ** 20).toFixed(0)} MB`;
  const body = [
    machineLine(m, cleanClone ? "a clean clone's `npm start`, its build included (timed from the start of `npm start`)" : noTemplate ? 'a fresh data folder made by initdb and the migrations' : "a fresh data folder, a copy of the build's migrated one"),
    '',
    table(['what', 'time', 'target'], rows),
    '',
    'The seeding\'s log of this run (each phase\'s own timing):',
    '',
    ...phases.map((line) => `- ${line}`),
    '',
    `Data folder after a clean stop: **${mb(folder.total)}**, of which ${mb(folder.wal)} write-ahead log (pg_wal) and ${mb(database)} the database itself. Largest tables (a partitioned table with its partitions):`,
    '',
    table(['table', 'rows', 'table size', 'indexes'], tables.map((t) => [t.name, t.rows.toLocaleString('en'), mb(t.heap), mb(t.indexes)])),
  ].join('\n');
  console.log(body);
  if (process.argv.includes('--write-doc')) console.log(`wrote ${writeDocBlock(root, 'first-start', body)}`);
} finally {
  if (child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
  rmSync(dataDir, { recursive: true, force: true });
  if (clone) rmSync(clone, { recursive: true, force: true });
}
