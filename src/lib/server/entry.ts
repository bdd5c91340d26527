// The server entry: the build writes it as dist/server/entry.mjs in place of @astrojs/node's own
// (astro.config.mjs points the adapter here). It is the adapter's standalone server with one layer in
// front: static files precompressed at build time are answered as .br/.gz to clients that accept them
// (the adapter's static handler, `send`, only knows identity; static files never reach src/middleware.ts).
// Same contract as the adapter's entry: running it starts the server on PORT/HOST unless
// ASTRO_NODE_AUTOSTART=disabled; it exports `startServer()` (scripts/start.mjs), `handler` and `options`.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { lingerOnUnreadBody, setBaseSecurityHeaders } from './connection-guards';
import { createPrecompressedStatic } from './precompressed';

// React is loaded from node_modules by the adapter's module below and picks its build from NODE_ENV: unset,
// every page was rendered with React's development build (checks and warnings on every element, about half
// the speed). A deployment that sets NODE_ENV itself keeps its value. (Written through a plain object so the
// bundler's compile-time NODE_ENV replacement leaves it alone.)
const environment: Record<string, string | undefined> = process.env;
environment['NODE_ENV'] ||= 'production';

// The adapter's module starts its own server on load unless told not to; this entry starts its own.
const autostart = process.env.ASTRO_NODE_AUTOSTART !== 'disabled';
const before = process.env.ASTRO_NODE_AUTOSTART;
process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const adapter = await import('@astrojs/node/server.js');
if (before === undefined) delete process.env.ASTRO_NODE_AUTOSTART;
else process.env.ASTRO_NODE_AUTOSTART = before;

export const options = adapter.options;

// dist/client as the adapter finds it: where the build put it relative to dist/server (this file's folder).
const clientDir = join(dirname(fileURLToPath(import.meta.url)), relative(fileURLToPath(options.server), fileURLToPath(options.client)));
const precompressed = createPrecompressedStatic(clientDir);

/** The adapter's standalone handler (static files, then the app) behind the precompressed files. */
export const handler = (req: http.IncomingMessage, res: http.ServerResponse) => {
  setBaseSecurityHeaders(req, res);
  lingerOnUnreadBody(req, res);
  if (!precompressed(req, res)) void adapter.handler(req, res);
};

export function startServer() {
  const port = process.env.PORT ? Number(process.env.PORT) : options.port;
  const hostOption = options.host as string | boolean;
  const host = process.env.HOST ?? (typeof hostOption === 'boolean' ? (hostOption ? '0.0.0.0' : 'localhost') : hostOption);
  const server =
    process.env.SERVER_CERT_PATH && process.env.SERVER_KEY_PATH
      ? https.createServer({ key: readFileSync(process.env.SERVER_KEY_PATH), cert: readFileSync(process.env.SERVER_CERT_PATH) }, handler)
      : http.createServer(handler);
  const closed = new Promise<void>((resolve, reject) => {
    server.once('close', () => resolve());
    server.once('error', reject);
  });
  server.listen(port, host);
  if (process.env.ASTRO_NODE_LOGGING !== 'disabled') {
    server.once('listening', () => console.log(`[server] listening on ${server instanceof https.Server ? 'https' : 'http'}://${host}:${port} (${precompressed.size} precompressed static files)`));
  }
  return {
    server: {
      host,
      port,
      server,
      closed: () => closed,
      stop: () =>
        new Promise<void>((resolve, reject) => {
          server.close((error) => (error ? reject(error) : resolve()));
          server.closeAllConnections();
        }),
    },
    done: closed,
  };
}

if (autostart) startServer();
