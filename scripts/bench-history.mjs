#!/usr/bin/env node
// `npm run bench:history`: how fast a history log finds one player among millions of events (issue "Players":
// ≤ 200 ms for a player in an app with 10 million events). For each database: starts the built server on a
// fresh database (migrations create the (app, user, time) index), creates one app through the API, writes
// --events raw events for --users players spread over --days day partitions straight into the events table
// (SQL, not the SDK endpoint: ingestion has its own bench, bench:analytics), then times GET /api/history/level
// for one player over the last 30 days, first page and the page after it (median of --runs after a warm-up).
// It reports nothing unless every answer is 200 with exactly the rows the generator wrote for that player.
//   npm run bench:history -- [--db both|postgres|pglite] [--events 10000000] [--pglite-events 2000000]
//     [--users 50000] [--days 60] [--runs 15] [--write-doc] [--note "…"]
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { machine, machineLine, table, writeDocBlock } from './lib/bench-doc.mjs';
import { ensureBuilt, median, startPostgres, startServer, root } from './lib/bench-servers.mjs';
import { parseArgs, signIn } from './lib/studio-client.mjs';

const args = parseArgs(process.argv.slice(2), { db: 'both', events: 10_000_000, pgliteEvents: 2_000_000, users: 50_000, days: 60, runs: 15, writeDoc: false, note: '' });
const LIMIT_MS = 200;
const PASSWORD = 'bench-password-2026';
const APP = 'com.gsm.benchhistory';
const DAY_MS = 86_400_000;
const ZONE_MS = 7 * 3_600_000;
const log = (...a) => console.log(`[bench] ${new Date().toISOString().slice(11, 19)}`, ...a);
const dayOf = (ms) => new Date(ms + ZONE_MS).toISOString().slice(0, 10);
const host = machine();

// Event g (1…n) happens at start + g·step: players take turns (user g mod users), so the player measured has
// n / users events spread evenly over the days, as an active player's would be.
const end = Date.now() - 60_000;
const start = end - args.days * DAY_MS;
const player = 'u42';
const days = Array.from({ length: args.days + 2 }, (_, i) => dayOf(start + (i - 1) * DAY_MS));

/** The SQL that writes events lo…hi (a chunk) of n. */
const insertChunk = (n, users, lo, hi) => `
  INSERT INTO events (day, app_id, os, user_id, name, event_time, received_at, event_id, app_version, sdk_version, country, flags, params)
  SELECT ((to_timestamp(t / 1000.0) AT TIME ZONE 'UTC') + interval '7 hours')::date, '${APP}', 1, 'u' || (g % ${users}),
         (ARRAY['level_start','level_complete','level_fail','session_start','ad_impression'])[1 + g % 5],
         to_timestamp(t / 1000.0), to_timestamp(t / 1000.0), 'e' || g, '1.0.' || (g % 7), '3.6.0', 'VN', 0,
         jsonb_build_object('level', 1 + g % 300, 'mode', 'main', 'duration', g % 120, 'attempts', 1)
    FROM (SELECT g, ${start}::bigint + g * ${Math.floor((end - start) / n)}::bigint AS t FROM generate_series(${lo}, ${hi}) g) s`;
const partitions = () => days.map((d) => `CREATE TABLE IF NOT EXISTS events_${d.replaceAll('-', '')} PARTITION OF events FOR VALUES FROM ('${d}') TO ('${dayOf(Date.parse(`${d}T00:00:00Z`) - ZONE_MS + DAY_MS)}')`);

/** n events of `users` players; a smaller database keeps the same events per player (the lookup's real size). */
const playersFor = (n) => Math.max(100, Math.round((args.users * n) / args.events));

async function fill(run, n) {
  for (const statement of partitions()) await run(statement);
  const chunk = 1_000_000;
  for (let lo = 1; lo <= n; lo += chunk) {
    await run(insertChunk(n, playersFor(n), lo, Math.min(n, lo + chunk - 1)));
    log(`  ${Math.min(n, lo + chunk - 1).toLocaleString('en-US')} events written`);
  }
  await run('ANALYZE events');
}

/** What the level log must answer for the player: its level events in the range, newest first. */
function expectedIds(n, from) {
  const step = Math.floor((end - start) / n);
  const ids = [];
  for (let g = 42; g <= n; g += playersFor(n)) {
    const t = start + g * step;
    if (g % 5 < 3 && dayOf(t) >= from) ids.push({ id: `e${g}`, t });
  }
  return ids.sort((a, b) => b.t - a.t || (b.id > a.id ? 1 : -1)).map((e) => e.id);
}

async function timeLookups(base, token, n) {
  const to = dayOf(end);
  const from = dayOf(end - 29 * DAY_MS);
  const want = expectedIds(n, from);
  const url = (cursor) => `${base}/api/history/level?${new URLSearchParams({ appId: APP, userId: player, from, to, limit: '50', ...(cursor ? { cursor } : {}) })}`;
  const get = async (cursor) => {
    const started = performance.now();
    const response = await fetch(url(cursor), { headers: { authorization: `Bearer ${token}` } });
    const body = await response.json();
    const ms = performance.now() - started;
    if (response.status !== 200) throw new Error(`history answered ${response.status}: ${body.message}`);
    return { ms, body: body.data };
  };
  const first = await get();
  if (!first.body.nextCursor) throw new Error(`the player has ${want.length} rows in the range: choose fewer --users so a second page exists`);
  const second = await get(first.body.nextCursor);
  const got = [...first.body.rows, ...second.body.rows].map((r) => r.eventId);
  if (got.join() !== want.slice(0, got.length).join() || got.length !== Math.min(100, want.length)) throw new Error(`the log answered other rows than the generator wrote (${got.length} rows, ${want.length} expected in all)`);
  const firstTimes = [];
  const nextTimes = [];
  for (let i = 0; i < args.runs; i++) {
    firstTimes.push((await get()).ms);
    nextTimes.push((await get(first.body.nextCursor)).ms);
  }
  const result = { first: median(firstTimes), next: median(nextTimes), rows: want.length, players: playersFor(n) };
  log(`  first page ${result.first.toFixed(1)} ms, next page ${result.next.toFixed(1)} ms (${want.length} rows of the player in range)`);
  return result;
}

async function benchPostgres() {
  const cluster = await startPostgres();
  try {
    const server = await startServer({ DATABASE_URL: cluster.url, DEMO_PASSWORD: PASSWORD });
    try {
      const token = await signIn(server.base, 'root', PASSWORD);
      await createApp(server.base, token);
      const client = new pg.Client({ connectionString: cluster.url });
      await client.connect();
      log(`PostgreSQL: writing ${args.events.toLocaleString('en-US')} events`);
      await fill((sql) => client.query(sql), args.events);
      await client.end();
      return { db: 'PostgreSQL', events: args.events, ...(await timeLookups(server.base, token, args.events)) };
    } finally {
      await server.stop();
    }
  } finally {
    cluster.stop();
  }
}

async function benchPglite() {
  let server = await startServer({ DEMO_PASSWORD: PASSWORD });
  const dataDir = server.dataDir;
  try {
    await createApp(server.base, await signIn(server.base, 'root', PASSWORD));
    await server.stop({ keepData: true });
    log(`PGlite: writing ${args.pgliteEvents.toLocaleString('en-US')} events`);
    const db = new PGlite(`${dataDir}/pg`);
    await fill((sql) => db.exec(sql), args.pgliteEvents);
    await db.close();
    server = await startServer({ DEMO_PASSWORD: PASSWORD }, { dataDir });
    return { db: 'PGlite', events: args.pgliteEvents, ...(await timeLookups(server.base, await signIn(server.base, 'root', PASSWORD), args.pgliteEvents)) };
  } finally {
    await server.stop();
  }
}

async function createApp(base, token) {
  const response = await fetch(`${base}/api/appdata/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ id: APP, name: 'History Bench', os: [{ os: 1, packageId: APP }] }),
  });
  if (!response.ok) throw new Error(`creating the app answered ${response.status}`);
}

ensureBuilt();
const results = [];
if (args.db !== 'pglite') results.push(await benchPostgres());
if (args.db !== 'postgres') results.push(await benchPglite());

const body = [
  machineLine(host, args.note),
  '',
  `One player's level log over the last 30 days (50 rows a page), in an app whose players' events span ${args.days} day partitions; median of ${args.runs}. Target ≤ ${LIMIT_MS} ms.`,
  '',
  table(
    ['Database', 'Events in the app', 'Players', "Player's rows in range", 'First page (ms)', 'Next page (ms)', 'Target'],
    results.map((r) => [r.db, r.events.toLocaleString('en-US'), r.players.toLocaleString('en-US'), r.rows, r.first.toFixed(1), r.next.toFixed(1), r.first <= LIMIT_MS && r.next <= LIMIT_MS ? 'met' : 'MISSED']),
  ),
].join('\n');
console.log(`\n${body}\n`);
if (args.writeDoc) log(`wrote ${writeDocBlock(root, 'history', body)}`);
