#!/usr/bin/env node
// `npm run bench:live-events`: live events on PostgreSQL (issue 18: rank read p99 ≤ 50 ms for an event of
// 1 million players, score submits ≥ 2,000/s). Starts the built server on a fresh PostgreSQL (BENCH_PG_URL or a
// throw-away cluster), makes a ranking event through the console API, writes --players − --real entries
// straight into it (SQL, random scores and reach times, brackets of --bracket), then --real players start
// SDK sessions and join through the API (they fill the last bracket, then new ones), submit scores for
// --seconds with --concurrency calls in flight (each player under the 20-per-10-s limit), and read their rank
// (--reads calls: rank, 3 neighbours each side, top 10). Every answer must be 200 or the run fails.
// The SDK calls go over node:http with keep-alive connections and `accept-encoding: br, gzip` (as a game's
// HTTP stack asks): the load generator shares the two cores with the server and PostgreSQL, and fetch costs
// several times node:http's CPU per call. Before each timed phase, --warmup calls of that kind are made and
// not counted (a fresh process compiles its code paths under the first calls), and the server is let settle.
//   npm run bench:live-events -- [--players 1000000] [--real 2000] [--bracket 50] [--seconds 10]
//     [--concurrency 32] [--reads 3000] [--warmup 300]
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import pg from 'pg';
import { ensureBuilt, startPostgres, startServer } from './lib/bench-servers.mjs';
import { parseArgs, signIn } from './lib/studio-client.mjs';

const args = parseArgs(process.argv.slice(2), { players: 1_000_000, real: 2000, bracket: 50, seconds: 10, concurrency: 32, reads: 3000, warmup: 300 });
const PASSWORD = 'bench-password-2026';
const APP = 'com.gsm.blockpuzzle';
const log = (...a) => console.log(`[bench] ${new Date().toISOString().slice(11, 19)}`, ...a);
const pct = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))];
const fmt = (ms) => `${ms.toFixed(1)} ms`;

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** One call's `data`; anything but a 200 fails the run. */
function json(base, method, path, { token, key, player, body } = {}) {
  const url = new URL(path, base);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers = {
    'accept-encoding': 'br, gzip',
    ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...(key ? { 'x-sdk-key': key } : {}),
    ...(player ? { 'x-player-token': player } : {}),
  };
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path: url.pathname + url.search, method, agent, headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        try {
          const raw = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const text = (encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
          if (res.statusCode !== 200) throw new Error(`${method} ${path}: ${res.statusCode} ${text.slice(0, 300)}`);
          resolve(JSON.parse(text).data);
        } catch (error) {
          reject(error);
        }
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** Lets the server finish what the last phase left (the API log's flush, at most 1 s later). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 2000));

async function pool(items, concurrency, fn) {
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < items.length) await fn(items[next++]);
  }));
}

ensureBuilt();
const cluster = process.env.BENCH_PG_URL ? null : await startPostgres({ settings: '-c shared_buffers=256MB -c max_wal_size=4GB' });
const url = process.env.BENCH_PG_URL || cluster.url;
const server = await startServer({ DATABASE_URL: url, DEMO_PASSWORD: PASSWORD, DATABASE_POOL_SIZE: '20' });
const db = new pg.Client({ connectionString: url });
await db.connect();
try {
  const token = await signIn(server.base, 'root', PASSWORD);
  const key = (await db.query('SELECT sdk_app_key FROM app_os WHERE app_id = $1 ORDER BY os LIMIT 1', [APP])).rows[0].sdk_app_key;
  const tpl = await json(server.base, 'POST', '/api/live-events/ranking/templates/save', { token, body: { appId: APP, name: 'Bench', scoring: 'best', bracketSize: args.bracket, durationHours: 24, rewardSpec: `1-${args.bracket}: coin 1` } });
  const now = Date.now();
  const start = now - (now % 60_000);
  const at = (ms) => { const d = new Date(ms + 7 * 3_600_000); const p = (n) => String(n).padStart(2, '0'); return `${p(d.getUTCDate())}-${p(d.getUTCMonth() + 1)}-${d.getUTCFullYear()} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}`; };
  const event = await json(server.base, 'POST', '/api/live-events/ranking/events/save', { token, body: { templateId: tpl.id, name: 'Bench event', start: at(start), end: at(start + 86_400_000) } });

  const fake = args.players - args.real;
  const full = Math.floor(fake / args.bracket);
  const rest = fake % args.bracket;
  log(`writing ${fake.toLocaleString('en-US')} entries in ${full + (rest ? 1 : 0)} bracket(s) of ${args.bracket}`);
  const t0 = Date.now();
  const first = (await db.query(`INSERT INTO live_brackets (event_id, tier, members) SELECT $1::int, 0, $2::int FROM generate_series(1, $3::int) RETURNING id`, [event.id, args.bracket, full])).rows.map((r) => r.id).sort((a, b) => a - b);
  let last = null;
  if (rest) last = (await db.query('INSERT INTO live_brackets (event_id, tier, members) VALUES ($1, 0, $2) RETURNING id', [event.id, rest])).rows[0].id;
  const ids = [...first, ...(last ? [last] : [])];
  await db.query('CREATE TEMP TABLE bench_b (n int PRIMARY KEY, id int)');
  await db.query('INSERT INTO bench_b SELECT ord - 1, id FROM unnest($1::int[]) WITH ORDINALITY AS u(id, ord)', [ids]);
  for (let lo = 0; lo < fake; lo += 250_000) {
    const hi = Math.min(fake, lo + 250_000) - 1;
    await db.query(
      `INSERT INTO live_entries (event_id, player_id, bracket_id, tier, score, updated_at, joined_at)
       SELECT $1::int, 'pb' || g, b.id, 0, (random() * 1000000)::bigint, now() - random() * interval '1 hour', now() - interval '1 hour'
         FROM generate_series($2::int, $3::int) g JOIN bench_b b ON b.n = g / $4::int`,
      [event.id, lo, hi, args.bracket],
    );
  }
  await db.query('ANALYZE live_entries');
  log(`written in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  log(`${args.real} players start sessions and join`);
  const players = [];
  await pool(Array.from({ length: args.real }, (_, i) => i), 16, async (i) => {
    const s = await json(server.base, 'POST', '/api/sdk/v1/players/session', { key, body: { deviceId: `bench-device-${i}-${now}` } });
    await json(server.base, 'POST', `/api/sdk/v1/events/${event.id}/join`, { key, player: s.accessToken, body: {} });
    players.push(s.accessToken);
  });

  // Warm-up: submits and rank reads that are not counted (a fresh process compiles its code paths under them).
  let cursor = 0;
  await pool(Array.from({ length: args.warmup }, (_, i) => i), args.concurrency, async (i) => {
    await json(server.base, 'POST', `/api/sdk/v1/events/${event.id}/score`, { key, player: players[i % players.length], body: { clientId: `w${i}`, value: Math.floor(Math.random() * 1_000_000) } });
    await json(server.base, 'GET', `/api/sdk/v1/events/${event.id}/rank?around=3&top=10`, { key, player: players[i % players.length] });
  });
  await settle();

  log(`submits for ${args.seconds} s, ${args.concurrency} in flight`);
  let submits = 0;
  const submitTimes = [];
  const until = Date.now() + args.seconds * 1000;
  cursor = args.warmup;
  await Promise.all(Array.from({ length: args.concurrency }, async () => {
    while (Date.now() < until) {
      const i = cursor++;
      const player = players[i % players.length];
      const started = performance.now();
      await json(server.base, 'POST', `/api/sdk/v1/events/${event.id}/score`, { key, player, body: { clientId: `c${i}`, value: Math.floor(Math.random() * 1_000_000) } });
      submitTimes.push(performance.now() - started);
      submits++;
    }
  }));
  const rate = submits / args.seconds;

  log(`${submits} submits (${Math.round(rate)}/s); ${args.reads} rank reads`);
  await settle();
  // The warm-up and the submit loop take players in turn, so the first `scored` have a score (and a rank).
  const scored = Math.min(players.length, args.warmup + submits);
  const readTimes = [];
  await pool(Array.from({ length: args.reads }, (_, i) => i), 8, async (i) => {
    const started = performance.now();
    const answer = await json(server.base, 'GET', `/api/sdk/v1/events/${event.id}/rank?around=3&top=10`, { key, player: players[i % scored] });
    readTimes.push(performance.now() - started);
    if (answer.rank === null) throw new Error('a player without a rank');
  });
  const plan = (await db.query(
    `EXPLAIN (ANALYZE, FORMAT TEXT) SELECT count(*) FROM live_entries WHERE event_id = $1 AND bracket_id = $2 AND score IS NOT NULL AND (score > 500000 OR (score = 500000 AND updated_at < now()))`,
    [event.id, ids[0]],
  )).rows.map((r) => r['QUERY PLAN']).join('\n');
  console.log(plan.split('\n').slice(0, 3).join('\n'));
  console.log(`\nlive events on PostgreSQL: ${args.players.toLocaleString('en-US')} players, brackets of ${args.bracket}`);
  console.log(`  rank read (HTTP, rank + neighbours + top 10): p50 ${fmt(pct(readTimes, 50))}, p99 ${fmt(pct(readTimes, 99))} (limit 50 ms)`);
  console.log(`  score submits: ${Math.round(rate).toLocaleString('en-US')}/s with ${args.concurrency} in flight (p50 ${fmt(pct(submitTimes, 50))}, p99 ${fmt(pct(submitTimes, 99))}) (goal 2,000/s)`);
} finally {
  agent.destroy();
  await db.end();
  await server.stop();
  cluster?.stop();
}
