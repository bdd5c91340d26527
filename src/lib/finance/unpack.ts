/**
 * Opens what the stores hand out, in the browser, before anything is sent: Google Play's earnings report
 * comes as a .zip holding one CSV, App Store Connect's financial reports as .txt files (several regions in
 * one .zip) or gzipped. Only what those archives use is read: zip entries stored (method 0) or deflated
 * (method 8), and gzip; inflating is the platform's own DecompressionStream, so no library ships for it.
 */

export interface UnpackedFile {
  name: string;
  text: string;
}

async function inflate(bytes: Uint8Array, format: 'deflate-raw' | 'gzip'): Promise<Uint8Array> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new DecompressionStream(format));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

const utf8 = (bytes: Uint8Array) => new TextDecoder('utf-8').decode(bytes);

/** The text files of a zip archive (folders and macOS resource forks skipped), read from its central directory. */
export async function unzip(bytes: Uint8Array): Promise<UnpackedFile[]> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end-of-central-directory record sits in the last 22 bytes plus a comment of at most 65,535.
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Error('is not a zip archive');
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const files: UnpackedFile[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) throw new Error('has a damaged zip directory');
    const method = view.getUint16(at + 10, true);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    const name = utf8(bytes.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;
    if (name.endsWith('/') || name.startsWith('__MACOSX/')) continue;
    if (view.getUint32(local, true) !== 0x04034b50) throw new Error(`has a damaged entry ${name}`);
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = bytes.subarray(start, start + size);
    if (method === 0) files.push({ name, text: utf8(data) });
    else if (method === 8) files.push({ name, text: utf8(await inflate(data, 'deflate-raw')) });
    else throw new Error(`holds ${name} packed in a way the console cannot open (method ${method}); unpack it and choose the file itself`);
  }
  return files;
}

/** The text files in a chosen file: a zip's entries, a gzip's content, or the file itself. */
export async function unpack(name: string, bytes: Uint8Array): Promise<UnpackedFile[]> {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) return unzip(bytes);
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) return [{ name: name.replace(/\.gz$/i, ''), text: utf8(await inflate(bytes, 'gzip')) }];
  return [{ name, text: utf8(bytes) }];
}
