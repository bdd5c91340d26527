/**
 * Every zip the console opens — Excel workbooks on the server (finance imports) and in the browser (the Excel →
 * JSON tool), store-report archives in the browser — goes through here before any library sees it. A zip bomb
 * (a few hundred KB that inflate to gigabytes) is stopped by a budget: each entry's size as its directory
 * declares it and as it really inflates is capped, and so is the whole archive's. Inflation is streamed and
 * stops at the cap, so a bomb costs at most one chunk past the cap in memory (checkZip keeps nothing).
 * Inflating is the platform's DecompressionStream (Node and browsers alike), so no library is needed.
 */
import { concatBytes } from './bytes';

const MB = 1024 * 1024;

/** The caps: one entry (a sheet, a report file) and a whole archive, inflated. */
export const ZIP_LIMITS = { entryBytes: 50 * MB, archiveBytes: 200 * MB } as const;

/** A zip refused before any library saw it; the message names the file ("book.xlsx: a sheet … inflates beyond 50 MB"). */
export class ZipRefused extends Error {}

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated: the only methods read (what Excel, the stores and JSZip use). */
  method: number;
  /** Where the entry's packed data starts in the file, and its length. */
  start: number;
  compressedSize: number;
  /** The inflated size the central directory declares (a bomb may lie: the actual size is counted too). */
  declaredSize: number;
}

const mb = (bytes: number) => `${Math.round(bytes / MB)} MB`;
/** How an entry is named in a refusal: a workbook's sheets as sheets, anything else by its path. */
const describe = (name: string) => (/^xl\/worksheets\/[^/]+\.xml$/i.test(name) ? `a sheet (${name})` : name);

/**
 * The entries of a zip from its central directory (folders and macOS resource forks left out), with their
 * declared sizes checked against the caps before anything is inflated.
 */
export function zipEntries(fileName: string, bytes: Uint8Array, limits = ZIP_LIMITS): ZipEntry[] {
  const refuse = (why: string) => new ZipRefused(`${fileName}: ${why}`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end-of-central-directory record sits in the last 22 bytes plus a comment of at most 65,535.
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw refuse('is not a zip archive');
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  if (count === 0xffff || at === 0xffffffff) throw refuse('is a ZIP64 archive, which the console does not open');
  const entries: ZipEntry[] = [];
  let declaredTotal = 0;
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) throw refuse('has a damaged zip directory');
    const method = view.getUint16(at + 10, true);
    const compressedSize = view.getUint32(at + 20, true);
    const declaredSize = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    const name = new TextDecoder('utf-8').decode(bytes.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;
    if (name.endsWith('/') || name.startsWith('__MACOSX/')) continue;
    if (compressedSize === 0xffffffff || declaredSize === 0xffffffff) throw refuse(`${name} is a ZIP64 entry, which the console does not open`);
    if (method !== 0 && method !== 8) throw refuse(`holds ${name} packed in a way the console cannot open (method ${method}); unpack it and choose the file itself`);
    if (declaredSize > limits.entryBytes) throw refuse(`${describe(name)} inflates beyond ${mb(limits.entryBytes)}`);
    declaredTotal += declaredSize;
    if (declaredTotal > limits.archiveBytes) throw refuse(`its contents inflate beyond ${mb(limits.archiveBytes)}`);
    if (local + 30 > bytes.length || view.getUint32(local, true) !== 0x04034b50) throw refuse(`has a damaged entry ${name}`);
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    if (start + compressedSize > bytes.length) throw refuse(`has a damaged entry ${name}`);
    entries.push({ name, method, start, compressedSize, declaredSize });
  }
  return entries;
}

/** What is left of an archive's budget while its entries are inflated one after the other. */
interface Budget {
  archiveLeft: number;
}

/**
 * Inflates `packed` (raw deflate or gzip) a chunk at a time, counting; stops and refuses as soon as the count
 * passes `entryCap` or the archive's budget. Answers the bytes when `keep`, else null (a check only).
 */
async function inflateCapped(packed: Uint8Array, format: 'deflate-raw' | 'gzip', keep: boolean, entryCap: number, budget: Budget, refuse: (why: string) => ZipRefused, label: string, archiveCap: number): Promise<Uint8Array | null> {
  const stream = new Blob([packed as BlobPart]).stream().pipeThrough(new DecompressionStream(format));
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      let step: ReadableStreamReadResult<Uint8Array>;
      try {
        step = await reader.read();
      } catch {
        throw refuse(`${label} is damaged (it does not inflate)`);
      }
      if (step.done) break;
      size += step.value.byteLength;
      budget.archiveLeft -= step.value.byteLength;
      if (size > entryCap) throw refuse(`${label} inflates beyond ${mb(entryCap)}`);
      if (budget.archiveLeft < 0) throw refuse(`its contents inflate beyond ${mb(archiveCap)}`);
      if (keep) chunks.push(step.value);
    }
  } catch (error) {
    // Stops the inflation where it is: nothing more is produced.
    await reader.cancel().catch(() => {});
    throw error;
  }
  if (!keep) return null;
  return concatBytes(chunks, size);
}

async function walk(fileName: string, bytes: Uint8Array, keep: boolean, limits: typeof ZIP_LIMITS): Promise<{ name: string; data: Uint8Array }[]> {
  const refuse = (why: string) => new ZipRefused(`${fileName}: ${why}`);
  const budget: Budget = { archiveLeft: limits.archiveBytes };
  const out: { name: string; data: Uint8Array }[] = [];
  for (const entry of zipEntries(fileName, bytes, limits)) {
    const packed = bytes.subarray(entry.start, entry.start + entry.compressedSize);
    if (entry.method === 0) {
      budget.archiveLeft -= packed.byteLength;
      if (packed.byteLength > limits.entryBytes) throw refuse(`${describe(entry.name)} inflates beyond ${mb(limits.entryBytes)}`);
      if (budget.archiveLeft < 0) throw refuse(`its contents inflate beyond ${mb(limits.archiveBytes)}`);
      if (keep) out.push({ name: entry.name, data: packed });
      continue;
    }
    const data = await inflateCapped(packed, 'deflate-raw', keep, limits.entryBytes, budget, refuse, describe(entry.name), limits.archiveBytes);
    if (data) out.push({ name: entry.name, data });
  }
  return out;
}

/**
 * Checks a zip against the budget without keeping anything: the directory's declared sizes, then every entry
 * inflated and counted (its actual size: a directory may lie). Throws ZipRefused; answers when the file may be
 * handed to a library that reads it whole (exceljs).
 */
export async function checkZip(fileName: string, bytes: Uint8Array, limits = ZIP_LIMITS): Promise<void> {
  await walk(fileName, bytes, false, limits);
}

/** The entries of a zip inflated, under the same budget as checkZip. */
export async function readZip(fileName: string, bytes: Uint8Array, limits = ZIP_LIMITS): Promise<{ name: string; data: Uint8Array }[]> {
  return walk(fileName, bytes, true, limits);
}

/** A gzip file's content under the budget of one entry. */
export async function readGzip(fileName: string, bytes: Uint8Array, limits = ZIP_LIMITS): Promise<Uint8Array> {
  const refuse = (why: string) => new ZipRefused(`${fileName}: ${why}`);
  return (await inflateCapped(bytes, 'gzip', true, limits.entryBytes, { archiveLeft: limits.archiveBytes }, refuse, 'its content', limits.archiveBytes))!;
}
