// Static files compressed once, at build time: `precompressDir` runs after `astro build` (astro.config.mjs,
// hook astro:build:done) and writes file.br (brotli 11) and file.gz (gzip 9) beside every text file of
// dist/client. src/lib/server/static-files.ts serves them.
import { readdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { PRECOMPRESSED_EXTENSIONS, type Encoding } from './compression';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
export const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

export function* filesUnder(dir: string): Generator<string> {
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

