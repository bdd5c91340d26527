import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { lingerOnUnreadBody } from './connection-guards';

const LIMIT = 256 * 1024;
const servers: http.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.close();
    server.closeAllConnections();
  }
});

/** A server that answers 413 once a body passes LIMIT and reads no further, as the API's body limit does. */
async function limitedServer(answered: () => void): Promise<number> {
  const server = http.createServer((req, res) => {
    lingerOnUnreadBody(req, res);
    let received = 0;
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received <= LIMIT) return;
      req.off('data', onData);
      req.pause();
      // The client goes on sending a little after the answer is out: past the moment a plain close would reset.
      res.once('finish', () => setTimeout(answered, 50));
      res.writeHead(413, { 'content-type': 'application/json' }).end('{"message":"Request body is too large."}');
    };
    req.on('data', onData);
  });
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return (server.address() as AddressInfo).port;
}

describe('an answer sent before the body was read through', () => {
  it('reaches a client that keeps sending and reads only afterwards (no reset)', async () => {
    let serverAnswered!: () => void;
    const answered = new Promise<void>((done) => (serverAnswered = done));
    const port = await limitedServer(() => serverAnswered());
    const client = net.connect(port, '127.0.0.1');
    client.pause(); // a busy client: it reads nothing while it sends
    const closed = new Promise((done) => client.once('close', done));
    const frame = (size: number) => Buffer.concat([Buffer.from(`${size.toString(16)}\r\n`), Buffer.alloc(size, 97), Buffer.from('\r\n')]);
    const failures: string[] = [];
    client.on('error', (error: NodeJS.ErrnoException) => failures.push(error.code ?? error.message));
    // Connection: close, as a client without keep-alive sends it (Node's `agent: false`): Node then ends the
    // connection itself once the answer is out, which is where the reset came from.
    client.write('POST /api/sdk/v1/events HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n');
    client.write(frame(LIMIT + 1024));
    await answered;
    // Still sending after the server answered (the client has not looked yet), a piece at a time, then the end
    // of the body. A server that closed outright answers the first piece with a reset, and the next write fails.
    for (let i = 0; i < 8 && !failures.length; i++) {
      client.write(frame(16 * 1024));
      await new Promise((done) => setTimeout(done, 10));
    }
    if (!failures.length) await new Promise((done) => client.write('0\r\n\r\n', done));
    let text = '';
    client.on('data', (d: Buffer) => (text += d.toString()));
    client.resume();
    await closed;
    expect(failures).toEqual([]);
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(text).toContain('Request body is too large.');
  });
});

describe('the Connection header of an answer sent before the body was read', () => {
  /** A server that refuses every request on its headers alone, reading no body (as a 403 does). */
  async function refusingServer(): Promise<number> {
    const server = http.createServer((req, res) => {
      lingerOnUnreadBody(req, res);
      // Answered within the request event, before Node marks even a bodiless request complete (a static file).
      if (req.method === 'GET') return void res.writeHead(200).end('file');
      // A moment for a small body to arrive whole (it is not read either way).
      setTimeout(() => res.writeHead(403, { 'content-type': 'application/json' }).end('{"message":"Permission invalid"}'), 20);
    });
    servers.push(server);
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    return (server.address() as AddressInfo).port;
  }

  const post = (port: number, agent: http.Agent, bytes: number) =>
    new Promise<{ status: number; connection: string | undefined }>((done, fail) => {
      const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/', agent, headers: { 'content-length': String(bytes) } }, (res) => {
        res.resume();
        res.on('end', () => done({ status: res.statusCode ?? 0, connection: res.headers.connection }));
      });
      req.on('error', fail);
      req.end(Buffer.alloc(bytes, 97));
    });

  it('says close when the body has not all arrived, and keep-alive when it has', async () => {
    const port = await refusingServer();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect(await post(port, agent, 8 * 1024 * 1024)).toEqual({ status: 403, connection: 'close' });
      expect(await post(port, agent, 100)).toEqual({ status: 403, connection: 'keep-alive' });
      expect(await post(port, agent, 100)).toEqual({ status: 403, connection: 'keep-alive' });
    } finally {
      agent.destroy();
    }
  });

  it('keeps a bodiless request answered at once alive', async () => {
    const port = await refusingServer();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<string | undefined>((done, fail) => {
        http.get({ host: '127.0.0.1', port, path: '/', agent }, (res) => {
          res.resume();
          res.on('end', () => done(res.headers.connection));
        }).on('error', fail);
      });
    try {
      expect([await get(), await get()]).toEqual(['keep-alive', 'keep-alive']);
    } finally {
      agent.destroy();
    }
  });
});
