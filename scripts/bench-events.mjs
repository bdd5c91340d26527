#!/usr/bin/env node
// `npm run bench:events -- --store chdb,postgres --events N`: the event store at a size (issue 43). For each store
// named, in turn: starts the built server on a fresh data directory with that store (chdb: EVENT_STORE=chdb, raw
// events in embedded ClickHouse, no rollups; pglite / postgres: today's path, rolled up after ingestion), sends
// about N simulated events of one app through the SDK endpoint (POST /api/sdk/v1/analytics/events, --concurrency
// requests in flight) plus one A/B experiment's players, and measures the ingestion rate, the bytes on disk per
// event and the time of every report that reads events (scripts/lib/bench-event-reports.mjs: the report screens
// of the registry over the last 30 days, one player's history logs, Check SDK, the dashboard page), median of
// --runs after a warm-up. The stores get the same events when they get the same N. A time over its budget (a
// report 1 s, a player's history 200 ms) is marked. It reports nothing unless every batch answered 200, every
// event sent was accepted and every report answered with data.
//   npm run bench:events -- [--store chdb|pglite|postgres[,…]] [--events 100000] [--postgres-events N]
//     [--days 30] [--concurrency 4] [--runs 5] [--seed 43] [--only text,…] [--keep] [--write-doc] [--note "…"]
// --keep leaves the chdb / pglite data directory in place (its path is kept in the result) to study a query on it.
// --retime /tmp/bench-events-chdb.json: times the reads again on that run's kept chdb directory (the same stored
// events, no ingestion; after a query change), into /tmp/bench-events-chdb-retimed.json.
// A result of bench-events-scale.mjs (a kept run's events copied inside the store) is re-timed the same way.
// --render a.json,b.json: the block of earlier results, one column each (with --write-doc: into the doc).
// --postgres-events: the size for postgres and pglite when it differs from --events (the issue: chdb at 100 M beside
// postgres at 10 M). postgres: BENCH_PG_URL, or a throw-away cluster under /tmp. Each store's result is also
// written to /tmp/bench-events-<store>.json as soon as it is measured. --write-doc rewrites docs/performance.md's
// bench:events block with this run's tables (one column per store).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { simulateStudio } from '../src/lib/analytics/simulator.ts';
import { nowMs } from '../src/lib/time/clock.ts';
import { sendBenchExperiment } from './lib/bench-ab.mjs';
import { machine, machineLine, table, writeDocBlock } from './lib/bench-doc.mjs';
import { EVENT_REPORTS, HISTORY_KINDS, OTHER_READS } from './lib/bench-event-reports.mjs';
import { ensureBuilt, median, root, startPostgres, startServer } from './lib/bench-servers.mjs';
import { call, ensureStudioApps, parseArgs, rollupAll, sendStudio, signedIn } from './lib/studio-client.mjs';

const args = parseArgs(process.argv.slice(2), { store: 'chdb', events: 100_000, postgresEvents: 0, days: 30, concurrency: 4, runs: 5, seed: 43, only: '', keep: false, retime: '', render: '', out: '', writeDoc: false, note: '' });
const stores = String(args.store).split(',').map((s) => s.trim());
for (const s of stores) if (!['chdb', 'pglite', 'postgres'].includes(s)) throw new Error(`--store ${s}: expected chdb, pglite or postgres`);
const eventsFor = (store) => (store !== 'chdb' && args.postgresEvents ? args.postgresEvents : args.events);
const host = machine();
const log = (...a) => console.log(`[bench:events] ${new Date().toISOString().slice(11, 19)}`, ...a);
const PASSWORD = 'bench-password-2026';
const DAY_MS = 86_400_000;
const REPORT_BUDGET_MS = 1000;
const HISTORY_BUDGET_MS = 200;
const dayOf = (ms) => new Date(ms + 7 * 3_600_000).toISOString().slice(0, 10);
// The simulation ends with yesterday (UTC+7): no event ahead of the clock, every report day complete.
// A re-timing reads the days of the run it re-times.
const earlier = args.retime ? JSON.parse(readFileSync(args.retime, 'utf8')) : null;
const until = earlier?.until ?? dayOf(nowMs() - DAY_MS);
const untilMs = Date.parse(`${until}T00:00:00Z`) - 7 * 3_600_000 + DAY_MS - 1;
const from = dayOf(untilMs - 29 * DAY_MS);
const only = (name) => !args.only || String(args.only).toLowerCase().split(',').some((part) => name.toLowerCase().includes(part.trim()));

/** Players for about `events` events: the simulator's events per player, counted on a sample of 300 over the same days. */
function playersFor(events) {
  const sample = 300;
  let n = 0;
  const apps = [{ appId: 'sample', launchDay: 0, platforms: [{ os: 1, key: 'k', share: 6 }, { os: 2, key: 'k2', share: 3 }] }];
  for (const batch of simulateStudio({ apps, users: sample, days: args.days, seed: args.seed, now: untilMs })) n += batch.events.length;
  return Math.max(1, Math.round((events * sample) / n));
}

/** The median of --runs after a warm-up. */
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

/** The PostgreSQL database's size (tables, indexes, TOAST; not the WAL). */
async function databaseBytes(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return Number((await client.query('SELECT pg_database_size(current_database()) AS n')).rows[0].n);
  } finally {
    await client.end();
  }
}

async function benchStore(store) {
  if (earlier && store !== 'chdb') throw new Error('--retime re-times a chdb run only');
  const pgServer = store === 'postgres' ? (process.env.BENCH_PG_URL ? { url: process.env.BENCH_PG_URL, stop() {} } : await startPostgres()) : null;
  const server = await startServer({ DEMO_PASSWORD: PASSWORD, ...(store === 'chdb' ? { EVENT_STORE: 'chdb' } : {}), ...(pgServer ? { DATABASE_URL: pgServer.url } : {}) }, { dataDir: earlier?.dataDir });
  const keep = Boolean(earlier) || (args.keep && store !== 'postgres');
  try {
    // A long run signs in again before each phase and between reports.
    const fresh = await signedIn(server.base, 'root', PASSWORD);
    const [app] = await ensureStudioApps(server.base, await fresh(), 1);
    const users = earlier?.users ?? playersFor(eventsFor(store));
    const ingested = earlier
      ? { bytesText: earlier.bytesText, sent: { events: earlier.events, seconds: earlier.seconds, failures: earlier.resent }, abEvents: earlier.abEvents, written: earlier.written, before: earlier.before ?? 0, rollupSeconds: earlier.rollupSeconds }
      : await ingest(store, server, pgServer, app, users, fresh);
    const { sent, abEvents, written, before, rollupSeconds, bytesText } = ingested;
    const size = () => (store === 'chdb' ? duBytes(`${server.dataDir}/chdb`) : null);
    const firstPlayer = simulateStudio({ apps: [app], users, days: args.days, seed: args.seed, now: untilMs }).next().value.events[0].userId;
    const get = async (path, hasData) => {
      const response = await fetch(`${server.base}${path}`, { headers: { authorization: `Bearer ${await fresh()}` }, redirect: 'manual' });
      if (response.status !== 200) throw new Error(`${store}: ${path} answered ${response.status}`);
      const body = response.headers.get('content-type')?.includes('json') ? (await response.json()).data : await response.text();
      if (body?.pending) throw new Error(`${store}: ${path}: ${body.pending} app-days still pending`);
      if (!hasData(body)) throw new Error(`${store}: ${path} answered without data`);
      return body;
    };
    const q = (extra) => new URLSearchParams({ ...extra, apps: app.appId, from, to: until });
    const reads = [
      ...EVENT_REPORTS.map(([name, path, extra, hasData]) => ({ name: `${name} (30 days)`, budget: REPORT_BUDGET_MS, run: () => get(`${path}?${q(extra)}`, hasData) })),
      // A player's log of each kind; only the level log must hold rows (the first player may never have bought or watched an ad).
      ...HISTORY_KINDS.map((kind) => ({
        name: `History: ${kind} (one player, 30 days)`, budget: HISTORY_BUDGET_MS,
        run: () => get(`/api/history/${kind}?${new URLSearchParams({ appId: app.appId, userId: firstPlayer, from, to: until, limit: '50' })}`, (d) => kind !== 'level' || d.rows.length > 0),
      })),
      ...OTHER_READS.map(([name, path, hasData]) => ({ name, budget: REPORT_BUDGET_MS, run: () => get(path(app.appId), hasData) })),
      { name: 'Dashboard (the page)', budget: REPORT_BUDGET_MS, run: () => get('/dashboard', (html) => html.includes(app.appId) || html.includes('Bubble Pop Saga')) },
    ].filter((r) => only(r.name));
    const times = [];
    for (const read of reads) {
      const ms = await timed(read.run);
      times.push({ name: read.name, budget: read.budget, ms });
      log(`${store}: ${read.name}: ${ms.toFixed(1)} ms${ms > read.budget ? ' OVER BUDGET' : ''}`);
    }
    const settled = store === 'chdb' ? size() - before : null;
    const health = await call(server.base, await fresh(), 'GET', '/api/health');
    const line = earlier
      ? `${machineLine(host, args.note || undefined)} \`npm run bench:events -- --retime ${args.retime} --runs ${args.runs}\`: the reads timed again on the events stored by the run of the line before (no ingestion).`
      : `${machineLine(host, args.note || undefined)} \`${command}\`.`;
    const result = {
      store, database: health.database, events: sent.events, resent: sent.failures ?? 0, abEvents, users, seconds: sent.seconds, before, written, settled, rollupSeconds, times, load: loadNow(),
      ...(bytesText ? { bytesText } : {}), until, from, runs: args.runs, concurrency: earlier?.concurrency ?? args.concurrency, line, ...(earlier ? { retimed: true, ingestedBy: earlier.ingestedBy ?? earlier.line } : {}), ...(earlier?.copies ? { copies: earlier.copies } : {}), ...(keep ? { dataDir: server.dataDir } : {}),
    };
    writeFileSync(earlier ? args.retime.replace(/\.json$/, '-retimed.json') : `/tmp/bench-events-${store}${args.out}.json`, JSON.stringify(result, null, 2));
    return result;
  } finally {
    await server.stop({ keepData: keep });
    if (keep) log(`${store}: data directory kept: ${server.dataDir}`);
    pgServer?.stop();
  }
}

/** Sends the studio and the A/B experiment's players, rolls up on the database path; answers what was stored. */
async function ingest(store, server, pgServer, app, users, fresh) {
  log(`${store}: sending ${users.toLocaleString('en-US')} players × ${args.days} days (about ${eventsFor(store).toLocaleString('en-US')} events) until ${until}, ${args.concurrency} requests in flight`);
  const size = () => (store === 'chdb' ? duBytes(`${server.dataDir}/chdb`) : store === 'postgres' ? databaseBytes(pgServer.url) : duBytes(server.dataDir));
  const before = await size();
  const sent = await sendStudio(server.base, [app], {
    users, days: args.days, seed: args.seed, now: untilMs, concurrency: args.concurrency,
    onProgress: (t) => log(`${store}: ${t.events.toLocaleString('en-US')} events, ${Math.round(t.events / t.seconds).toLocaleString('en-US')} events/s`),
  });
  if (sent.events === 0) throw new Error('the simulation sent no events');
  // A batch answered other than 200 (a timeout under load) is resent, as an SDK would; it must then be accepted
  // whole, not counted as duplicates, so that every event was stored once. The resends are reported.
  if (sent.accepted !== sent.events || sent.duplicates || sent.rejected) throw new Error(`${store}: not every event was accepted: ${JSON.stringify(sent)}`);
  log(`${store}: ${sent.events.toLocaleString('en-US')} events in ${sent.seconds.toFixed(1)} s = ${Math.round(sent.events / sent.seconds).toLocaleString('en-US')} events/s`);
  // The A/B reports need an experiment: its exposed players come on top of the studio's events (not timed).
  const abPlayers = Math.min(5000, users);
  const abEvents = await sendBenchExperiment(server.base, await fresh(), app, { players: abPlayers, now: untilMs });
  log(`${store}: A/B experiment: ${abEvents.toLocaleString('en-US')} events of ${abPlayers} exposed players`);
  let rollupSeconds = null;
  if (store !== 'chdb') rollupSeconds = (await rollupAll(server.base, fresh, (p) => log(`${store}: rollup ${p.appDays} app-days, ${p.pending} pending, ${p.seconds.toFixed(0)} s`))).seconds;
  // chdb: the store's directory as the parts were written (merges still to come); postgres: the database's
  // growth (events, their keys, the rollups and every index); pglite: the whole data directory's growth.
  const written = (await size()) - before;
  return { sent, abEvents, written, before, rollupSeconds };
}

const loadNow = () => Number(execFileSync('cat', ['/proc/loadavg']).toString().split(' ')[0]);

const command = `npm run bench:events -- --store ${stores.join(',')} --events ${args.events}${args.postgresEvents ? ` --postgres-events ${args.postgresEvents}` : ''} --days ${args.days} --concurrency ${args.concurrency} --runs ${args.runs} --seed ${args.seed}${args.only ? ` --only ${args.only}` : ''}`;

const n = (v) => Math.round(v).toLocaleString('en-US');
/** Events in the store: those sent, times the copies made inside it (bench-events-scale.mjs). */
const stored = (r) => (r.events + r.abEvents) * (r.copies ?? 1);
const bytesCell = (r) =>
  r.bytesText ??
  (r.store === 'chdb'
    ? `${(r.written / stored(r)).toFixed(0)} as written, ${(r.settled / stored(r)).toFixed(0)} after the reports (merges under way)`
    : `${(r.written / stored(r)).toFixed(0)} (${r.store === 'postgres' ? 'database growth: events, keys, rollups, indexes' : 'data directory growth, WAL included'})`);
const label = (r) => `${r.store}${r.retimed ? ' re-timed' : ''} (console database: ${r.database})`;

/** The doc's block for results measured by this script: each run's line, the ingestion table, the reads (one column a result). */
function render(results) {
  const lines = [...new Set(results.flatMap((r) => [r.ingestedBy, r.line]).filter(Boolean))];
  const r0 = results[0];
  return [
    ...lines.map((l) => `- ${l}`),
    '',
    `One app, simulated players over the 30 days ending ${r0.until} plus one A/B experiment's exposed players; reads over ${r0.from} … ${r0.until}, each the median of the run's --runs after a warm-up (load average at each one's end: ${results.map((r) => `${label(r)} ${r.load.toFixed(1)}`).join(', ')}).`,
    '',
    table(
      ['store', 'players', 'events sent = accepted (+ A/B)', `ingestion (SDK endpoint, ${r0.concurrency ?? 4} in flight)`, 'bytes on disk per event'],
      results.filter((r) => !r.retimed || !results.some((o) => !o.retimed && o.store === r.store)).map((r) => [label(r), n(r.users * (r.copies ?? 1)), `${n(r.events)} (+ ${n(r.abEvents)})${r.copies ? `, then copied to ${n(stored(r))} in the store` : ''}${r.resent ? `; ${r.resent} batches answered other than 200 and were resent` : ''}`, `${n(r.events / r.seconds)} events/s (${r.seconds.toFixed(0)} s)${r.rollupSeconds == null ? ', no rollup' : `, then rollup ${r.rollupSeconds.toFixed(0)} s`}`, bytesCell(r)]),
    ),
    '',
    table(
      ["read (budget: a report 1 s, a player's history 200 ms)", ...results.map((r) => `${r.store}${r.retimed ? ' re-timed' : ''} at ${n(stored(r))} events`)],
      r0.times.map((t) => [t.name, ...results.map((r) => {
        const m = r.times.find((x) => x.name === t.name);
        return m ? `${m.ms.toFixed(0)} ms${m.ms > m.budget ? ' **over budget**' : ''}` : 'not timed';
      })]),
    ),
  ].join('\n');
}

ensureBuilt();
const results = [];
if (args.render) for (const file of String(args.render).split(',')) results.push(JSON.parse(readFileSync(file.trim(), 'utf8')));
else if (earlier) results.push(await benchStore('chdb'));
else for (const store of stores) results.push(await benchStore(store));
const block = render(results);
console.log(`\n${block}\n`);
if (args.writeDoc) log(`wrote ${writeDocBlock(root, 'events', block)}`);
