// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { fileURLToPath } from 'node:url';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { precompressDir } from './src/lib/server/precompressed.ts';
import { writeBuiltTemplate } from './src/lib/server/db/built-template.ts';
import { CLIENT_CHUNKS, clientChunkOf } from './src/lib/ui/client-chunks.ts';
import { primeIconsCss } from './src/lib/ui/prime-icons-inline.ts';
import { primeComponents, primeRuntimeStyles, systemFontTheme, trimPrimeTheme, usedPrimeComponents } from './src/lib/ui/prime-theme-trim.ts';

const srcDir = fileURLToPath(new URL('./src', import.meta.url));
/** The console's sources (what the build-time trims read for the components and icons used). @param {string} dir @returns {string[]} */
const sources = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.(tsx?|astro)$/.test(e.name) && !e.name.endsWith('.test.ts') ? [readFileSync(join(dir, e.name), 'utf8')] : [],
  );

/**
 * PrimeIcons as masks of the icons the sources name instead of its 32 KB font (src/lib/ui/prime-icons-inline.ts).
 * @returns {import('vite').Plugin}
 */
function primeIconsInline() {
  const primeiconsDir = fileURLToPath(new URL('./node_modules/primeicons', import.meta.url));
  return {
    name: 'gsm:prime-icons-inline',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/primeicons\/primeicons\.css$/.test(id)) return null;
      return { code: primeIconsCss(code, sources(srcDir), primeiconsDir), map: null };
    },
  };
}

/**
 * PrimeReact's Lara theme without the rules of components the console never imports (224 KB → about a
 * third; src/lib/ui/prime-theme-trim.ts), followed by the structural CSS those components otherwise inject
 * from JavaScript after hydration, on the system font stack (its Inter fonts never load). Applies to the theme as src/lib/ui/prime.ts imports it.
 * @returns {import('vite').Plugin}
 */
function primeThemeTrim() {
  const primeDir = fileURLToPath(new URL('./node_modules/primereact', import.meta.url));
  return {
    name: 'gsm:prime-theme-trim',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/primereact\/resources\/themes\/lara-light-blue\/theme\.css$/.test(id)) return null;
      const used = usedPrimeComponents(sources(srcDir), primeDir);
      // Plus the structural CSS the components would inject only once hydrated (no jump, no wide page before).
      return { code: `${systemFontTheme(trimPrimeTheme(code, primeComponents(primeDir), used))}\n${primeRuntimeStyles(used, primeDir)}`, map: null };
    },
    // The theme the header note's dialog loads whole (a `?url` import, src/lib/ui/prime-css-on-demand.ts) is not
    // transformed above: its Inter faces go here, and the font files nothing names any more are not emitted.
    generateBundle(_, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type === 'asset' && file.fileName.endsWith('.css') && typeof file.source === 'string' && file.source.includes('Inter var')) file.source = systemFontTheme(file.source);
      }
      for (const name of Object.keys(bundle)) if (/InterVariable[^/]*\.woff2$/.test(name)) delete bundle[name];
    },
  };
}

/**
 * Fewer, larger files for the browser (src/lib/ui/client-chunks.ts): the shell, PrimeReact's core, the
 * requester and the date helpers each in one file. Client build only.
 * @returns {import('vite').Plugin}
 */
function clientChunks() {
  return {
    name: 'gsm:client-chunks',
    configEnvironment(name) {
      if (name !== 'client') return;
      // One group a file, the shell first: a group takes its modules' dependencies along, so the shell's stores
      // must be taken before the requester (which imports the toast store) can take them.
      const groups = CLIENT_CHUNKS.map((name, i) => ({ name, priority: CLIENT_CHUNKS.length - i, test: (/** @type {string} */ id) => clientChunkOf(id) === name }));
      return { build: { rolldownOptions: { output: { codeSplitting: { groups } } } } };
    },
  };
}

/**
 * Compressed delivery (docs/decisions.md, "Compression"): the node adapter builds its server around our
 * entry (src/lib/server/entry.ts: static files, precompressed where they are text, in front of the app), and after
 * the build every text file of dist/client gets its .br and .gz beside it. HTML and JSON are compressed on
 * the fly by src/middleware.ts.
 * @param {import('astro').AstroIntegration} adapter the @astrojs/node integration (its entry is replaced in place)
 * @returns {import('astro').AstroIntegration} the integration that precompresses dist/client
 */
function compressedDelivery(adapter) {
  const configDone = adapter.hooks['astro:config:done'];
  const entry = fileURLToPath(new URL('./src/lib/server/entry.ts', import.meta.url));
  adapter.hooks['astro:config:done'] = (params) =>
    configDone?.({ ...params, setAdapter: (settings) => params.setAdapter({ ...settings, serverEntrypoint: entry }) });
  /** @type {URL | undefined} */
  let clientDir;
  const precompress = {
    name: 'gsm:precompress',
    hooks: {
      /** @param {{ config: import('astro').AstroConfig }} params */
      'astro:config:done': ({ config }) => {
        clientDir = config.build.client;
      },
      /** @param {{ logger: import('astro').AstroIntegrationLogger }} params */
      'astro:build:done': async ({ logger }) => {
        if (!clientDir) return;
        const started = performance.now();
        const s = await precompressDir(fileURLToPath(clientDir));
        const kb = (/** @type {number} */ n) => `${(n / 1024).toFixed(0)} KB`;
        logger.info(`${s.files} files precompressed in ${((performance.now() - started) / 1000).toFixed(1)} s: ${kb(s.raw)} raw, ${kb(s.gzip)} gzip 9, ${kb(s.br)} brotli 11`);
      },
    },
  };
  return precompress;
}

/**
 * A clean clone's first start without initdb and migrations: the build leaves a migrated empty embedded
 * database beside the server bundle, and a new data folder starts as its copy (src/lib/server/db/built-template.ts).
 * @returns {import('astro').AstroIntegration}
 */
function pgliteTemplate() {
  /** @type {URL | undefined} */
  let serverDir;
  return {
    name: 'gsm:pglite-template',
    hooks: {
      'astro:config:done': ({ config }) => {
        serverDir = config.build.server;
      },
      'astro:build:done': async ({ logger }) => {
        if (!serverDir) return;
        const started = performance.now();
        const t = await writeBuiltTemplate(fileURLToPath(new URL('./src/lib/server/db/migrations', import.meta.url)), fileURLToPath(serverDir));
        logger.info(`migrated empty database (${t.migrations} migrations) written in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      },
    },
  };
}

/**
 * `client:interaction`: hydrate an island when the person first reaches for it (src/lib/ui/hydrate-on-interaction.ts).
 * @returns {import('astro').AstroIntegration}
 */
function hydrateOnInteraction() {
  return {
    name: 'gsm:client-interaction',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => addClientDirective({ name: 'interaction', entrypoint: fileURLToPath(new URL('./src/lib/ui/hydrate-on-interaction.ts', import.meta.url)) }),
    },
  };
}

// Middleware mode: the adapter renders with the app only; src/lib/server/entry.ts is the standalone server
// around it (static files from an index made at start-up, then the app).
const adapter = node({ mode: 'middleware' });

export default defineConfig({
  output: 'server',
  adapter,
  integrations: [react(), compressedDelivery(adapter), hydrateOnInteraction(), pgliteTemplate()],
  server: { port: 4321, host: 'localhost' },
  // Screen CSS always as files, never inlined into the page: a file is fetched once and kept (hashed names,
  // immutable caching), where inlined CSS was sent again with every page and its hash computed again for
  // the CSP header on every render.
  build: { inlineStylesheets: 'never' },
  // Astro's own check refuses body-less DELETEs from scripts (no Origin, no content type); the middleware
  // does the cross-site check instead, for every cookie-authenticated mutation (src/middleware.ts).
  security: {
    checkOrigin: false,
    // Content-Security-Policy (docs/security.md, "CSP"): Astro hashes every inline script it and the layouts
    // emit (the island hydration runtime) and sends the policy as a header on every rendered page; bundled
    // scripts load from 'self'. No 'unsafe-inline' and no 'unsafe-eval' for scripts. Styles keep
    // 'unsafe-inline': PrimeReact positions overlays, menus and dialogs with inline style attributes and
    // injects <style> elements at run time (and style injection cannot run script). The rest is closed:
    // no plugins, no <base> hijack, forms post only here, no framing by anyone.
    csp: {
      algorithm: 'SHA-256',
      directives: [
        "default-src 'self'",
        // Avatars and images in board posts are http(s) URLs of anywhere (avatarSchema, posts/sanitize.ts).
        "img-src 'self' data: blob: https: http:",
        "font-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ],
      styleDirective: { resources: ["'self'", "'unsafe-inline'"] },
    },
  },
  devToolbar: { enabled: false },
  vite: {
    plugins: [primeThemeTrim(), primeIconsInline(), clientChunks()],
    // PrimeReact ships CSS imports and CJS/ESM mixes that must go through Vite's SSR transform.
    ssr: { noExternal: ['primereact'], external: ['@electric-sql/pglite', 'pg', '@clickhouse/client', 'chdb'] },
    optimizeDeps: { exclude: ['@electric-sql/pglite'] },
  },
});
