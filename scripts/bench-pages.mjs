#!/usr/bin/env node
// npm run bench:pages — builds, starts the production server on a fresh embedded database and reports,
// for pages signed in as root: the bytes of a first load as transferred (asked with `accept-encoding: br,
// gzip`, counted on the wire with node:http, which does not decompress) and raw — the HTML, the JavaScript
// loaded before any interaction and the stylesheets the page links —, the JavaScript islands load later,
// the shell's own JavaScript (gzip, the budget's unit) and the server render time (median and p90 of --runs sequential requests over loopback, so it includes HTTP
// handling). It reports nothing unless the sign-in succeeded and every measured request answered 200 with
// the page it asked for (no redirect followed, the page's own <title>).
//   npm run bench:pages -- [--runs 50] [--no-build] [--write-doc]
// --write-doc rewrites the bench:pages block of docs/performance.md; without it the table is only printed.
import { spawn, spawnSync } from 'node:child_process';
import { request } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { machine, machineLine, table, writeDocBlock } from './lib/bench-doc.mjs';
import { parseArgs } from './lib/studio-client.mjs';
import { closeColdVisits, coldVisit } from './lib/cold-visit.mjs';
import { servingWithDemo } from './lib/serving.mjs';

const root = resolve(import.meta.dirname, '..');
/** Each measured page with the title the route table gives it (the <title> is "Title - app title"). */
const PAGES = [
  ['/research/index', 'Research', 'a list-and-form screen'],
  ['/dashboard', 'Dashboard', 'first load: the chrome only'],
  ['/post/index', 'Notification Board'],
  ['/adminAccount/account', 'Account'],
  ['/app_data/index', 'App Manager'],
  ['/app_data/sdk_version', 'SDK Version'],
  ['/gsm/analytic/levelMiniGame', 'Level MiniGame', 'a report screen'],
  ['/gsm/analytic/main_data', 'Main Data', 'a report screen with a chart'],
];
/**
 * Cold-visit budgets (issue 41): everything a cold Chromium transfers for the page, fonts, icons and data
 * included. Pages not named here have no budget of their own; report screens have the report budget.
 */
const COLD_BUDGET_KB = { '/dashboard': 150, report: 300 };
const coldBudgetOf = (path) => COLD_BUDGET_KB[path] ?? (path.startsWith('/gsm/analytic/') ? COLD_BUDGET_KB.report : null);
/** The window a cold visit is measured in (the issue's walk: a laptop screen). */
const VIEWPORT = { width: 1440, height: 900 };
/** What a browser sends; the server answers br (precompressed static files, pages compressed on the fly). */
const ACCEPT_ENCODING = 'br, gzip';
const args = parseArgs(process.argv.slice(2), { runs: 50, noBuild: false, writeDoc: false, note: '' });
const RUNS = args.runs;
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error('--runs must be a positive integer');
/** Budgets (issue 3): the shell's own JavaScript at most 60 KB gzip, server render median under 30 ms. */
const SHELL_BUDGET_KB = 60;
const RENDER_BUDGET_MS = 30;
const host = machine();

if (!args.noBuild) {
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
const counts = { requests: 0, failures: 0 };
const failures = [];
let code = 0;
try {
  for (let i = 0; ; i++) {
    if (server.exitCode !== null) throw new Error('the server exited');
    if (await servingWithDemo(base)) break;
    // The demo studio takes a minute or more to seed (several on a busy machine): wait for it, within reason.
    if (i > 4000) throw new Error('server did not start, or its demo studio was not ready, within 10 minutes');
    await new Promise((r) => setTimeout(r, 150));
  }
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'root', password: 'bench-password' }),
    redirect: 'manual',
  });
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  if (login.status !== 200 || !cookie) throw new Error(`sign-in failed: POST /api/auth/login answered ${login.status}${cookie ? '' : ' without a session cookie'}`);

  /** Whether an answer is the page asked for (200 with its title); counts it, and the failure if not. */
  const isPage = (path, title, status, location, html) => {
    counts.requests++;
    const got = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
    if (status === 200 && new RegExp(`^(\\(Dev\\) )?${title} - `).test(got)) return true;
    counts.failures++;
    if (failures.length < 10) failures.push(`${path}: ${status}${location ? ` → ${location}` : ''}, title "${got}"`);
    return false;
  };
  /** One request for a page as a browser makes it (fetch decompresses): its HTML when it is the page, else null. */
  const page = async (path, title, headers = { cookie, 'accept-encoding': ACCEPT_ENCODING }) => {
    const res = await fetch(base + path, { headers, redirect: 'manual' });
    const html = await res.text();
    return isPage(path, title, res.status, res.headers.get('location'), html) ? html : null;
  };
  /** A first-load request counted on the wire: its body as sent (`wire` bytes) and decoded (`raw` bytes). */
  const transferred = async (path, headers = {}) => {
    const answer = await wire(base + path, { ...headers, 'accept-encoding': ACCEPT_ENCODING });
    if (path.startsWith('/_astro/') && answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
    return answer;
  };
  const sum = async (paths) => {
    let wired = 0;
    let raw = 0;
    for (const path of paths) {
      const answer = await transferred(path);
      wired += answer.wire;
      raw += answer.body.length;
    }
    return { wire: wired, raw };
  };
  // The check must be able to fail: signed out, the first page has to be refused (a redirect to sign in).
  const signedOut = await fetch(base + PAGES[0][0], { redirect: 'manual' });
  await signedOut.text();
  if (signedOut.status === 200) throw new Error(`${PAGES[0][0]} answered 200 signed out: the page check cannot tell a signed-in page`);

  const rows = [];
  for (const [path, title, note] of PAGES) {
    const doc = await transferred(path, { cookie });
    const html = doc.body.toString('utf8');
    if (!isPage(path, title, doc.status, doc.location, html)) continue;
    const js = shippedJs(html);
    const later = shippedJs(html, { deferred: true });
    const laterOnly = later.files.filter((f) => !js.files.includes(f));
    const css = [...new Set([...html.matchAll(/<link[^>]*\shref="(\/_astro\/[^"]+\.css)"/g)].map((m) => m[1]))];
    const jsBytes = await sum(js.files.map((f) => `/_astro/${f}`));
    const cssBytes = await sum(css);
    const laterBytes = await sum(laterOnly.map((f) => `/_astro/${f}`));
    const times = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      const ok = await page(path, title);
      const elapsed = performance.now() - t;
      if (ok !== null) times.push(elapsed);
    }
    if (times.length < RUNS) continue;
    times.sort((a, b) => a - b);
    rows.push({ path, note, files: js.files.length, html: { wire: doc.wire, raw: doc.body.length }, js: jsBytes, cssFiles: css.length, css: cssBytes, later: laterBytes, renderMedianMs: times[Math.floor(RUNS / 2)], renderP90Ms: times[Math.min(RUNS - 1, Math.floor(RUNS * 0.9))] });
  }
  // What a browser really downloads: each page in a fresh Chromium context (empty cache), signed in.
  const cold = [];
  for (const [path, , note] of PAGES) cold.push({ path, note, ...(await coldVisit(base, path, cookie, VIEWPORT)) });
  const react = ['react', 'react-dom', 'client', 'jsx-runtime', 'rolldown-runtime'];
  // The dashboard's first load is the chrome alone (its board hydrates on first use): the shell's figure.
  const SHELL = PAGES[1];
  const shellHtml = await page(SHELL[0], SHELL[1]);
  console.log(`[bench:pages] ${counts.requests} page requests, ${counts.failures} failed (not 200 with the page asked for)`);
  if (counts.failures > 0 || shellHtml === null) {
    for (const f of failures) console.error(`[bench:pages]   ${f}`);
    throw new Error('some requests did not answer the page they asked for: no figures reported');
  }
  const shell = shippedJs(shellHtml);
  const runtime = shell.files.filter((f) => react.some((r) => f.startsWith(`${r}.`)));
  const runtimeGzip = runtime.reduce((n, f) => n + gzipSync(readFileSync(join(root, 'dist/client/_astro', f))).length, 0);
  const shellOwnKB = (shell.gzip - runtimeGzip) / 1024;

  const kb = (n) => `${n.toFixed(1)} KB`;
  const both = ({ wire, raw }) => `${kb(wire / 1024)} / ${kb(raw / 1024)}`;
  const ms = (n) => `${n.toFixed(1)} ms`;
  const over = (bad) => (bad ? ' **over budget**' : '');
  const block = [
    `${machineLine(host, args.note || undefined)} ${RUNS} sequential requests per page after one unmeasured request; ${counts.requests} page requests in all, every one 200 with its page.`,
    '',
    `Bytes are **transferred / raw**: transferred is the body on the wire when asked with \`accept-encoding: ${ACCEPT_ENCODING}\` (headers not counted), raw the decoded body — what went over the wire before responses were compressed. First load = the page's HTML, the JavaScript it loads before any interaction and the stylesheets it links, each file counted once.`,
    '',
    table(
      ['page', 'first load transferred / raw', 'HTML', 'JS files', 'JS (first load)', 'CSS', 'JS loaded later (client:visible/idle/interaction)', `render median (budget < ${RENDER_BUDGET_MS} ms)`, 'render p90'],
      rows.map((r) => [
        `${r.path}${r.note ? ` (${r.note})` : ''}`,
        `**${both({ wire: r.html.wire + r.js.wire + r.css.wire, raw: r.html.raw + r.js.raw + r.css.raw })}**`,
        both(r.html),
        String(r.files),
        both(r.js),
        `${both(r.css)} (${r.cssFiles} files)`,
        both(r.later),
        ms(r.renderMedianMs) + over(r.renderMedianMs >= RENDER_BUDGET_MS),
        ms(r.renderP90Ms),
      ]),
    ),
    '',
    `**Cold visit in Chromium** (${VIEWPORT.width}×${VIEWPORT.height}, a fresh browser context per page: empty cache, signed in by cookie): every request the page makes until the network is idle (500 ms without a request), counted from Playwright's network events — fonts, icons, images, data requests and late islands included. Transferred = response headers + encoded bodies as received (\`request.sizes()\`); the budget (issue 41) is on that total.`,
    '',
    table(
      ['page', 'requests', 'transferred (budget)', 'document', 'JS', 'CSS', 'fonts', 'images', 'data (fetch/XHR)', 'other', 'failed'],
      cold.map((c) => {
        const budget = coldBudgetOf(c.path);
        const type = (t) => (c.byType[t] ? `${kb(c.byType[t].bytes / 1024)} (${c.byType[t].count})` : '–');
        return [
          `${c.path}${c.note ? ` (${c.note})` : ''}`,
          String(c.requests),
          `**${kb(c.bytes / 1024)}**${budget ? ` (≤ ${budget} KB)${over(c.bytes / 1024 > budget)}` : ''}`,
          type('document'),
          type('script'),
          type('stylesheet'),
          type('font'),
          type('image'),
          type('data'),
          type('other'),
          String(c.failed.length),
        ];
      }),
    ),
    '',
    `The shell (${SHELL[0]}'s first load, the chrome alone) ships ${kb(shell.gzip / 1024)} gzip on first load, of which ${kb(runtimeGzip / 1024)} is the React runtime and **${kb(shellOwnKB)} is the shell's own code** (budget ${SHELL_BUDGET_KB} KB)${over(shellOwnKB > SHELL_BUDGET_KB)}.`,
  ].join('\n');
  console.log(`\n${block}\n`);
  for (const c of cold) for (const f of c.failed) console.error(`[bench:pages] cold visit of ${c.path}: ${f}`);
  if (cold.some((c) => c.failed.length > 0)) throw new Error('a cold visit had failed requests: no figures written');
  if (args.writeDoc) console.log(`[bench:pages] wrote ${writeDocBlock(root, 'pages', block)}`);
  else console.log('[bench:pages] docs/performance.md left as it is (--write-doc rewrites its bench:pages block)');
} catch (error) {
  console.error(`[bench:pages] ${error.message}`);
  code = 1;
} finally {
  await closeColdVisits();
  const exited = new Promise((r) => server.once('exit', r));
  server.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  rmSync(dataDir, { recursive: true, force: true });
}
process.exitCode = code;

/** A GET counted on the wire: node:http hands over the body as sent; it is decoded here for its raw size. */
function wire(url, headers) {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const sent = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const body = encoding === 'br' ? brotliDecompressSync(sent) : encoding === 'gzip' ? gunzipSync(sent) : sent;
        if (encoding && encoding !== 'br' && encoding !== 'gzip') return reject(new Error(`${url}: unexpected content-encoding ${encoding}`));
        resolve({ status: res.statusCode, location: res.headers.location, wire: sent.length, body });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** Every JS file the page loads before any interaction: islands, renderers, hoisted scripts and their static imports. */
function shippedJs(html, { deferred = false } = {}) {
  const seen = new Set();
  // Islands marked client:visible, client:idle or client:interaction load later (when scrolled to, when the page is idle, when first used).
  const islands = [...html.matchAll(/<astro-island[^>]*>/g)].map((m) => m[0]);
  const isDeferred = (tag) => /client="(visible|idle|interaction)"/.test(tag);
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
