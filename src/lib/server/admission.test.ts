import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createAdmission } from './admission';

// A real HTTP server behind the admission: each request's path says how long its handler takes.
let server: http.Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  return new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

async function serve(options: { limit: number; lendAfterMs: number }) {
  const admission = createAdmission(options);
  const started: string[] = [];
  server = http.createServer((req, res) =>
    admission.admit(req, res, () => {
      started.push(req.url!);
      const ms = Number(new URL(req.url!, 'http://x').searchParams.get('ms') ?? 0);
      setTimeout(() => res.end(req.url), ms);
    }),
  );
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const get = (path: string, signal?: AbortSignal) => fetch(base + path, { signal }).then((r) => r.text());
  return { admission, started, get };
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('admission', () => {
  it('lets `limit` in at once and the rest in the order they arrived', async () => {
    const { admission, started, get } = await serve({ limit: 2, lendAfterMs: 10_000 });
    const answers = [get('/a?ms=150'), get('/b?ms=150')];
    await pause(40);
    answers.push(get('/c?ms=0'));
    await pause(20);
    answers.push(get('/d?ms=0'));
    await pause(40);
    expect(started).toEqual(['/a?ms=150', '/b?ms=150']);
    expect(admission.state).toEqual({ inside: 2, waiting: 2 });
    expect(await Promise.all(answers)).toEqual(['/a?ms=150', '/b?ms=150', '/c?ms=0', '/d?ms=0']);
    expect(started).toEqual(['/a?ms=150', '/b?ms=150', '/c?ms=0', '/d?ms=0']);
    expect(admission.state).toEqual({ inside: 0, waiting: 0 });
  });

  it('never holds /api/health back', async () => {
    const { started, get } = await serve({ limit: 1, lendAfterMs: 10_000 });
    let slowDone = false;
    const slow = get('/slow?ms=300').then(() => (slowDone = true));
    await pause(30);
    expect(await get('/api/health')).toBe('/api/health');
    // Answered while the one place was still taken.
    expect(slowDone).toBe(false);
    expect(started).toEqual(['/slow?ms=300', '/api/health']);
    await slow;
  });

  it('lends the place of a request inside too long to the next in line', async () => {
    const { started, get } = await serve({ limit: 1, lendAfterMs: 100 });
    let stuckDone = false;
    const stuck = get('/stuck?ms=600').then(() => (stuckDone = true));
    await pause(20);
    const next = get('/next?ms=0');
    expect(await next).toBe('/next?ms=0');
    expect(stuckDone).toBe(false);
    expect(started).toEqual(['/stuck?ms=600', '/next?ms=0']);
    await stuck;
  });

  it('skips a client that gave up while waiting, and counts its place free again', async () => {
    const { admission, started, get } = await serve({ limit: 1, lendAfterMs: 10_000 });
    const first = get('/first?ms=150');
    await pause(20);
    const abort = new AbortController();
    const gaveUp = get('/gave-up?ms=0', abort.signal).catch((e: Error) => e.name);
    await pause(20);
    const last = get('/last?ms=0');
    await pause(20);
    abort.abort();
    expect(await gaveUp).toBe('AbortError');
    expect(await first).toBe('/first?ms=150');
    expect(await last).toBe('/last?ms=0');
    expect(started).toEqual(['/first?ms=150', '/last?ms=0']);
    expect(admission.state).toEqual({ inside: 0, waiting: 0 });
  });
});
