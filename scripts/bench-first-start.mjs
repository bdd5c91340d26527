#!/usr/bin/env node
// `npm run bench:first-start [-- --write-doc]`: what a newcomer waits for. Starts the built console on an
// empty embedded database as `npm start` does (demo data on, the default studio of 2,000 players), and times
// the first answer of /login, how fast pages answer while the demo studio is still being seeded, and when
// it is ready (health says demo: ready). The build itself is not timed (`npm start` builds once).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { machine, machineLine, table, writeDocBlock } from './lib/bench-doc.mjs';
import { freePort } from './lib/bench-servers.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'gsm-first-start-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const m = machine();
const started = performance.now();
const seconds = () => (performance.now() - started) / 1000;
const child = spawn(process.execPath, [join(root, 'dist/server/entry.mjs')], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_DATA: '1', DATABASE_URL: '', PGLITE_TEMPLATE: '', PGLITE_WRITE_TEMPLATE: '' },
  stdio: 'ignore',
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
  let ready = null;
  while (ready === null) {
    if (seconds() > 900) throw new Error('the demo studio was not ready within 900 s');
    const health = await answer('/api/health');
    if (JSON.parse(health.body).data.demo !== 'preparing') ready = seconds();
    else {
      whilePreparing.push((await answer('/login')).ms);
      await new Promise((r) => setTimeout(r, 2000));
    }
  }
  whilePreparing.sort((a, b) => a - b);
  const p = (q) => (whilePreparing.length ? whilePreparing[Math.min(whilePreparing.length - 1, Math.floor(q * whilePreparing.length))].toFixed(0) : '–');
  const rows = [
    ['first answer of /login (migrations, demo accounts)', `${firstLogin.toFixed(1)} s`, '≤ 30 s'],
    [`/login while the demo studio is seeded (${whilePreparing.length} requests, p50 / p95 / max)`, `${p(0.5)} / ${p(0.95)} / ${p(1)} ms`, ''],
    ['demo studio ready (events, rollups, house ads, finance, live-ops)', `${ready.toFixed(1)} s`, '≤ 60 s (not met: the rollup is day by day)'],
  ];
  const body = [machineLine(m, 'a fresh data folder, no PGlite template'), '', table(['what', 'time', 'target'], rows)].join('\n');
  console.log(body);
  if (process.argv.includes('--write-doc')) console.log(`wrote ${writeDocBlock(root, 'first-start', body)}`);
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
