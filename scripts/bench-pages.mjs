#!/usr/bin/env node
// npm run bench:pages — builds, starts the production server on a fresh embedded database and reports,
// for pages signed in as root: JavaScript shipped on first load (gzip; shell alone and per page) and the
// server render time (median of 50 sequential requests over loopback, so it includes HTTP handling).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = resolve(import.meta.dirname, '..');
const PAGES = ['/research/index', '/dashboard', '/post/index', '/adminAccount/account', '/app_data/index'];
const RUNS = 50;

if (!process.argv.includes('--no-build')) {
  const build = spawnSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], { cwd: root, stdio: 'ignore' });
  if (build.status !== 0) throw new Error('build failed');
}

const dataDir = mkdtempSync(join(tmpdir(), 'gsm-bench-'));
const port = 4500 + Math.floor(Math.random() * 400);
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [join(root, 'dist/server/entry.mjs')], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_DATA: '1', DATABASE_URL: '', DEMO_PASSWORD: 'bench-password' },
  stdio: 'ignore',
});
try {
  for (let i = 0; ; i++) {
    if (await fetch(`${base}/api/health`).then((r) => r.ok).catch(() => false)) break;
    if (i > 400) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 150));
  }
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'root', password: 'bench-password' }),
  });
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');

  const rows = [];
  for (const path of PAGES) {
    const html = await (await fetch(base + path, { headers: { cookie } })).text();
    const js = shippedJs(html);
    const later = shippedJs(html, { deferred: true });
    const laterOnly = later.files.filter((f) => !js.files.includes(f));
    const laterGzip = laterOnly.reduce((n, f) => n + gzipSync(readFileSync(join(root, 'dist/client/_astro', f))).length, 0);
    const times = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      const res = await fetch(base + path, { headers: { cookie } });
      await res.text();
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    rows.push({ path, files: js.files.length, jsGzipKB: +(js.gzip / 1024).toFixed(1), jsRawKB: +(js.raw / 1024).toFixed(1), deferredGzipKB: +(laterGzip / 1024).toFixed(1), renderMedianMs: +times[Math.floor(RUNS / 2)].toFixed(1), renderP90Ms: +times[Math.floor(RUNS * 0.9)].toFixed(1) });
  }
  console.table(rows);
  const react = ['react', 'react-dom', 'client', 'jsx-runtime', 'rolldown-runtime'];
  const shell = shippedJs(await (await fetch(base + PAGES[0], { headers: { cookie } })).text());
  const runtime = shell.files.filter((f) => react.some((r) => f.startsWith(`${r}.`)));
  const runtimeGzip = runtime.reduce((n, f) => n + gzipSync(readFileSync(join(root, 'dist/client/_astro', f))).length, 0);
  console.log(`shell (a page with only the chrome): ${(shell.gzip / 1024).toFixed(1)} KB gzip in all, of which React runtime ${(runtimeGzip / 1024).toFixed(1)} KB and the shell's own code ${((shell.gzip - runtimeGzip) / 1024).toFixed(1)} KB`);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  rmSync(dataDir, { recursive: true, force: true });
}

/** Every JS file the page loads before any interaction: islands, renderers, hoisted scripts and their static imports. */
function shippedJs(html, { deferred = false } = {}) {
  const seen = new Set();
  // Islands marked client:visible or client:idle load later (when scrolled to, or when the page is idle).
  const islands = [...html.matchAll(/<astro-island[^>]*>/g)].map((m) => m[0]);
  const isDeferred = (tag) => /client="(visible|idle)"/.test(tag);
  const queue = islands
    .filter((tag) => isDeferred(tag) === deferred)
    .flatMap((tag) => [...tag.matchAll(/(?:component-url|renderer-url)="\/_astro\/([^"]+\.js)"/g)].map((m) => m[1]));
  if (!deferred) queue.push(...[...html.matchAll(/<script[^>]*\ssrc="\/_astro\/([^"]+\.js)"/g)].map((m) => m[1]));
  for (const inline of deferred ? [] : html.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)) {
    for (const m of inline[1].matchAll(/["']\/_astro\/([^"']+\.js)["']/g)) queue.push(m[1]);
  }
  while (queue.length) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    const path = join(root, 'dist/client/_astro', file);
    if (!existsSync(path)) continue;
    seen.add(file);
    const code = readFileSync(path, 'utf8');
    // Static imports only: dynamic import() chunks load later, on use.
    for (const m of code.matchAll(/(?:import|from)\s*["']\.\/([^"']+\.js)["']/g)) queue.push(m[1]);
  }
  let raw = 0;
  let gzip = 0;
  for (const file of seen) {
    const buffer = readFileSync(join(root, 'dist/client/_astro', file));
    raw += buffer.length;
    gzip += gzipSync(buffer).length;
  }
  return { files: [...seen], raw, gzip };
}
