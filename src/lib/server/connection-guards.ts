// What the server entry (src/lib/server/entry.ts) does for every request before the adapter sees it: the
// security headers on every answer — static files included, which never reach src/middleware.ts — and a
// lingering close when an answer goes out before the request body was read through (a 413).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { tunables } from './config';
import { DEFAULT_CSP, securityHeaders } from './security-headers';

/**
 * Sets the console's security headers on the Node response up front. Rendered pages and API answers set
 * their own through the middleware, and what the adapter passes to writeHead wins over these, so a page keeps
 * Astro's CSP with its script hashes; a static file or the adapter's own 404 keeps these.
 */
export function setBaseSecurityHeaders(req: IncomingMessage, res: ServerResponse): void {
  const forwarded = String(req.headers['x-forwarded-proto'] ?? '').split(',')[0]?.trim().toLowerCase();
  const https = Boolean((req.socket as TLSSocket).encrypted) || (tunables().trustProxy && forwarded === 'https');
  for (const [name, value] of Object.entries(securityHeaders(https))) res.setHeader(name, value);
  res.setHeader('content-security-policy', DEFAULT_CSP);
}

/** How long the server keeps reading an unread body after answering, before it closes (nginx: lingering_time). */
export const LINGER_MS = 10_000;

/**
 * A lingering close, as nginx and Apache do it. When the console answers before reading the whole body (a body
 * over its limit gets 413 after the limit), closing at once while the client is still sending makes the kernel
 * reset the connection, and the client may lose the 413 it was about to read. So once the answer is out the
 * server closes its sending side only (a FIN after the answer: the client sees the answer end), reads and drops
 * what still comes, and closes for good when the client closes or after LINGER_MS. The bound is time, not bytes:
 * a reset loses the answer whenever the client has not read it yet, and how many bytes arrive first depends on
 * the client's speed (a bound of 8 MiB, then of 2 s, each lost 1 answer in 6 on a loaded test machine). An
 * honest client stops sending once it has its answer; a hostile one costs reading for LINGER_MS, never memory.
 *
 * Node's own end of such a response (the connection is not kept alive) calls `socket.destroySoon()`, which
 * destroys the socket as soon as the FIN is out, unread bytes and all: that reset lost a 413 now and then in a
 * loaded suite. So this runs before Node's handler (prepended) and makes that call close the sending side only.
 */
export function lingerOnUnreadBody(req: IncomingMessage, res: ServerResponse): void {
  res.prependOnceListener('finish', () => {
    if (req.complete) return;
    const socket = req.socket;
    const close = () => {
      clearTimeout(timer);
      socket.destroy();
    };
    const timer = setTimeout(close, LINGER_MS);
    timer.unref();
    socket.destroySoon = () => void socket.end();
    socket.once('close', () => clearTimeout(timer));
    socket.once('end', close);
    req.on('data', () => {});
    req.once('error', close);
    req.resume();
    socket.end();
  });
}
