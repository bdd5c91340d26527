#!/usr/bin/env node
// `npm run bench:analytics`: ingestion throughput and report times at scale, on PGlite and on PostgreSQL.
// For each database: starts the built server on a fresh database (scheduler off, so ingestion and rollups
// are timed apart), sends a simulated studio of ~10 million events through POST /api/sdk/v1/analytics/events with 4
// requests in flight, rolls everything up, then times each report (median of 9 after a warm-up) over the
// 30 days ending --until for one app and for all the simulated apps (named; the demo accounts' own apps,
// which hold no events here, are left out). PostgreSQL: BENCH_PG_URL, or a throw-away cluster
// started under /tmp on a free port (like .ci/run). Not part of `npm test`.
// The simulated days end with --until (a UTC+7 day, default yesterday), so the same options always send
// the same events. It reports nothing unless every batch answered 200, every event sent was accepted (none
// duplicate, rejected or clamped), the rollups left nothing pending and every report answered with data.
//   npm run bench:analytics -- [--db both|pglite|postgres] [--users 50000] [--days 120] [--apps 6]
//     [--until YYYY-MM-DD] [--seed 42] [--concurrency 4] [--runs 9] [--write-doc] [--note "…"] [--only cohort] [--plan]
// --plan puts every simulated app under a tracking plan before sending (declarePlan below), so ingestion
// judges every event against it (issue 39).
// --only times only the reports whose name contains one of the comma-separated texts (e.g. "cohort,stuck").
// --write-doc rewrites the bench:analytics block of docs/performance.md; without it the tables are only printed.
import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nowMs } from '../src/lib/time/clock.ts';
import { machine, machineLine, table, writeDocBlock } from './lib/bench-doc.mjs';
import { call, ensureStudioApps, parseArgs, rollupAll, sendStudio, signedIn } from './lib/studio-client.mjs';
import { PLAY_REPORTS } from './lib/bench-play-reports.mjs';
import { MONEY_REPORTS } from './bench-analytics-money.mjs';
import { COHORT_REPORTS } from './lib/bench-cohort-reports.mjs';
import { AB_REPORTS, sendBenchExperiment } from './lib/bench-ab.mjs';
import { declarePlan } from './lib/tracking-plan.mjs';
import { median, startPostgres, startServer } from './lib/bench-servers.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = parseArgs(process.argv.slice(2), { db: 'both', users: 50000, days: 120, apps: 6, seed: 42, concurrency: 4, runs: 9, until: '', writeDoc: false, note: '', only: '', plan: false });
const host = machine();
/** Targets (issue "Game telemetry"): ingestion on PostgreSQL, and every report under a limit per database. */
const INGEST_TARGET = { postgres: 20_000 };
const REPORT_LIMIT_MS = { postgres: 300, pglite: 1000 };

// The simulation's end: the last instant of --until in UTC+7 (the reporting zone), at most yesterday so
// that no simulated event lies ahead of the server's clock and the event count never depends on the hour.
const DAY_MS = 86_400_000;
const ZONE_MS = 7 * 3_600_000;
const dayOf = (ms) => new Date(ms + ZONE_MS).toISOString().slice(0, 10);
const yesterday = dayOf(nowMs() - DAY_MS);
const until = args.until || yesterday;
if (!/^\d{4}-\d{2}-\d{2}$/.test(until) || dayOf(Date.parse(`${until}T00:00:00Z`)) !== until) throw new Error(`--until ${until}: expected a day YYYY-MM-DD`);
if (until > yesterday) throw new Error(`--until ${until} is not over yet in UTC+7: the latest complete day is ${yesterday}`);
const untilMs = Date.parse(`${until}T00:00:00Z`) - ZONE_MS + DAY_MS - 1;
const reportTo = until;
const reportFrom = dayOf(Date.parse(`${until}T00:00:00Z`) - ZONE_MS - 29 * DAY_MS);
const PASSWORD = 'bench-password-2026';
const log = (...a) => console.log(`[bench] ${new Date().toISOString().slice(11, 19)}`, ...a);

if (!existsSync(join(root, 'dist/server/entry.mjs'))) {
  log('building…');
  execFileSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], { cwd: root, stdio: 'inherit' });
}


/** Times a report; every answer must be 200, over the expected apps, nothing pending, with data in it. */
async function timeReport(base, token, path, query, hasData, appCount) {
  const url = `${base}${path}?${new URLSearchParams(query)}`;
  const once = async () => {
    const started = performance.now();
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const body = await response.json();
    const elapsed = performance.now() - started;
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${body.message}`);
    if (body.data.pending) throw new Error(`${path}: ${body.data.pending} app-days still pending`);
    if (body.data.apps?.length !== appCount) throw new Error(`${path} covered ${body.data.apps?.length} apps, expected ${appCount}`);
    if (!hasData(body.data)) throw new Error(`${path} answered without data for ${body.data.from}…${body.data.to}`);
    return elapsed;
  };
  await once();
  const times = [];
  for (let i = 0; i < args.runs; i++) times.push(await once());
  return median(times);
}

const REPORTS = [
  ['Main Data', '/api/analytic/mainData', {}, (d) => d.rows.some((r) => r.dau > 0)],
  ['Retention', '/api/cohort/retention', {}, (d) => d.cohorts.some((c) => c.installs > 0)],
  ['Level', '/api/analytic/level', {}, (d) => d.levels.length > 0],
  ['Level retention (50 levels)', '/api/analytic/levelRetention', { maxLevel: '50' }, (d) => d.cohorts.some((c) => c.reached.some((n) => n > 0))],
  ...PLAY_REPORTS,
  ...MONEY_REPORTS,
  ...COHORT_REPORTS,
  ...AB_REPORTS,
].filter(([name]) => !args.only || String(args.only).toLowerCase().split(',').some((part) => name.toLowerCase().includes(part.trim())));

async function benchOne(kind) {
  const pg = kind === 'postgres' ? (process.env.BENCH_PG_URL ? { url: process.env.BENCH_PG_URL, stop() {} } : await startPostgres()) : null;
  const server = await startServer({ DEMO_PASSWORD: PASSWORD, ...(pg ? { DATABASE_URL: pg.url } : {}) });
  try {
    // A 10-million-event run signs in again before each phase and while rolling up.
    const fresh = await signedIn(server.base, 'root', PASSWORD);
    let token = await fresh();
    const apps = await ensureStudioApps(server.base, token, args.apps);
    if (args.plan) log(`${kind}: tracking plan on: ${await declarePlan(server.base, token, apps)} tracking config items`);
    log(`${kind}: sending ${args.users} players × ${args.days} days until ${until} (UTC+7), seed ${args.seed}, ${args.concurrency} requests in flight`);
    const sent = await sendStudio(server.base, apps, {
      users: args.users,
      days: args.days,
      seed: args.seed,
      now: untilMs,
      concurrency: args.concurrency,
      onProgress: (t) => t.batches % 400 < 4 && log(`${kind}: ${t.events.toLocaleString('en-US')} events, ${Math.round(t.events / t.seconds).toLocaleString('en-US')} events/s`),
    });
    const n = (v) => v.toLocaleString('en-US');
    log(`${kind}: ${n(sent.events)} events sent in ${n(sent.batches)} batches, ${n(sent.accepted)} accepted, ${n(sent.duplicates)} duplicates, ${n(sent.rejected)} rejected, ${n(sent.clamped)} clamped, ${n(sent.failures)} answers other than 200; ${sent.seconds.toFixed(1)} s = ${n(Math.round(sent.accepted / sent.seconds))} events/s`);
    if (sent.events === 0) throw new Error('the simulation sent no events');
    if (sent.accepted !== sent.events || sent.duplicates || sent.rejected || sent.clamped || sent.failures) {
      throw new Error(`${kind}: not every event sent was accepted at the first answer (${n(sent.events)} sent, ${n(sent.accepted)} accepted): no figures reported`);
    }
    const abEvents = await sendBenchExperiment(server.base, await fresh(), apps[0], { players: Math.min(5000, args.users), now: untilMs });
    log(`${kind}: A/B experiment: ${n(abEvents)} events of ${n(Math.min(5000, args.users))} exposed players on ${apps[0].appId}`);
    const rolled = await rollupAll(server.base, fresh, (p) => log(`${kind}: rollup ${p.appDays} app-days, ${p.pending} pending, ${p.seconds.toFixed(0)} s`));
    log(`${kind}: rolled up ${rolled.appDays} app-days in ${rolled.seconds.toFixed(1)} s`);
    if (rolled.appDays === 0) throw new Error(`${kind}: the rollup found nothing to do`);
    const reports = [];
    token = await fresh();
    for (const [name, path, extra, hasData] of REPORTS) {
      const one = await timeReport(server.base, token, path, { ...extra, apps: apps[0].appId, from: reportFrom, to: reportTo }, hasData, 1);
      const all = await timeReport(server.base, token, path, { ...extra, apps: apps.map((a) => a.appId).join(','), from: reportFrom, to: reportTo }, hasData, apps.length);
      reports.push({ name, oneApp: one, allApps: all });
      log(`${kind}: ${name}: one app ${one.toFixed(1)} ms, all apps ${all.toFixed(1)} ms`);
    }
    const stats = await call(server.base, token, 'GET', '/api/health');
    if (stats.database !== kind) throw new Error(`the server ran on ${stats.database}, not ${kind}`);
    return { kind, database: stats.database, events: sent.accepted, batches: sent.batches, ingestSeconds: sent.seconds, eventsPerSecond: sent.accepted / sent.seconds, rollupSeconds: rolled.seconds, appDays: rolled.appDays, reports };
  } finally {
    await server.stop();
    pg?.stop();
  }
}

const kinds = args.db === 'both' ? ['postgres', 'pglite'] : [args.db];
if (kinds.some((k) => !['postgres', 'pglite'].includes(k))) throw new Error(`--db ${args.db}: expected both, pglite or postgres`);
const results = [];
try {
  for (const kind of kinds) {
    const result = await benchOne(kind);
    results.push(result);
    writeFileSync(`/tmp/bench-analytics-${kind}.json`, JSON.stringify(result, null, 2));
  }
} catch (error) {
  console.error(`[bench] ${error.message}`);
  process.exit(1);
}
if (new Set(results.map((r) => r.events)).size > 1) throw new Error(`the databases received different event counts: ${results.map((r) => r.events).join(', ')}`);

const NAMES = { postgres: 'PostgreSQL', pglite: 'PGlite' };
const n = (v) => Math.round(v).toLocaleString('en-US');
const setting = `--users ${args.users} --days ${args.days} --apps ${args.apps} --until ${until} --seed ${args.seed} --concurrency ${args.concurrency} --runs ${args.runs}${args.plan ? ' --plan' : ''}`;
const block = [
  `${machineLine(host, args.note || undefined)} Options: \`${setting}\` (${args.days} simulated days ending ${until}, UTC+7). Every batch answered 200 and every event sent was accepted; reports cover ${reportFrom} … ${reportTo}.`,
  '',
  table(
    ['database', 'events sent = accepted', 'ingestion (HTTP, ' + args.concurrency + ' in flight)', 'rollup of everything'],
    results.map((r) => {
      const target = INGEST_TARGET[r.kind];
      const flag = target ? (r.eventsPerSecond >= target ? ` (target ≥ ${n(target)}: met)` : ` **below target** (≥ ${n(target)})`) : '';
      return [NAMES[r.kind], n(r.events), `${n(r.eventsPerSecond)} events/s (${r.ingestSeconds.toFixed(0)} s)${flag}`, `${r.rollupSeconds.toFixed(0)} s (${r.appDays} app-days)`];
    }),
  ),
  '',
  table(
    [`report, ${reportFrom} … ${reportTo} (median of ${args.runs})`, ...results.flatMap((r) => [`${NAMES[r.kind]}: one app`, `${NAMES[r.kind]}: all ${args.apps} apps`])],
    REPORTS.map(([name], i) => [name, ...results.flatMap((r) => [r.reports[i].oneApp, r.reports[i].allApps].map((t) => `${t.toFixed(0)} ms${t >= REPORT_LIMIT_MS[r.kind] ? ' **over budget**' : ''}`))]),
  ),
  '',
  `Limits: ingestion at least ${n(INGEST_TARGET.postgres)} events/s on PostgreSQL; every report under ${REPORT_LIMIT_MS.postgres} ms on PostgreSQL and under ${REPORT_LIMIT_MS.pglite} ms on PGlite. A figure past its limit is marked in the tables.`,
].join('\n');
console.log(`\n${block}\n`);
if (args.writeDoc) console.log(`[bench] wrote ${writeDocBlock(root, 'analytics', block)}`);
else console.log('[bench] docs/performance.md left as it is (--write-doc rewrites its bench:analytics block)');
