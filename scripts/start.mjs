#!/usr/bin/env node
// `npm start`: builds when the build is missing or older than the sources, opens the database (migrations
// and demo seed happen on open), serves on PORT/HOST and says where and how to sign in.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
if (Number(process.versions.node.split('.')[0]) < 22) {
  console.error(`[start] Node ${process.versions.node} is too old for Astro: run "npm start" (it uses the Node 24 that npm install put in node_modules/.bin).`);
  process.exit(1);
}
const entry = join(root, 'dist/server/entry.mjs');

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

const sources = Math.max(...['src', 'public', 'astro.config.mjs', 'package.json'].map((p) => newestMtime(join(root, p))));
if (!existsSync(entry) || statSync(entry).mtimeMs < sources) {
  console.log('[start] building the console (sources changed or no build yet)…');
  const build = spawnSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

process.env.ASTRO_NODE_AUTOSTART = 'disabled';
process.env.PORT ??= '4321';
process.env.HOST ??= 'localhost';
const { startServer } = await import(pathToFileURL(entry).href);
const { server } = startServer();
await new Promise((resolve) => (server.server.listening ? resolve() : server.server.once('listening', resolve)));

const address = `http://${process.env.HOST === '0.0.0.0' ? 'localhost' : process.env.HOST}:${process.env.PORT}`;
const health = await fetch(`${address}/api/health`).catch((error) => ({ ok: false, json: async () => ({ message: error.message }) }));
const body = await health.json();
if (!health.ok) {
  console.error(`[start] ${body.message ?? 'the server could not open its database'}`);
  process.exit(1);
}
const demo = !process.env.DATABASE_URL ? process.env.DEMO_DATA !== '0' : process.env.DEMO_DATA === '1';
console.log(`\nGSM Console is ready on ${address} (database: ${body.data.database}).`);
if (body.data.demo === 'preparing') console.log('The demo studio (events, reports, finance) is being prepared in the background: its screens fill in within a few minutes.');
if (demo) {
  console.log(`Sign in at ${address}/login as root (or admin, analyst, cache, designer, pm, tester, marketing)`);
  console.log(`with the password ${process.env.DEMO_PASSWORD ? 'in DEMO_PASSWORD' : '"gsm-demo-2026"'}.\n`);
} else {
  console.log(`Sign in at ${address}/login with the root account from ROOT_USERNAME.\n`);
}
