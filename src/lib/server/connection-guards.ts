// What the server entry (src/lib/server/entry.ts) does for every request before the adapter sees it: the
// security headers on every answer — static files included, which never reach src/middleware.ts — and, when an
// answer goes out before the request body was read through (a 413, a refusal decided on the headers),
// `Connection: close` on it and a lingering close after it.
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
 * Whether the request has a body that has not all arrived. Node marks a request complete only once its parser
 * has passed the end of the message, a moment after the request event even for a GET; an answer written at once
 * (a static file) would otherwise count as one sent before the body. A request without Content-Length (or with
 * 0) and without Transfer-Encoding has no body.
 */
function bodyUnread(req: IncomingMessage): boolean {
  if (req.complete) return false;
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * An answer that goes out before the request's body was read through (413 at the limit, 401 or 403 decided on
 * the headers) says `Connection: close`, so a client that keeps connections alive does not send its next request
 * on a connection the server is about to close (it read `keep-alive`, sent again, and got "socket hang up").
 * Decided when the status line is written — writeHead, which Node's implicit headers go through too — since the
 * header cannot change later. A body that has all arrived by then, read or not, leaves the connection open.
 */
function closeWhenBodyUnread(req: IncomingMessage, res: ServerResponse): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (bodyUnread(req) && !this.headersSent) this.setHeader('connection', 'close');
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as ServerResponse['writeHead'];
}

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
  closeWhenBodyUnread(req, res);
  res.prependOnceListener('finish', () => {
    if (!bodyUnread(req)) return;
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
