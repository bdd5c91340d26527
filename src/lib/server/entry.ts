// The server entry: the build writes it as dist/server/entry.mjs in place of @astrojs/node's own
// (astro.config.mjs points the adapter here). The adapter runs in its middleware mode (the app only), and
// this entry is the standalone server around it: the files of dist/client first, answered from an index
// made at start-up (precompressed .br/.gz to clients that accept them; static files never reach
// src/middleware.ts), every other request straight to the app. The adapter's standalone handler stat'ed
// the disk and opened a `send` stream for every request before the app saw it.
// Same contract as the adapter's standalone entry: running it starts the server on PORT/HOST unless
// ASTRO_NODE_AUTOSTART=disabled; it exports `startServer()` (scripts/start.mjs), `handler` and `options`.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAdmission } from './admission';
import { isSdkPath } from './api/sdk-path';
import { sdkErrorBody } from './sdk-errors';
import { tunables } from './config';
import { lingerOnUnreadBody, setBaseSecurityHeaders } from './connection-guards';
import { atArrival } from './request-clock';
import { createStaticFiles } from './static-files';
import { BUILT_TEMPLATE_DIR, setBuiltTemplate } from './db';

// React is loaded from node_modules by the adapter's module below and picks its build from NODE_ENV: unset,
// every page was rendered with React's development build (checks and warnings on every element, about half
// the speed). A deployment that sets NODE_ENV itself keeps its value. (Written through a plain object so the
// bundler's compile-time NODE_ENV replacement leaves it alone.)
const environment: Record<string, string | undefined> = process.env;
environment['NODE_ENV'] ||= 'production';

const autostart = process.env.ASTRO_NODE_AUTOSTART !== 'disabled';
// In middleware mode the adapter's module starts no server and its handler renders with the app (no static files).
const adapter = await import('@astrojs/node/server.js');

export const options = adapter.options;

// dist/client as the adapter finds it: where the build put it relative to dist/server (this file's folder).
const clientDir = join(dirname(fileURLToPath(import.meta.url)), relative(fileURLToPath(options.server), fileURLToPath(options.client)));
const staticFiles = createStaticFiles(clientDir);
// A new embedded data folder starts as a copy of the migrated empty one the build left beside this file.
setBuiltTemplate(join(dirname(fileURLToPath(import.meta.url)), BUILT_TEMPLATE_DIR));
const admission = createAdmission(tunables().admission);

/** The files of dist/client, then the app (no `next`: a path the app does not know gets its 404 page). */
export const handler = (req: http.IncomingMessage, res: http.ServerResponse) => {
  setBaseSecurityHeaders(req, res);
  lingerOnUnreadBody(req, res);
  // What the adapter's standalone handler refused first: a URL that cannot be decoded.
  try {
    decodeURI(req.url ?? '/');
  } catch {
    // The game SDK's paths answer in its error model even here, before the app (docs/sdk.md, "Errors").
    if (isSdkPath(req.url ?? '')) {
      res.writeHead(400, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      res.end(JSON.stringify(sdkErrorBody(400, 'The URL is not valid percent-encoding.', { code: 'BAD_PATH' })));
      return;
    }
    res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('Bad request.');
    return;
  }
  // Every other request waits its turn to enter the app (admission.ts); its arrival time goes with its
  // work, so the embedded database serves the oldest request first (db/oldest-first.ts).
  if (!staticFiles(req, res)) admission.admit(req, res, () => void atArrival(() => adapter.handler(req, res)));
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
    server.once('listening', () => console.log(`[server] listening on ${server instanceof https.Server ? 'https' : 'http'}://${host}:${port} (${staticFiles.size} static files)`));
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
