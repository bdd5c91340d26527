// The files of dist/client, served by the server entry (src/lib/server/entry.ts) before any request reaches
// the app. They are fixed once built, so they are indexed once at start-up: a request for any other path goes
// to the app without touching the disk. (The node adapter's own static handler stat'ed the path and opened a
// `send` stream for every request, pages and API calls included, and only then handed the misses to the app.)
// Text files are answered with their precompressed variant (src/lib/server/precompressed.ts) to clients that
// accept it.
import { createReadStream, statSync, type Stats } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, relative, sep } from 'node:path';
import { negotiateEncoding, withVary, type Encoding } from './compression';
import { filesUnder, SUFFIX } from './precompressed';

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.eot': 'application/vnd.ms-fontobject',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.wasm': 'application/wasm',
};

interface Body {
  path: string;
  size: number;
  etag: string;
}
interface StaticFile {
  type: string;
  immutable: boolean;
  modified: string;
  modifiedMs: number;
  identity: Body;
  variants: Partial<Record<Encoding, Body>>;
}

/** A weak validator from the file's size and time (what `send` sent), one per encoding. */
function etagOf(identity: Stats, encoding: Encoding | 'identity'): string {
  const base = `${identity.size.toString(16)}-${Math.floor(identity.mtimeMs).toString(16)}`;
  return `W/"${encoding === 'identity' ? base : `${base}-${encoding}`}"`;
}

/** Whether the client's cached copy is still this file (If-None-Match first, as RFC 9110 orders them). */
function notModified(req: IncomingMessage, etag: string, modifiedMs: number): boolean {
  const match = req.headers['if-none-match'];
  if (match) return match.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*');
  const since = Date.parse(String(req.headers['if-modified-since'] ?? ''));
  return Number.isFinite(since) && Math.floor(modifiedMs / 1000) * 1000 <= since;
}

/**
 * A request handler for the files under clientDir. It answers (and returns true) only a GET or HEAD of an
 * indexed file: its br or gzip variant when the client accepts one (br preferred), else the file itself, with
 * its type, Content-Length, a weak ETag per encoding (304 on revalidation), Last-Modified, `Vary:
 * Accept-Encoding` when the file has variants, and `public, max-age=31536000, immutable` for hashed files
 * under /<assetsDir>/ (`public, max-age=0` otherwise). Every other request returns false untouched.
 * No byte ranges: the console ships scripts, styles, fonts and icons, which browsers fetch whole.
 */
export function createStaticFiles(clientDir: string, assetsDir = '_astro') {
  const all = [...filesUnder(clientDir)];
  const present = new Set(all);
  const files = new Map<string, StaticFile>();
  for (const path of all) {
    // file.js.br and file.js.gz are variants of file.js, not files of their own.
    if ((path.endsWith(SUFFIX.br) || path.endsWith(SUFFIX.gzip)) && present.has(path.replace(/\.(br|gz)$/, ''))) continue;
    const stat = statSync(path);
    const variants: StaticFile['variants'] = {};
    for (const encoding of ['br', 'gzip'] as const) {
      const variant = path + SUFFIX[encoding];
      if (present.has(variant)) variants[encoding] = { path: variant, size: statSync(variant).size, etag: etagOf(stat, encoding) };
    }
    const url = '/' + relative(clientDir, path).split(sep).join('/');
    files.set(url, {
      type: CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream',
      immutable: url.startsWith(`/${assetsDir}/`),
      modified: stat.mtime.toUTCString(),
      modifiedMs: stat.mtimeMs,
      identity: { path, size: stat.size, etag: etagOf(stat, 'identity') },
      variants,
    });
  }

  const handler = (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url ?? '/';
    const end = url.search(/[?#]/);
    let pathname: string;
    try {
      pathname = decodeURIComponent(end < 0 ? url : url.slice(0, end));
    } catch {
      return false;
    }
    const file = files.get(pathname);
    if (!file) return false;

    const encodings = Object.keys(file.variants) as Encoding[];
    if (encodings.length > 0) res.setHeader('Vary', withVary(res.getHeader('vary')?.toString() ?? null));
    const encoding = encodings.length > 0 ? negotiateEncoding(req.headers['accept-encoding'], encodings) : null;
    const body = (encoding && file.variants[encoding]) || file.identity;
    res.setHeader('Content-Type', file.type);
    if (encoding) res.setHeader('Content-Encoding', encoding);
    res.setHeader('Cache-Control', file.immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=0');
    res.setHeader('ETag', body.etag);
    res.setHeader('Last-Modified', file.modified);
    if (notModified(req, body.etag, file.modifiedMs)) {
      res.statusCode = 304;
      res.end();
      return true;
    }
    res.setHeader('Content-Length', body.size);
    res.statusCode = 200;
    if (req.method === 'HEAD') {
      res.end();
      return true;
    }
    const stream = createReadStream(body.path);
    stream.once('error', (error) => {
      console.error(`[static] ${body.path}:`, error.message);
      res.destroy(error);
    });
    res.once('close', () => stream.destroy());
    stream.pipe(res);
    return true;
  };
  return Object.assign(handler, { size: files.size });
}
