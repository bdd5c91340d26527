import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

/**
 * A zip written by hand for tests of the zip budget (src/lib/zip-budget.ts): entries deflated with node:zlib,
 * and the central directory free to lie about an entry's inflated size, as a crafted bomb does.
 */
export interface ZipPart {
  name: string;
  /** Deflated data with its true inflated size and CRC. */
  deflated: Buffer;
  size: number;
  crc: number;
  /** What the directory and local header claim the inflated size is (default: the truth). */
  declaredSize?: number;
}

export function part(name: string, text: string | Buffer): ZipPart {
  const data = typeof text === 'string' ? Buffer.from(text) : text;
  return { name, deflated: deflateRawSync(data), size: data.length, crc: crc32(data) };
}

/**
 * An entry of `head`, then `fill` repeated until `totalBytes`, then `tail`, deflated as it streams (the test
 * process never holds the inflated text): a few hundred KB for hundreds of MB.
 */
export async function bombPart(name: string, head: string, fill: string, totalBytes: number, tail: string): Promise<ZipPart> {
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const finished = new Promise((done, fail) => (deflate.once('end', done), deflate.once('error', fail)));
  let crc = 0;
  let size = 0;
  const write = async (chunk: Buffer) => {
    crc = crc32(chunk, crc);
    size += chunk.length;
    if (!deflate.write(chunk)) await new Promise((done) => deflate.once('drain', done));
  };
  await write(Buffer.from(head));
  const block = Buffer.from(fill.repeat(Math.ceil((1024 * 1024) / fill.length)));
  while (size + block.length + tail.length <= totalBytes) await write(block);
  await write(Buffer.from(tail));
  deflate.end();
  await finished;
  return { name, deflated: Buffer.concat(out), size, crc };
}

/** The zip file of these parts (method 8 each), its directory at the end. */
export function zipOf(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name);
    const declared = p.declaredSize ?? p.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(p.crc >>> 0, 14);
    local.writeUInt32LE(p.deflated.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(8, 10);
    dir.writeUInt32LE(p.crc >>> 0, 16);
    dir.writeUInt32LE(p.deflated.length, 20);
    dir.writeUInt32LE(declared, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE(offset, 42);
    locals.push(local, name, p.deflated);
    central.push(dir, name);
    offset += local.length + name.length + p.deflated.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`;
const RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Ad revenue" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`;

/**
 * An .xlsx whose one sheet inflates to `sheetBytes`: a header row, then white space between the rows (which
 * any XML reader takes), deflated to about a thousandth of it. `declaredSize` lets its directory lie.
 */
export async function bombWorkbook(sheetBytes: number, declaredSize?: number): Promise<Buffer> {
  const head = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Date</t></is></c></row>`;
  const sheet = await bombPart('xl/worksheets/sheet1.xml', head, ' ', sheetBytes, '</sheetData></worksheet>');
  return zipOf([part('[Content_Types].xml', CONTENT_TYPES), part('_rels/.rels', RELS), part('xl/workbook.xml', WORKBOOK), part('xl/_rels/workbook.xml.rels', WORKBOOK_RELS), { ...sheet, declaredSize }]);
}
