import { readGzip, readZip } from '../zip-budget';

/**
 * Opens what the stores hand out, in the browser, before anything is sent: Google Play's earnings report
 * comes as a .zip holding one CSV, App Store Connect's financial reports as .txt files (several regions in
 * one .zip) or gzipped. Archives are read under the zip budget (src/lib/zip-budget.ts: entries stored or
 * deflated, 50 MB a file, 200 MB an archive); a refusal (ZipRefused) names the file.
 */

export interface UnpackedFile {
  name: string;
  text: string;
}

const utf8 = (bytes: Uint8Array) => new TextDecoder('utf-8').decode(bytes);

/** The text files in a chosen file: a zip's entries, a gzip's content, or the file itself. */
export async function unpack(name: string, bytes: Uint8Array): Promise<UnpackedFile[]> {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) return (await readZip(name, bytes)).map((entry) => ({ name: entry.name, text: utf8(entry.data) }));
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) return [{ name: name.replace(/\.gz$/i, ''), text: utf8(await readGzip(name, bytes)) }];
  return [{ name, text: utf8(bytes) }];
}
