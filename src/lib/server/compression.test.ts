import { brotliDecompressSync, createBrotliDecompress, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressResponse, isCompressibleType, negotiateEncoding, ONE_SHOT_LIMIT, withVary } from './compression';

const get = (acceptEncoding?: string, method = 'GET') =>
  new Request('http://x/p', { method, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });
const big = JSON.stringify({ data: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `row ${i}` })) });
const bytes = async (r: Response) => Buffer.from(await r.arrayBuffer());

describe('negotiateEncoding', () => {
  it('prefers br, falls back to gzip, honours q=0 and *', () => {
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('*, br;q=0')).toBe('gzip');
    expect(negotiateEncoding('')).toBeNull();
    expect(negotiateEncoding(null)).toBeNull();
    expect(negotiateEncoding('br, gzip', ['gzip'])).toBe('gzip');
  });
});

describe('isCompressibleType and withVary', () => {
  it('takes text and JSON, never event streams or zips', () => {
    for (const t of ['text/html', 'text/html; charset=utf-8', 'application/json; charset=utf-8', 'text/csv', 'image/svg+xml', 'application/problem+json']) expect(isCompressibleType(t), t).toBe(true);
    for (const t of ['text/event-stream', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'image/png', 'application/zip', '', null]) expect(isCompressibleType(t), String(t)).toBe(false);
  });
  it('adds Accept-Encoding to Vary once', () => {
    expect(withVary(null)).toBe('Accept-Encoding');
    expect(withVary('Cookie')).toBe('Cookie, Accept-Encoding');
    expect(withVary('accept-encoding')).toBe('accept-encoding');
    expect(withVary('*')).toBe('*');
  });
});

describe('compressResponse', () => {
  const json = (body: string, headers: Record<string, string> = {}) => new Response(body, { status: 200, headers: { 'content-type': 'application/json', ...headers } });

  it('compresses a body over the threshold as accepted, keeping status and headers', async () => {
    const br = await compressResponse(get('br, gzip'), json(big, { 'x-request-id': 'r1' }));
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(br.headers.get('x-request-id')).toBe('r1');
    expect(brotliDecompressSync(await bytes(br)).toString()).toBe(big);
    const gz = await compressResponse(get('gzip'), json(big));
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(await bytes(gz)).toString()).toBe(big);
  });

  it('compresses a stream that arrives in pieces, flushing as it goes', async () => {
    const parts = ['<!doctype html><html><body>', 'x'.repeat(2000), '<p>later</p>', '</body></html>'];
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        for (const part of parts) {
          controller.enqueue(new TextEncoder().encode(part));
          await new Promise((r) => setTimeout(r, 5));
        }
        controller.close();
      },
    });
    const answer = await compressResponse(get('br'), new Response(body, { headers: { 'content-type': 'text/html' } }));
    expect(answer.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(await bytes(answer)).toString()).toBe(parts.join(''));
  });

  it('sends what the renderer has so far while it waits (a page still arrives progressively)', async () => {
    let release!: () => void;
    const waiting = new Promise<void>((r) => (release = r));
    const first = '<!doctype html><html><body>' + 'x'.repeat(2000);
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new TextEncoder().encode(first));
        await waiting;
        controller.enqueue(new TextEncoder().encode('</body></html>'));
        controller.close();
      },
    });
    const answer = await compressResponse(get('br'), new Response(body, { headers: { 'content-type': 'text/html' } }));
    const reader = answer.body!.getReader();
    const decoder = createBrotliDecompress();
    let text = '';
    decoder.on('data', (chunk: Buffer) => (text += chunk.toString()));
    while (text.length < first.length) {
      const { done, value } = await reader.read();
      expect(done, 'the first part arrives before the body ends').toBe(false);
      await new Promise((r) => decoder.write(value, r));
      await new Promise((r) => setImmediate(r));
    }
    expect(text).toBe(first);
    release();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      decoder.write(value);
    }
    await new Promise((r) => decoder.end(r));
    expect(text).toBe(first + '</body></html>');
  });

  it('compresses an answer that ends within the one-shot limit whole, with its Content-Length; a longer one as a stream', async () => {
    const pieces = (text: string, size: number) =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          const all = new TextEncoder().encode(text);
          for (let at = 0; at < all.length; at += size) controller.enqueue(all.subarray(at, at + size));
          controller.close();
        },
      });
    const whole = await compressResponse(get('br'), new Response(pieces(big, 700), { headers: { 'content-type': 'application/json', 'content-length': String(big.length) } }));
    expect(whole.headers.get('content-encoding')).toBe('br');
    const wholeBytes = await bytes(whole);
    expect(Number(whole.headers.get('content-length'))).toBe(wholeBytes.length);
    expect(brotliDecompressSync(wholeBytes).toString()).toBe(big);

    const long = JSON.stringify({ data: Array.from({ length: 5000 }, (_, i) => ({ id: i, name: `row ${i}` })) });
    expect(long.length).toBeGreaterThan(ONE_SHOT_LIMIT);
    const streamed = await compressResponse(get('gzip'), new Response(pieces(long, 4096), { headers: { 'content-type': 'text/csv' } }));
    expect(streamed.headers.get('content-encoding')).toBe('gzip');
    expect(streamed.headers.get('content-length')).toBeNull();
    expect(gunzipSync(await bytes(streamed)).toString()).toBe(long);
  });

  it('leaves small bodies, unaccepted encodings, HEAD, event streams, zips and encoded bodies as they are', async () => {
    const small = await compressResponse(get('br'), json('{"data":{"ok":true}}'));
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(small.headers.get('vary')).toBe('Accept-Encoding');
    expect(await small.text()).toBe('{"data":{"ok":true}}');
    const identity = await compressResponse(get(), json(big));
    expect(identity.headers.get('content-encoding')).toBeNull();
    expect(identity.headers.get('vary')).toBe('Accept-Encoding');
    expect(await identity.text()).toBe(big);
    expect((await compressResponse(get('br', 'HEAD'), json(big))).headers.get('content-encoding')).toBeNull();
    expect((await compressResponse(get('br'), new Response(big, { headers: { 'content-type': 'text/event-stream' } }))).headers.get('content-encoding')).toBeNull();
    const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    expect((await compressResponse(get('br'), new Response(big, { headers: { 'content-type': xlsx } }))).headers.get('content-encoding')).toBeNull();
    const encoded = await compressResponse(get('br'), json(big, { 'content-encoding': 'gzip' }));
    expect(encoded.headers.get('content-encoding')).toBe('gzip');
    expect(await encoded.text()).toBe(big);
    expect((await compressResponse(get('br'), json(big, { 'cache-control': 'no-transform' }))).headers.get('content-encoding')).toBeNull();
  });
});
