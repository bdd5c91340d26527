// HTTP compression shared by the build (precompressed static files), the server entry (serving them) and
// the middleware (HTML, JSON and text downloads compressed on the fly). See docs/decisions.md, "Compression".
import { Readable } from 'node:stream';
import { brotliCompressSync, constants, createBrotliCompress, createGzip, gzipSync } from 'node:zlib';
import { concatBytes } from '../bytes';

export type Encoding = 'br' | 'gzip';

/** Bodies smaller than this go out as they are: the compression headers would eat most of the gain. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * A body other than a page (JSON, CSV, text) that ends within this many bytes is compressed in one call on
 * the server's thread: a compression stream costs about three times the CPU of one-shot compression on a
 * 1 KB answer (measured 140–200 µs against 45 µs, brotli 4), and most API answers are a few KB. Larger
 * bodies stream, so their compression runs on libuv's threads (on the embedded database the server's own
 * thread also runs every query; 24 KB take ~0.3 ms to compress in one call). Pages keep streaming.
 */
export const ONE_SHOT_LIMIT = 16 * 1024;

/** File extensions precompressed at build time and served compressed (source maps are not shipped compressed). */
export const PRECOMPRESSED_EXTENSIONS = ['.js', '.mjs', '.css', '.svg', '.json', '.html', '.txt', '.xml', '.webmanifest'];

/**
 * The encoding to answer with for an Accept-Encoding header: br when the client takes it, else gzip, else
 * none. An explicit `q=0` refuses an encoding; `*` stands for both. Relative weights above zero are not
 * ranked (every browser that sends br prefers it). `available` narrows the choice to the encodings at hand.
 */
export function negotiateEncoding(acceptEncoding: string | null | undefined, available: readonly Encoding[] = ['br', 'gzip']): Encoding | null {
  if (!acceptEncoding) return null;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const weight = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    q.set(name.trim(), weight === undefined ? 1 : Number(weight));
  }
  const accepts = (encoding: Encoding) => (q.get(encoding) ?? q.get('*') ?? 0) > 0;
  return (['br', 'gzip'] as const).find((encoding) => available.includes(encoding) && accepts(encoding)) ?? null;
}

/** The media type of a Content-Type, without parameters, lower case ("" when there is none). */
function mediaType(contentType: string | null | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

/** Whether a Content-Type is text worth compressing (never text/event-stream, never zips such as XLSX, never images but SVG). */
export function isCompressibleType(contentType: string | null | undefined): boolean {
  const type = mediaType(contentType);
  if (!type) return false;
  if (type === 'text/event-stream') return false;
  return (
    type === 'text/html' ||
    type === 'text/plain' ||
    type === 'text/csv' ||
    type === 'text/css' ||
    type === 'text/javascript' ||
    type === 'text/xml' ||
    type === 'application/json' ||
    type.endsWith('+json') ||
    type === 'application/javascript' ||
    type === 'application/xml' ||
    type === 'image/svg+xml'
  );
}

/** Adds Accept-Encoding to a Vary header value (kept as it is when it already names it or is `*`). */
export function withVary(vary: string | null): string {
  if (!vary) return 'Accept-Encoding';
  const names = vary.split(',').map((v) => v.trim().toLowerCase());
  return names.includes('accept-encoding') || names.includes('*') ? vary : `${vary}, Accept-Encoding`;
}

/**
 * The response compressed for the request when the client accepts br or gzip and the body is compressible
 * text of at least COMPRESS_THRESHOLD bytes; otherwise the same response (with `Vary: Accept-Encoding` when
 * its type is compressible). Never touches HEAD answers, bodiless statuses, partial content, bodies that
 * already have a Content-Encoding, or answers marked `Cache-Control: no-transform`.
 *
 * Pages stay streams: the first KB is read to apply the threshold, then the rest is compressed as it
 * comes, flushed whenever the renderer pauses (so a page still arrives progressively). Other bodies are
 * read up to ONE_SHOT_LIMIT and, when they end there, compressed in one call with a Content-Length.
 */
export async function compressResponse(request: Request, response: Response): Promise<Response> {
  if (request.method === 'HEAD' || !response.body || response.status < 200 || [204, 206, 304].includes(response.status)) return response;
  if (response.headers.has('content-encoding') || !isCompressibleType(response.headers.get('content-type'))) return response;
  if (/\bno-transform\b/i.test(response.headers.get('cache-control') ?? '')) return response;

  const headers = new Headers(response.headers);
  headers.set('vary', withVary(headers.get('vary')));
  const init = { status: response.status, statusText: response.statusText, headers };
  const length = Number(response.headers.get('content-length') ?? NaN);
  const encoding = negotiateEncoding(request.headers.get('accept-encoding'));
  if (encoding === null || length < COMPRESS_THRESHOLD) return new Response(response.body, init);

  // Read until the threshold is reached (or the body ends) to know whether the body is worth compressing;
  // a body other than a page, on to the one-shot limit.
  const page = mediaType(response.headers.get('content-type')) === 'text/html';
  const readTo = page ? COMPRESS_THRESHOLD : ONE_SHOT_LIMIT;
  const reader = response.body.getReader();
  const head: Uint8Array[] = [];
  let size = 0;
  let ended = false;
  while (size < readTo) {
    const { done, value } = await reader.read();
    if (done) {
      ended = true;
      break;
    }
    head.push(value);
    size += value.byteLength;
  }
  if (ended && size < COMPRESS_THRESHOLD) return new Response(concatBytes(head, size), init);

  headers.set('content-encoding', encoding);
  // A strong validator names exact bytes; the compressed bytes differ, so it can only stay as a weak one.
  const etag = headers.get('etag');
  if (etag && !etag.startsWith('W/')) headers.set('etag', `W/${etag}`);
  if (ended) {
    const compressed = compressWhole(concatBytes(head, size), encoding);
    headers.set('content-length', String(compressed.byteLength));
    return new Response(compressed, init);
  }
  headers.delete('content-length');
  return new Response(compressStream(head, reader, encoding), init);
}

function compressWhole(body: Uint8Array, encoding: Encoding): Uint8Array<ArrayBuffer> {
  const out =
    encoding === 'br'
      ? brotliCompressSync(body, { params: { ...BROTLI_ON_THE_FLY, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } })
      : gzipSync(body, { level: GZIP_ON_THE_FLY });
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength) as Uint8Array<ArrayBuffer>;
}


/**
 * On-the-fly levels: brotli 4 and gzip 6; 11 is for the build only. Measured on the dashboard's 72 KB of
 * HTML: brotli 4 takes 1.5 ms for 11.2 KB, brotli 5 4.5 ms for 10.1 KB — a tenth more bytes for a third
 * of the CPU, on the request path of every page.
 */
const BROTLI_ON_THE_FLY = { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT };
const GZIP_ON_THE_FLY = 6;

function compressStream(head: Uint8Array[], reader: ReadableStreamDefaultReader<Uint8Array>, encoding: Encoding): ReadableStream<Uint8Array> {
  const zlib = encoding === 'br' ? createBrotliCompress({ params: BROTLI_ON_THE_FLY }) : createGzip({ level: GZIP_ON_THE_FLY });
  let closed = false;
  zlib.once('close', () => {
    closed = true;
    reader.cancel().catch(() => {});
  });
  // Everything written in one turn of the event loop goes out in one flush: a page rendered in one go is
  // compressed as a whole, a page waiting on the database sends what it has so far.
  let flushing = false;
  const flushSoon = () => {
    if (flushing) return;
    flushing = true;
    setImmediate(() => {
      flushing = false;
      if (!closed && !zlib.writableEnded) zlib.flush();
    });
  };
  const write = async (chunk: Uint8Array) => {
    if (!zlib.write(chunk)) await new Promise((resolve) => (zlib.once('drain', resolve), zlib.once('close', resolve)));
    flushSoon();
  };
  void (async () => {
    try {
      for (const chunk of head) await write(chunk);
      while (!closed) {
        const { done, value } = await reader.read();
        if (done) break;
        await write(value);
      }
      if (!closed) zlib.end();
    } catch (error) {
      zlib.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  // Node types Readable.toWeb as its own stream/web ReadableStream<any>; the Response wants the DOM one (same object).
  return Readable.toWeb(zlib) as unknown as ReadableStream<Uint8Array>;
}
