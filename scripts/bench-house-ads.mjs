#!/usr/bin/env node
// npm run bench:house-ads — the in-house ads serving call (GET /api/sdk/v1/ads) under an open-loop load on
// PostgreSQL: one console process, a throw-away cluster (or BENCH_PG_URL), --players players of one publisher
// app asking in turn, --campaigns running campaigns with every cap set (total, daily paced, per player) high
// enough never to be reached, requests spread evenly at --rate per second for --duration seconds after a 2 s
// warm-up (scripts/lib/paced-load.mjs: latency counted from each request's due time). Every answer must be 200 (served) or 204 (no fill); anything else is a failure and is reported.
//   npm run bench:house-ads -- [--rate 500] [--duration 10] [--players 200] [--campaigns 5] [--connections 64] [--no-build]
import { pacedLoad } from './lib/paced-load.mjs';
import { ensureBuilt, startPostgres, startServer } from './lib/bench-servers.mjs';
import { parseArgs } from './lib/studio-client.mjs';

const args = parseArgs(process.argv.slice(2), { rate: 500, duration: 10, players: 200, campaigns: 5, connections: 64, noBuild: false });
const log = (...a) => console.log(`[bench:house-ads] ${new Date().toISOString().slice(11, 19)}`, ...a);
const PASSWORD = 'gsm-demo-2026';

async function call(base, method, path, { body, headers = {} } = {}) {
  const response = await fetch(`${base}${path}`, { method, headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers }, body: body ? JSON.stringify(body) : undefined });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return text ? JSON.parse(text) : null;
}

async function setUp(base) {
  const auth = { authorization: `Bearer ${(await call(base, 'POST', '/api/auth/login', { body: { username: 'root', password: PASSWORD } })).data.accessToken}` };
  const [adv, pub] = ['com.bench.advertised', 'com.bench.publisher'];
  for (const id of [adv, pub]) await call(base, 'POST', '/api/appdata/create', { body: { id, name: id, os: [{ os: 1, packageId: `${id}.android` }] }, headers: auth });
  await call(base, 'POST', '/api/ads_in_house/app/save', { body: { appId: pub, placements: ['main'] }, headers: auth });
  const key = (await call(base, 'GET', `/api/appdata/get/detail/${pub}`, { headers: auth })).data.os[0].sdkAppKey;
  const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
  for (let i = 0; i < args.campaigns; i++) {
    await call(base, 'POST', '/api/ads_in_house/campaign/save', {
      headers: auth,
      body: {
        name: `bench ${i}`, advertisedApp: adv, storeLinks: { android: 'https://example.com/a', ios: '', webgl: '' },
        creatives: 'banner 320x50 https://cdn.example.com/b.png', targeting: { publisherApps: [pub], os: [], countries: [], versions: [], audience: 'all' },
        startDay: today, endDay: today, totalCap: 10_000_000, dailyCap: 1_000_000, pacing: true, frequencyCap: 100_000, weight: i + 1, status: 'running',
      },
    });
  }
  const tokens = [];
  for (let i = 0; i < args.players; i++) tokens.push((await call(base, 'POST', '/api/sdk/v1/players/session', { body: { deviceId: `bench-device-${i}` }, headers: { 'x-sdk-key': key } })).data.accessToken);
  return { key, tokens };
}

async function run(base, key, tokens, { rate, duration, path = '/api/sdk/v1/ads?placement=main&format=banner' }) {
  const r = await pacedLoad(base, { rate, seconds: duration, connections: args.connections, next: (i) => ({ path, headers: { 'x-sdk-key': key, 'x-player-token': tokens[i % tokens.length] } }) });
  return r;
}

if (!args.noBuild) ensureBuilt();
const external = process.env.BENCH_PG_URL;
const cluster = external ? null : await startPostgres({ settings: '', prefix: 'gsm-bench-ads-' });
const server = await startServer({ DATABASE_URL: external ?? cluster.url });
try {
  log('setting up', args.campaigns, 'campaigns and', args.players, 'players');
  const { key, tokens } = await setUp(server.base);
  await run(server.base, key, tokens, { rate: Math.min(args.rate, 200), duration: 2 });
  const r = await run(server.base, key, tokens, args);
  const failed = r.requests - (r.statuses[200] ?? 0) - (r.statuses[204] ?? 0) + r.errors;
  log(`${args.rate} req/s offered × ${args.duration} s: ${r.requests} answered at ${r.rps.toFixed(0)} req/s — p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, max ${r.max.toFixed(1)} ms; ${JSON.stringify(r.statuses)}, failed ${failed}`);
  // The floor on this machine at the same rate: the console's health call (no database, no SDK checks).
  const h = await run(server.base, key, tokens, { ...args, path: '/api/health' });
  log(`floor: /api/health at ${args.rate} req/s: p50 ${h.p50.toFixed(1)} ms, p95 ${h.p95.toFixed(1)} ms, p99 ${h.p99.toFixed(1)} ms; ${JSON.stringify(h.statuses)}`);
  process.exitCode = failed ? 1 : 0;
} finally {
  await server.stop();
  cluster?.stop();
}
