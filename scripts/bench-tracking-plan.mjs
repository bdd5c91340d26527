#!/usr/bin/env node
// `node scripts/bench-tracking-plan.mjs`: SDK ingestion with the tracking plan on against off, on one server at
// the same time of day. The machine's load moves more between two bench:analytics runs minutes apart than the
// plan costs, so the two are interleaved: pairs of apps with the same platforms, one under a tracking plan
// (a tracking config declaring every SDK event with typed parameters, plus the demo studio's catalogue, whose
// measurement.fps int flags the simulation's fractional fps), the other without; each app receives its own
// simulated players (same size), in alternating order. Answers the events/s of each send and the medians.
//   node scripts/bench-tracking-plan.mjs [--db postgres|pglite] [--users 2000] [--days 60] [--pairs 4] [--concurrency 4]
// PostgreSQL: BENCH_PG_URL (an empty database), or a throw-away cluster under /tmp.
import { nowMs } from '../src/lib/time/clock.ts';
import { DAY_MS } from '../src/lib/time/day.ts';
import { ensureStudioApps, parseArgs, sendStudio, signIn } from './lib/studio-client.mjs';
import { declarePlan } from './lib/tracking-plan.mjs';
import { median, startPostgres, startServer } from './lib/bench-servers.mjs';

const args = parseArgs(process.argv.slice(2), { db: 'postgres', users: 2000, days: 60, pairs: 4, concurrency: 4 });
const PASSWORD = 'bench-password-2026';
const log = (...a) => console.log(`[bench] ${new Date().toISOString().slice(11, 19)}`, ...a);
// Apps i and i + 3 of the simulated studio have the same platforms (scripts/lib/studio-client.mjs PLATFORMS).
const PAIRS = [[0, 3], [6, 9], [1, 7], [5, 11], [2, 8], [4, 10]];

const pg = args.db === 'postgres' ? (process.env.BENCH_PG_URL ? { url: process.env.BENCH_PG_URL, stop() {} } : await startPostgres()) : null;
const server = await startServer({ DEMO_PASSWORD: PASSWORD, ...(pg ? { DATABASE_URL: pg.url } : {}) });
try {
  const token = await signIn(server.base, 'root', PASSWORD);
  const apps = await ensureStudioApps(server.base, token, 12);
  const now = nowMs() - DAY_MS;
  const rates = { on: [], off: [] };
  for (let p = 0; p < Math.min(args.pairs, PAIRS.length); p++) {
    const [a, b] = PAIRS[p];
    const [onApp, offApp] = p % 2 === 0 ? [apps[b], apps[a]] : [apps[a], apps[b]];
    await declarePlan(server.base, token, [onApp]);
    const order = p % 2 === 0 ? [['off', offApp], ['on', onApp]] : [['on', onApp], ['off', offApp]];
    for (const [mode, app] of order) {
      const sent = await sendStudio(server.base, [app], { users: args.users, days: args.days, seed: 42, now, concurrency: args.concurrency });
      if (sent.events === 0) throw new Error(`${app.appId}: the simulation gave this app no players at --users ${args.users}; use more users`);
      if (sent.accepted !== sent.events || sent.failures) throw new Error(`${app.appId}: ${sent.accepted} of ${sent.events} accepted, ${sent.failures} failures`);
      const rate = sent.accepted / sent.seconds;
      rates[mode].push(rate);
      log(`pair ${p + 1}, plan ${mode} (${app.appId}): ${sent.events.toLocaleString('en-US')} events in ${sent.seconds.toFixed(1)} s = ${Math.round(rate).toLocaleString('en-US')} events/s`);
    }
  }
  const on = median(rates.on);
  const off = median(rates.off);
  log(`${args.db}: median plan off ${Math.round(off).toLocaleString('en-US')} events/s, plan on ${Math.round(on).toLocaleString('en-US')} events/s (${(((on - off) / off) * 100).toFixed(1)}%)`);
} finally {
  await server.stop();
  pg?.stop();
}
