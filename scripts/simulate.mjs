#!/usr/bin/env node
// `npm run simulate -- --apps 6 --users 50000 --days 120`: a deterministic simulated studio sent to a
// running console through the SDK endpoint, then rolled up. See docs/metrics.md for what it generates.
import { ensureStudioApps, parseArgs, rollupAll, sendStudio, signIn } from './lib/studio-client.mjs';

const args = parseArgs(process.argv.slice(2), {
  url: process.env.GSM_URL || 'http://localhost:4321',
  apps: 6,
  users: 5000,
  days: 30,
  seed: 42,
  concurrency: 4,
  username: 'root',
  password: process.env.DEMO_PASSWORD || 'gsm-demo-2026',
  rollup: 'yes',
});
if (args.help) {
  console.log('npm run simulate -- [--url http://localhost:4321] [--apps 6] [--users 5000] [--days 30] [--seed 42] [--concurrency 4] [--username root --password …] [--rollup no]');
  process.exit(0);
}

const base = args.url.replace(/\/$/, '');
const token = await signIn(base, args.username, args.password);
const apps = await ensureStudioApps(base, token, args.apps);
console.log(`[simulate] ${apps.length} apps (${apps.map((a) => `${a.appId}: ${a.platforms.map((p) => ({ 1: 'Android', 2: 'Ios', 3: 'WebGL' })[p.os]).join('+')}`).join(', ')})`);
console.log(`[simulate] ${args.users} players over ${args.days} days (seed ${args.seed}), ${args.concurrency} requests in flight → ${base}/api/sdk/v1/analytics/events`);
const sent = await sendStudio(base, apps, {
  users: args.users,
  days: args.days,
  seed: args.seed,
  concurrency: args.concurrency,
  onProgress: (t) => console.log(`[simulate] ${t.events.toLocaleString('en-US')} events in ${t.seconds.toFixed(0)} s (${Math.round(t.events / t.seconds).toLocaleString('en-US')} events/s)`),
});
console.log(
  `[simulate] sent ${sent.events.toLocaleString('en-US')} events in ${sent.batches} batches in ${sent.seconds.toFixed(1)} s (${Math.round(sent.events / sent.seconds).toLocaleString('en-US')} events/s): ` +
    `${sent.accepted} accepted (${sent.duplicates} already stored), ${sent.rejected} rejected, ${sent.failures} retried`,
);
if (args.rollup !== 'no') {
  const rolled = await rollupAll(base, token, (p) => p.pending && console.log(`[simulate] rolling up: ${p.appDays} app-days done, ${p.pending} pending`));
  console.log(`[simulate] rolled up ${rolled.appDays} app-days in ${rolled.seconds.toFixed(1)} s`);
}
