import { Agent, request } from 'node:http';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, ownAccount } from './helpers';

/**
 * What a client that keeps its connections alive sees when the server refuses a body it has not read
 * (src/lib/server/connection-guards.ts): the refusal says `Connection: close`, every refusal is read whole, and
 * the client's next request goes out on a new connection instead of one the server is closing.
 */

interface Answer {
  status: number;
  connection: string | undefined;
  message: string;
  socket: Socket;
}

/** One request through `agent`; a connection error rejects with its code ("socket hang up" is ECONNRESET). */
function send(agent: Agent, method: string, path: string, body: Buffer | string | null, headers: Record<string, string> = {}): Promise<Answer> {
  const url = new URL(path, baseUrl);
  return new Promise((done, fail) => {
    const req = request({ host: url.hostname, port: url.port, path: url.pathname, method, agent, headers: { ...(body !== null ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } : {}), ...headers } });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (text += c));
      res.on('end', () => done({ status: res.statusCode ?? 0, connection: res.headers.connection, message: text.startsWith('{') ? (JSON.parse(text) as { message?: string }).message ?? '' : text, socket: res.socket as Socket }));
      res.on('error', fail);
    });
    req.on('error', (error) => fail(Object.assign(error, { message: `${method} ${path}: ${error.message} (${(error as NodeJS.ErrnoException).code ?? ''})` })));
    if (body !== null) req.write(body);
    req.end();
  });
}

/** `{"password":"aaaa…"}` of exactly `bytes` bytes. */
const bodyOf = (bytes: number) => Buffer.from(`{"password":"${'a'.repeat(bytes - 15)}"}`);

describe('connections after a refused body', () => {
  let agent: Agent;
  beforeAll(() => {
    // One connection at a time, kept alive: a second request reuses the first's socket whenever the server allowed it.
    agent = new Agent({ keepAlive: true, maxSockets: 1 });
  });
  afterAll(() => agent.destroy());

  it('answers 413 with Connection: close, and the next request on the same agent succeeds on a new connection', async () => {
    for (let round = 0; round < 3; round++) {
      const warm = await send(agent, 'GET', '/api/health', null);
      expect([warm.status, warm.connection]).toEqual([200, 'keep-alive']);
      // Declared over the 4 KiB limit of sign-in: refused before a byte of the body is read.
      const refused = await send(agent, 'POST', '/api/auth/login', bodyOf(64 * 1024));
      expect([refused.status, refused.connection, refused.message]).toEqual([413, 'close', 'Request body is too large (limit 4096 bytes).']);
      const next = await send(agent, 'GET', '/api/health', null);
      expect(next.status).toBe(200);
      expect(next.socket).not.toBe(refused.socket);
    }
  });

  it('keeps the connection of answers that read their whole body, and of static files, alive', async () => {
    const first = await send(agent, 'POST', '/api/auth/login', JSON.stringify({ username: 'no-such-user-conn', password: 'x' }));
    const file = await send(agent, 'GET', '/logo.svg', null);
    expect([first.status, first.connection, file.status, file.connection]).toEqual([401, 'keep-alive', 200, 'keep-alive']);
    expect(file.socket).toBe(first.socket);
  });

  it('answers a chunked body cut at its limit with Connection: close, then serves the next request', async () => {
    const url = new URL('/api/auth/login', baseUrl);
    const refused = await new Promise<{ status: number; connection: string | undefined }>((done, fail) => {
      const req = request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', agent, headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } }, (res) => {
        res.resume();
        res.on('end', () => done({ status: res.statusCode ?? 0, connection: res.headers.connection }));
      });
      req.on('error', fail);
      req.write('{"password":"');
      req.end(`${'a'.repeat(32 * 1024)}"}`);
    });
    expect(refused).toEqual({ status: 413, connection: 'close' });
    expect((await send(agent, 'GET', '/api/health', null)).status).toBe(200);
  });

  it('answers 300 refused POSTs with bodies (the body never read) with their 403, none cut, then serves the next request', async () => {
    const outsider = await ownAccount('refused-posts');
    const pool = new Agent({ keepAlive: true, maxSockets: 6 });
    try {
      const sizes = [200, 16 * 1024, 200 * 1024, 900 * 1024];
      const statuses = new Map<string, number>();
      let closes = 0;
      await Promise.all(
        Array.from({ length: 300 }, async (_, i) => {
          const answer = await send(pool, 'POST', '/api/adminAccount/create', bodyOf(sizes[i % sizes.length]!), { authorization: `Bearer ${outsider.tokens.accessToken}` }).catch((error: Error) => ({ status: 0, message: error.message, connection: undefined }));
          const key = `${answer.status} ${answer.message}`;
          statuses.set(key, (statuses.get(key) ?? 0) + 1);
          if (answer.connection === 'close') closes++;
        }),
      );
      expect(Object.fromEntries(statuses)).toEqual({ '403 Permission invalid': 300 });
      // A refusal says close unless its whole body had arrived when it was decided (rarely: the client sends the body after the headers).
      console.log(`[connections] 300 refused POSTs: ${closes} answered Connection: close`);
      expect((await send(pool, 'GET', '/api/health', null)).status).toBe(200);
    } finally {
      pool.destroy();
    }
  }, 120_000);
});
