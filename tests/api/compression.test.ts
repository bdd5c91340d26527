import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { reportScreens } from '../../src/app/screens';
import { reportQuery } from '../../src/islands/reports/use-report';
import { baseUrl, tokensFor } from './helpers';

/**
 * Compressed delivery against the built server (docs/decisions.md, "Compression"): static files answered
 * precompressed by the server entry, pages and API answers compressed on the fly by the middleware.
 * node:http, not fetch: fetch decompresses transparently and would hide what went over the wire.
 */
interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}
function get(path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
/** The body as the client reads it, decoded per its Content-Encoding. */
function decoded(r: Raw): Buffer {
  const encoding = r.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(r.body);
  if (encoding === 'gzip') return gunzipSync(r.body);
  expect(encoding).toBeUndefined();
  return r.body;
}
const varies = (r: Raw) => String(r.headers.vary ?? '').toLowerCase().includes('accept-encoding');

let auth: Record<string, string>;
let js: string;
let css: string[];
beforeAll(async () => {
  auth = { authorization: `Bearer ${(await tokensFor('root')).accessToken}` };
  const html = decoded(await get('/dashboard', auth)).toString('utf8');
  css = [...html.matchAll(/<link[^>]*href="(\/_astro\/[^"]+\.css)"/g)].map((m) => m[1]!);
  js = /"(\/_astro\/[^"]+\.js)"/.exec(html)?.[1] ?? '';
});

describe('static assets (precompressed at build time)', () => {
  it('finds a hashed JS asset and the stylesheets on a signed-in page', () => {
    expect(js).toMatch(/^\/_astro\/.+\.[\w-]+\.js$/);
    expect(css.length).toBeGreaterThan(0);
  });

  it('answers br when asked for br, gzip when asked for gzip only, identity otherwise: same bytes, same type and cache headers', async () => {
    for (const path of [js, ...css]) {
      const identity = await get(path);
      expect(identity.status, path).toBe(200);
      expect(identity.headers['content-encoding'], path).toBeUndefined();
      expect(varies(identity), path).toBe(true);
      const br = await get(path, { 'accept-encoding': 'gzip, deflate, br' });
      const gzip = await get(path, { 'accept-encoding': 'gzip' });
      const refused = await get(path, { 'accept-encoding': 'br;q=0, gzip;q=0' });
      expect(br.headers['content-encoding'], path).toBe('br');
      expect(gzip.headers['content-encoding'], path).toBe('gzip');
      expect(refused.headers['content-encoding'], path).toBeUndefined();
      for (const answer of [br, gzip]) {
        expect(answer.status, path).toBe(200);
        expect(varies(answer), path).toBe(true);
        expect(answer.headers['content-type'], path).toBe(identity.headers['content-type']);
        expect(answer.headers['cache-control'], path).toBe('public, max-age=31536000, immutable');
        expect(Number(answer.headers['content-length']), path).toBe(answer.body.length);
        expect(answer.body.length, path).toBeLessThan(identity.body.length);
        expect(decoded(answer).equals(identity.body), path).toBe(true);
      }
      expect(br.body.length, path).toBeLessThanOrEqual(gzip.body.length);
      expect(refused.body.equals(identity.body), path).toBe(true);
    }
  });

  it('answers 304 to a revalidation with the ETag of the encoded file, and HEAD without a body', async () => {
    const first = await get(js, { 'accept-encoding': 'br' });
    const again = await get(js, { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const head = await new Promise<Raw>((resolve, reject) => {
      const req = request(`${baseUrl}${js}`, { method: 'HEAD', headers: { 'accept-encoding': 'br' } }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.alloc(0) }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(Number(head.headers['content-length'])).toBe(first.body.length);
  });
});

describe('static files without variants, and paths that are not files', () => {
  it('serves a file with no compressed variant as it is, with its type and the immutable cache, and revalidates it by ETag and by date', async () => {
    // The console ships no font (system fonts; icons are CSS masks), so the file is one the build left without a
    // .br/.gz beside it: one too small to be worth compressing. Read from the build the server serves.
    const dir = join(process.cwd(), 'dist/client/_astro');
    const plain = readdirSync(dir).find((f) => !/\.(br|gz)$/.test(f) && !existsSync(join(dir, `${f}.br`)) && !existsSync(join(dir, `${f}.gz`)));
    expect(plain, 'a built file with no compressed variant').toBeTruthy();
    const path = `/_astro/${plain!}`;
    const answer = await get(path, { 'accept-encoding': 'br, gzip' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^(text|application)\/javascript|^text\/css/);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(answer.body.equals(readFileSync(join(dir, plain!)))).toBe(true);
    expect((await get(path, { 'if-none-match': String(answer.headers.etag) })).status).toBe(304);
    expect((await get(path, { 'if-modified-since': String(answer.headers['last-modified']) })).status).toBe(304);
    expect((await get(path, { 'if-modified-since': 'Thu, 01 Jan 2015 00:00:00 GMT' })).status).toBe(200);
  });

  it('answers a missing asset with the 404 page, an API path with JSON, and an undecodable URL with 400', async () => {
    const missing = await get('/_astro/no-such-file.js', auth);
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^text\/html/);
    const api = await get('/api/no/such/route', auth);
    expect(api.status).toBe(404);
    expect(JSON.parse(api.body.toString('utf8'))).toHaveProperty('message');
    const bad = await get('/%E0%A4%A');
    expect(bad.status).toBe(400);
  });
});

describe('pages and API answers (compressed on the fly)', () => {
  it('compresses a signed-in page, br or gzip as accepted, with Vary', async () => {
    const identity = await get('/dashboard', auth);
    expect(identity.status).toBe(200);
    expect(identity.headers['content-encoding']).toBeUndefined();
    for (const [accept, encoding] of [['br, gzip', 'br'], ['gzip', 'gzip']] as const) {
      const answer = await get('/dashboard', { ...auth, 'accept-encoding': accept });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
      expect(varies(answer)).toBe(true);
      expect(answer.body.length).toBeLessThan(identity.body.length / 3);
      const html = decoded(answer).toString('utf8');
      expect(html).toMatch(/<title>Dashboard - /);
      expect(html.trimEnd()).toMatch(/<\/html>$/);
    }
  });

  it('compresses a JSON answer over the threshold, with Vary, and decodes to the same JSON', async () => {
    const identity = await get('/api/adminAccount/allAccount?limit=100', auth);
    expect(identity.status).toBe(200);
    expect(identity.body.length).toBeGreaterThan(1024);
    const answer = await get('/api/adminAccount/allAccount?limit=100', { ...auth, 'accept-encoding': 'br, gzip' });
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(varies(answer)).toBe(true);
    expect(answer.headers['x-request-id']).toBeTruthy();
    expect(JSON.parse(decoded(answer).toString('utf8'))).toEqual(JSON.parse(identity.body.toString('utf8')));
  });

  it('leaves a small JSON answer (/api/health) uncompressed', async () => {
    const answer = await get('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBeLessThan(1024);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(answer.body.toString('utf8'))).toHaveProperty('data');
  });

  it('compresses a CSV export over the threshold, never an XLSX one (already a zip)', async () => {
    let compressedCsv = 0;
    for (const d of Object.values(reportScreens)) {
      const query = reportQuery(d.contract.request.parse({ apps: ['com.gsm.blockpuzzle'] }) as Record<string, unknown>);
      const csv = await get(`${d.api}/export?${query}&format=csv`, { ...auth, 'accept-encoding': 'gzip' });
      expect(csv.status, d.id).toBe(200);
      expect(csv.headers['content-type'], d.id).toMatch(/^text\/csv/);
      expect(csv.headers['content-disposition'], d.id).toBeTruthy();
      const size = decoded(csv).length;
      expect(csv.headers['content-encoding'], `${d.id}: ${size} bytes`).toBe(size >= 1024 ? 'gzip' : undefined);
      if (csv.headers['content-encoding']) compressedCsv++;
      const xlsx = await get(`${d.api}/export?${query}&format=xlsx`, { ...auth, 'accept-encoding': 'br, gzip' });
      expect(xlsx.status, d.id).toBe(200);
      expect(xlsx.headers['content-encoding'], d.id).toBeUndefined();
      expect(xlsx.body.subarray(0, 2).toString('latin1'), d.id).toBe('PK');
    }
    expect(compressedCsv, 'at least one report exports a CSV over 1 KB').toBeGreaterThan(0);
  });
});
