// Static files compressed once, at build time, and served as they are: `precompressDir` runs after
// `astro build` (astro.config.mjs, hook astro:build:done) and writes file.br (brotli 11) and file.gz
// (gzip 9) beside every text file of dist/client; `createPrecompressedStatic` answers those files to
// clients that accept them (src/lib/server/entry.ts puts it in front of the node adapter's own handler).
import { createReadStream, readdirSync, statSync, type Stats } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { negotiateEncoding, PRECOMPRESSED_EXTENSIONS, withVary, type Encoding } from './compression';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

export interface PrecompressSummary {
  files: number;
  raw: number;
  br: number;
  gzip: number;
}

/**
 * Writes file.br and file.gz beside every compressible file under dir (two at a time: the build machine
 * may be small). A variant that would not be smaller is not written; the server then sends the file as is.
 */
export async function precompressDir(dir: string): Promise<PrecompressSummary> {
  const files = [...filesUnder(dir)].filter((f) => PRECOMPRESSED_EXTENSIONS.includes(extname(f).toLowerCase()));
  const summary: PrecompressSummary = { files: 0, raw: 0, br: 0, gzip: 0 };
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++]!;
      const raw = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(raw, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
        }),
        gzipAsync(raw, { level: 9 }),
      ]);
      summary.files++;
      summary.raw += raw.length;
      summary.br += Math.min(br.length, raw.length);
      summary.gzip += Math.min(gz.length, raw.length);
      if (br.length < raw.length) await writeFile(file + SUFFIX.br, br);
      if (gz.length < raw.length) await writeFile(file + SUFFIX.gzip, gz);
    }
  };
  await Promise.all([worker(), worker()]);
  return summary;
}

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
};

interface Variant {
  path: string;
  size: number;
  etag: string;
}
interface PrecompressedFile {
  type: string;
  immutable: boolean;
  modified: string;
  variants: Partial<Record<Encoding, Variant>>;
}

function variant(path: string, encoding: Encoding, identity: Stats): Variant | undefined {
  let stat: Stats;
  try {
    stat = statSync(path);
  } catch {
    return undefined;
  }
  return { path, size: stat.size, etag: `W/"${identity.size.toString(16)}-${Math.floor(identity.mtimeMs).toString(16)}-${encoding}"` };
}

/**
 * A request handler for the precompressed files under clientDir, indexed once at startup. It answers (and
 * returns true) only a GET or HEAD of such a file from a client that accepts one of its encodings; every
 * other request returns false untouched, except that a file with variants gets `Vary: Accept-Encoding`
 * on its identity answer too. Hashed files under /<assetsDir>/ keep the adapter's immutable cache header.
 */
export function createPrecompressedStatic(clientDir: string, assetsDir = '_astro') {
  const files = new Map<string, PrecompressedFile>();
  for (const path of filesUnder(clientDir)) {
    const type = CONTENT_TYPES[extname(path).toLowerCase()];
    if (!type) continue;
    const identity = statSync(path);
    const variants: PrecompressedFile['variants'] = {};
    for (const encoding of ['br', 'gzip'] as const) {
      const found = variant(path + SUFFIX[encoding], encoding, identity);
      if (found) variants[encoding] = found;
    }
    if (!variants.br && !variants.gzip) continue;
    const url = '/' + relative(clientDir, path).split(sep).join('/');
    files.set(url, { type, immutable: url.startsWith(`/${assetsDir}/`), modified: identity.mtime.toUTCString(), variants });
  }

  const handler = (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    } catch {
      return false;
    }
    const file = files.get(pathname);
    if (!file) return false;
    res.setHeader('Vary', withVary(res.getHeader('vary')?.toString() ?? null));
    const encoding = negotiateEncoding(req.headers['accept-encoding'], Object.keys(file.variants) as Encoding[]);
    const chosen = encoding ? file.variants[encoding] : undefined;
    if (!encoding || !chosen) return false;

    res.setHeader('Content-Type', file.type);
    res.setHeader('Content-Encoding', encoding);
    res.setHeader('Cache-Control', file.immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=0');
    res.setHeader('ETag', chosen.etag);
    res.setHeader('Last-Modified', file.modified);
    const match = req.headers['if-none-match'];
    if (match && match.split(',').some((tag) => tag.trim() === chosen.etag || tag.trim() === '*')) {
      res.statusCode = 304;
      res.end();
      return true;
    }
    res.setHeader('Content-Length', chosen.size);
    res.statusCode = 200;
    if (req.method === 'HEAD') {
      res.end();
      return true;
    }
    const stream = createReadStream(chosen.path);
    stream.once('error', (error) => {
      console.error(`[static] ${pathname}.${encoding}:`, error.message);
      res.destroy(error);
    });
    res.once('close', () => stream.destroy());
    stream.pipe(res);
    return true;
  };
  return Object.assign(handler, { size: files.size });
}
