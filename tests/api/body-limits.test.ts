import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { baseUrl, raw, rssBytes, serverPid } from './helpers';

/**
 * Streams `megabytes` of a JSON string as a chunked body (no Content-Length) for as long as the server reads
 * it; answers the status and message the server sent, and how much was sent before it stopped reading.
 */
function chunkedUpload(path: string, megabytes: number, headers: Record<string, string> = {}): Promise<{ status: number; message: string; sentMb: number }> {
  // A connection reset before the answer could be read is status 0. The server's lingering close lets a client still
  // sending read its 413 (src/lib/server/connection-guards.ts; Node's own close after the answer defeated it until
  // 27-11-2026, which lost 1 upload in 6 in one CI run). The 300 MB test below is about memory and still counts a
  // reset as refused; the one after it demands the 413.
  const url = new URL(path, baseUrl);
  const chunk = Buffer.alloc(64 * 1024, 'a');
  return new Promise((done, fail) => {
    let sent = 0;
    let finished = false;
    const req = request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked', ...headers } });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => {
        finished = true;
        done({ status: res.statusCode ?? 0, message: (JSON.parse(body) as { message: string }).message, sentMb: sent / 2 ** 20 });
      });
    });
    req.on('error', (error) => {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (finished) return;
      if (code !== 'EPIPE' && code !== 'ECONNRESET') return fail(error);
      finished = true;
      done({ status: 0, message: '', sentMb: sent / 2 ** 20 });
    });
    const pump = () => {
      while (!finished && sent < megabytes * 2 ** 20) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!finished) req.end('"}');
    };
    req.write('{"events":"');
    pump();
  });
}

describe('request bodies are limited while they stream in', () => {
  it('cuts 300 MB chunked bodies to the public endpoints at their limit with 413, and the server barely grows', async () => {
    const pid = serverPid();
    const before = rssBytes(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssBytes(pid))), 20);
    try {
      // Raw (SDK paths too): endless chunked bodies on purpose, which the typed client cannot send.
      const answers = await Promise.all([
        chunkedUpload('/api/auth/login', 300),
        chunkedUpload('/api/auth/logout', 300),
        chunkedUpload('/api/auth/refreshToken', 300),
        chunkedUpload('/api/sdk/v1/events', 300, { 'x-sdk-key': 'any' }),
        chunkedUpload('/api/sdk/v1/events', 300, { 'x-sdk-key': 'any' }),
        chunkedUpload('/api/auth/login', 300),
      ]);
      for (const answer of answers) expect([413, 0]).toContain(answer.status);
      for (const answer of answers.filter((a) => a.status === 413)) expect(answer.message).toMatch(/^Request body is too large \(limit (4096|1048576) bytes\)\.$/);
      // Each upload stopped near its limit (plus what the lingering close reads and drops), far from 300 MB.
      for (const answer of answers) expect(answer.sentMb).toBeLessThan(50);
    } finally {
      clearInterval(sampler);
    }
    expect((peak - before) / 2 ** 20).toBeLessThan(50);
    // The server still answers.
    expect((await raw('GET', '/api/health')).status).toBe(200);
  }, 60_000);

  it('answers 413 with the limit to a chunked body over it that the client finished sending', async () => {
    // Raw (SDK path too): a chunked body over the limit on purpose, which the typed client cannot send.
    for (const [path, limit, megabytes] of [['/api/auth/login', 4096, 0.0625], ['/api/sdk/v1/events', 1048576, 1.02]] as const) {
      const answer = await chunkedUpload(path, megabytes, { 'x-sdk-key': 'any' });
      expect([answer.status, answer.message], path).toEqual([413, `Request body is too large (limit ${limit} bytes).`]);
    }
  });

  it('still takes a chunked body under the limit', async () => {
    const url = new URL('/api/auth/login', baseUrl);
    const status = await new Promise<number>((done, fail) => {
      const req = request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } }, (res) => {
        res.resume();
        done(res.statusCode ?? 0);
      });
      req.on('error', fail);
      req.write('{"username":"no-such-user-body",');
      req.end('"password":"x"}');
    });
    expect(status).toBe(401);
  });
});
