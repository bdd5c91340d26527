#!/usr/bin/env node
// npm run bench:load — the console's request path under load, measured with autocannon over loopback in one
// run, side by side: a bare Node http server and the console's /api/health (the floor), an authenticated API
// read and the /dashboard render against /login at --connections, and --sessions signed-in sessions for
// --mix-duration seconds, each loading the board's list (API) and the dashboard in turn, on PGlite and on
// PostgreSQL. Reports nothing unless every request of a measurement answered 200 (no redirect, no error).
// The mix runs twice: back to back (each session sends its next request as soon as the last is answered)
// and paced (--session-rate requests per second per session, the sessions' requests spread evenly in time).
//   npm run bench:load -- [--db both|pglite|postgres] [--duration 10] [--mix-duration 30] [--sessions 200]
//                         [--session-rate 0.5] [--connections 8] [--warmup 5] [--no-build] [--write-doc] [--note "…"]
// PostgreSQL: BENCH_PG_URL, or a throw-away cluster under /tmp (needs PostgreSQL's server binaries).
// --write-doc rewrites the bench:load block of docs/performance.md; without it the tables are only printed.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { machine, machineLine, table, writeDocBlock } from './lib/bench-doc.mjs';
import { freePort, startPostgres as startCluster } from './lib/bench-servers.mjs';
import { pacedLoad } from './lib/paced-load.mjs';
import { parseArgs } from './lib/studio-client.mjs';
import { servingWithDemo } from './lib/serving.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = parseArgs(process.argv.slice(2), { db: 'both', duration: 10, mixDuration: 30, sessions: 200, sessionRate: 0.5, connections: 8, warmup: 5, noBuild: false, writeDoc: false, note: '' });
if (!(args.sessionRate > 0)) throw new Error('--session-rate must be a positive number (requests per second per session)');
for (const key of ['duration', 'mixDuration', 'sessions', 'connections', 'warmup']) {
  if (!Number.isInteger(args[key]) || args[key] < 1) throw new Error(`--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} must be a positive integer`);
}
if (!['both', 'pglite', 'postgres'].includes(args.db)) throw new Error('--db must be both, pglite or postgres');
const host = machine();
const PASSWORD = 'bench-password-2026';
/** Accounts that see the dashboard and the board; the sessions of the mix are spread over them. */
const ACCOUNTS = ['root', 'admin', 'analyst', 'pm', 'marketing', 'designer', 'cache'];
const API_READ = '/api/notificationGsm/countNotRead';
const API_LIST = '/api/notificationGsm/listNotificationGsm?page=1&limit=10';
/** What a browser sends: pages are compressed on the fly, as they are for every visitor. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html,application/json' };
/** Targets (issue 12): ratios within one run, and the mix's tail per database. */
const TARGETS = { apiVsHealth: 0.5, dashboardVsLogin: 0.25, mixP99Ms: { pglite: 1000, postgres: 300 }, slowMs: 10_000 };
const log = (...a) => console.log(`[bench:load] ${new Date().toISOString().slice(11, 19)}`, ...a);

async function waitFor(url, child) {
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`the server for ${url} exited`);
    if (url.endsWith('/api/health') ? await servingWithDemo(url.slice(0, -'/api/health'.length)) : await fetch(url).then((r) => r.ok).catch(() => false)) return;
    if (i > 900) throw new Error(`${url} did not answer`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function stopChild(child) {
  if (child.exitCode !== null) return Promise.resolve();
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  return Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
}

/**
 * Waits until the server has drained what an earlier measurement left it: autocannon stops at its duration with
 * up to one request per connection still queued in the server (200 dashboards after the back-to-back mix), and
 * the write-behind API log flushes after it. Without this the next measurement's first second is that backlog.
 * Quiet = five /api/health answers in a row each under 50 ms (after a 2 s pause for the log's flush).
 */
async function settle(base) {
  await new Promise((r) => setTimeout(r, 2000));
  for (let quiet = 0, tries = 0; quiet < 5 && tries < 600; tries++) {
    const started = performance.now();
    await fetch(`${base}/api/health`).then((r) => r.arrayBuffer());
    quiet = performance.now() - started < 50 ? quiet + 1 : 0;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The floor: Node's own http server answering a fixed body, in its own process like the console. */
async function startBareNode() {
  const port = await freePort();
  const code = `require('node:http').createServer((q, s) => { s.setHeader('content-type', 'application/json'); s.end('{"data":{"ok":true}}'); }).listen(${port}, '127.0.0.1')`;
  const child = spawn(process.execPath, ['-e', code], { stdio: 'ignore' });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(base, child);
  return { base, stop: () => stopChild(child) };
}

async function startConsole(env) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'gsm-bench-load-'));
  const child = spawn(process.execPath, [join(root, 'dist/server/entry.mjs')], {
    cwd: root,
    env: {
      ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_DATA: '1', DEMO_PASSWORD: PASSWORD,
      // A small simulated studio so the dashboard's figures have data; no background jobs competing with the load.
      DEMO_TELEMETRY_USERS: '200', SCHEDULER: 'off',
      SESSION_SECRET: 'bench-session-secret-that-is-long-enough-0123456789', CONFIG_SECRET_KEY: 'bench-config-secret-key-long-enough-0123456789',
      DATABASE_URL: '', ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`, child);
  return {
    base,
    async stop() {
      await stopChild(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function signIn(base, username) {
  const response = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: PASSWORD }) });
  const cookie = response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  if (response.status !== 200 || !cookie) throw new Error(`sign-in of ${username} answered ${response.status}`);
  return { cookie, token: (await response.json()).data.accessToken };
}

/**
 * One autocannon measurement. Counts every answer itself (the 'response' event): anything but 200 is a failure,
 * and so is a connection error or timeout; latencies are exact (ms) for the percentiles and the slow count.
 */
async function measure(name, options) {
  const latencies = [];
  const statuses = new Map();
  const instance = autocannon({ timeout: 30, ...options });
  instance.on('response', (_client, status, _bytes, ms) => {
    latencies.push(ms);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  });
  const result = await new Promise((resolve, reject) => instance.on('done', resolve).on('error', reject));
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
  const ok = statuses.get(200) ?? 0;
  const failed = latencies.length - ok + result.errors;
  const out = {
    name,
    requests: latencies.length,
    rps: latencies.length / result.duration,
    p50: pct(50),
    p99: pct(99),
    max: latencies.at(-1) ?? NaN,
    slow: latencies.filter((ms) => ms > TARGETS.slowMs).length,
    failed,
    statuses: Object.fromEntries(statuses),
    errors: result.errors,
  };
  log(`${name}: ${out.requests} requests, ${out.rps.toFixed(0)} req/s, p50 ${out.p50.toFixed(1)} ms, p99 ${out.p99.toFixed(1)} ms, failed ${failed} ${JSON.stringify(out.statuses)}`);
  return out;
}

/**
 * The paced mix: --sessions sessions, each with its cookie, over up to that many keep-alive connections, sending
 * together sessions × --session-rate requests a second at an even rate (session i % n sends request i, the board's
 * list and the dashboard in turn), latency counted from when each request was due (scripts/lib/paced-load.mjs).
 */
async function pacedSessions(name, base, sessions) {
  const n = sessions.length;
  const result = await pacedLoad(base, {
    rate: n * args.sessionRate,
    seconds: args.mixDuration,
    connections: n,
    slowMs: TARGETS.slowMs,
    next: (i) => ({ path: Math.floor(i / n) % 2 ? '/dashboard' : API_LIST, headers: { ...BROWSER, cookie: sessions[i % n].cookie } }),
  });
  const ok = result.statuses[200] ?? 0;
  const out = { name, requests: result.requests, rps: result.rps, p50: result.p50, p99: result.p99, max: result.max, slow: result.slow, failed: result.requests - ok + result.errors, statuses: result.statuses, errors: result.errors };
  log(`${name}: ${out.requests} requests, ${out.rps.toFixed(0)} req/s, p50 ${out.p50.toFixed(1)} ms, p99 ${out.p99.toFixed(1)} ms, failed ${out.failed} ${JSON.stringify(out.statuses)}`);
  return out;
}

/** Every page request must be the page itself (not the sign-in redirect): checked once before measuring. */
async function expectPage(base, path, cookie, title) {
  const response = await fetch(`${base}${path}`, { headers: { cookie }, redirect: 'manual' });
  const html = await response.text();
  if (response.status !== 200 || !html.includes(`<title>${title}`)) throw new Error(`${path} answered ${response.status} without its title "${title}"`);
}

async function benchConsole(kind) {
  const pg = kind === 'postgres' ? (process.env.BENCH_PG_URL ? { url: process.env.BENCH_PG_URL, stop() {} } : await startCluster({ settings: '-c shared_buffers=256MB -c max_connections=200', prefix: 'gsm-bench-load-pg-' })) : null;
  const server = await startConsole(pg ? { DATABASE_URL: pg.url, DEMO_DATA: '1' } : {});
  try {
    const { base } = server;
    const rootSession = await signIn(base, 'root');
    await expectPage(base, '/dashboard', rootSession.cookie, 'Dashboard');
    await expectPage(base, '/login', '', 'Login');
    const point = { duration: args.duration, connections: args.connections };
    const health = await measure(`${kind} /api/health`, { url: `${base}/api/health`, ...point });
    const apiRead = await measure(`${kind} ${API_READ}`, { url: `${base}${API_READ}`, headers: { authorization: `Bearer ${rootSession.token}` }, ...point });
    const login = await measure(`${kind} /login`, { url: `${base}/login`, headers: BROWSER, ...point });
    const dashboard = await measure(`${kind} /dashboard`, { url: `${base}/dashboard`, headers: { ...BROWSER, cookie: rootSession.cookie }, ...point });

    log(`${kind}: signing in ${args.sessions} sessions`);
    const sessions = [];
    for (let i = 0; i < args.sessions; i++) sessions.push(await signIn(base, ACCOUNTS[i % ACCOUNTS.length]));
    // Each connection is one signed-in browser: its own cookie, the board's list then the dashboard, in turn.
    const mixOptions = () => {
      let next = 0;
      return {
        url: base,
        connections: args.sessions,
        duration: args.mixDuration,
        setupClient(client) {
          const { cookie } = sessions[next++ % sessions.length];
          client.setRequests([
            { method: 'GET', path: API_LIST, headers: { ...BROWSER, cookie } },
            { method: 'GET', path: '/dashboard', headers: { ...BROWSER, cookie } },
          ]);
        },
      };
    };
    // Back to back: every session sends its next request as soon as the last is answered (the worst case:
    // latency is then the queue in front of a saturated server).
    // First a few seconds of the same mix, not counted: the first request of each session and account warms
    // code paths and caches that the single-account measurements above did not touch (a cold start of 200
    // sessions at once, which a running console sees once).
    await measure(`${kind} ${args.sessions} sessions back to back (warm-up, not counted)`, { ...mixOptions(), duration: args.warmup });
    await settle(base);
    const mix = await measure(`${kind} ${args.sessions} sessions back to back`, mixOptions());
    await settle(base);
    // Paced: people click; each session sends --session-rate requests per second, the sessions' requests
    // spread evenly in time (autocannon's overallRate sends each second's quota as one burst at the start of
    // the second — and caps the connections at the rate — so what it measured was that burst's queue).
    const paced = await pacedSessions(`${kind} ${args.sessions} sessions paced`, base, sessions);
    return { kind, health, apiRead, login, dashboard, mix, paced };
  } finally {
    await server.stop();
    pg?.stop();
  }
}

if (!args.noBuild) {
  log('building…');
  execFileSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], { cwd: root, stdio: 'ignore' });
}
if (!existsSync(join(root, 'dist/server/entry.mjs'))) throw new Error('dist/ has no build: run npm run build (or drop --no-build)');

const bare = await startBareNode();
let bareResult;
try {
  bareResult = await measure('bare Node http', { url: bare.base, duration: args.duration, connections: args.connections });
} finally {
  await bare.stop();
}
const kinds = args.db === 'both' ? ['pglite', 'postgres'] : [args.db];
const results = [];
for (const kind of kinds) results.push(await benchConsole(kind));

const all = [bareResult, ...results.flatMap((r) => [r.health, r.apiRead, r.login, r.dashboard, r.mix, r.paced])];
const failed = all.filter((m) => m.failed > 0);
if (failed.length) {
  for (const m of failed) console.error(`[bench:load] ${m.name}: ${m.failed} failed requests ${JSON.stringify(m.statuses)}, ${m.errors} connection errors`);
  console.error('[bench:load] figures not reported: every request must answer 200');
  process.exit(1);
}

const rps = (m) => `${Math.round(m.rps).toLocaleString('en-US')} req/s`;
const ms = (v) => (v >= 100 ? `${Math.round(v)} ms` : `${v.toFixed(1)} ms`);
const pct = (v) => `${Math.round(v * 100)}%`;
const mark = (ok) => (ok ? '' : ' **target missed**');
const title = (r) => (r.kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL');

const throughput = table(
  ['measurement (' + args.connections + ' connections, ' + args.duration + ' s)', ...results.map(title)],
  [
    ['bare Node `http` server (the floor of this machine)', ...results.map(() => rps(bareResult))],
    ['`GET /api/health` (unauthenticated, one `SELECT 1`)', ...results.map((r) => rps(r.health))],
    [`\`GET ${API_READ}\` (Bearer token)`, ...results.map((r) => rps(r.apiRead))],
    ['— as a share of /api/health (target ≥ 50%)', ...results.map((r) => pct(r.apiRead.rps / r.health.rps) + mark(r.apiRead.rps / r.health.rps >= TARGETS.apiVsHealth))],
    ['`GET /login` (page, compressed)', ...results.map((r) => rps(r.login))],
    ['`GET /dashboard` (page, signed in, compressed)', ...results.map((r) => rps(r.dashboard))],
    ['— as a share of /login (target ≥ 25%)', ...results.map((r) => pct(r.dashboard.rps / r.login.rps) + mark(r.dashboard.rps / r.login.rps >= TARGETS.dashboardVsLogin))],
  ],
);
const mixRows = (pick) => [
  ['requests (all 200)', ...results.map((r) => pick(r).requests.toLocaleString('en-US'))],
  ['throughput', ...results.map((r) => rps(pick(r)))],
  ['p50', ...results.map((r) => ms(pick(r).p50))],
  ['p99 (target: PGlite < 1 s, PostgreSQL < 300 ms)', ...results.map((r) => ms(pick(r).p99) + mark(pick(r).p99 < TARGETS.mixP99Ms[r.kind]))],
  ['slowest', ...results.map((r) => ms(pick(r).max))],
  ['requests over 10 s (target 0)', ...results.map((r) => String(pick(r).slow) + mark(pick(r).slow === 0))],
];
const mixTable = table([`${args.sessions} signed-in sessions, ${args.mixDuration} s, board list + dashboard in turn, **back to back**`, ...results.map(title)], mixRows((r) => r.mix));
const pacedTable = table(
  [`${args.sessions} signed-in sessions, ${args.mixDuration} s, **paced**: ${args.sessionRate} requests/s per session (${Math.round(args.sessions * args.sessionRate)} requests/s offered)`, ...results.map(title)],
  mixRows((r) => r.paced),
);
const body = `${machineLine(host, args.note)} Options: \`--duration ${args.duration} --mix-duration ${args.mixDuration} --sessions ${args.sessions} --session-rate ${args.sessionRate} --connections ${args.connections} --warmup ${args.warmup}\`. The back-to-back mix is measured after ${args.warmup} s of the same mix that is not counted. The console admits REQUEST_CONCURRENCY requests at once (default 8). The load generator (autocannon) runs on the same machine as the server, one console process per database, demo data with a 200-player simulated studio, scheduler off. ${all.reduce((n, m) => n + m.requests, 0).toLocaleString('en-US')} requests in all, every one answered 200.

${throughput}

${mixTable}

${pacedTable}`;
console.log(`\n${body}\n`);
if (args.writeDoc) log(`wrote ${writeDocBlock(root, 'load', body)}`);
