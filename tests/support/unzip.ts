import { inflateRawSync } from 'node:zlib';

/** Reads the files of a zip archive (stored or deflated entries), e.g. an .xlsx export, as text. */
export function unzipText(archive: Uint8Array): Map<string, string> {
  const buf = Buffer.from(archive);
  const files = new Map<string, string>();
  const end = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a zip archive');
  const count = buf.readUInt16LE(end + 10);
  let at = buf.readUInt32LE(end + 16);
  for (let i = 0; i < count; i++) {
    const method = buf.readUInt16LE(at + 10);
    const size = buf.readUInt32LE(at + 20);
    const nameLength = buf.readUInt16LE(at + 28);
    const extra = buf.readUInt16LE(at + 30);
    const comment = buf.readUInt16LE(at + 32);
    const offset = buf.readUInt32LE(at + 42);
    const name = buf.toString('utf8', at + 46, at + 46 + nameLength);
    const local = offset + 30 + buf.readUInt16LE(offset + 26) + buf.readUInt16LE(offset + 28);
    const data = buf.subarray(local, local + size);
    files.set(name, (method === 8 ? inflateRawSync(data) : data).toString('utf8'));
    at += 46 + nameLength + extra + comment;
  }
  return files;
}

/** The cells of the first sheet of an .xlsx as rows of strings and numbers (inline strings and numbers only). */
export function xlsxRows(archive: Uint8Array): (string | number | null)[][] {
  const sheet = unzipText(archive).get('xl/worksheets/sheet1.xml');
  if (!sheet) throw new Error('no first sheet');
  const rows: (string | number | null)[][] = [];
  for (const rowMatch of sheet.matchAll(/<row r="(\d+)"[^>]*>(.*?)<\/row>/g)) {
    const row: (string | number | null)[] = [];
    for (const cell of rowMatch[2]!.matchAll(/<c r="([A-Z]+)\d+"[^>]*?(?: t="(\w+)")?[^>]*>(.*?)<\/c>/g)) {
      const column = [...cell[1]!].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
      while (row.length < column) row.push(null);
      const inline = /<t[^>]*>(.*?)<\/t>/.exec(cell[3]!);
      const value = /<v>(.*?)<\/v>/.exec(cell[3]!);
      row.push(inline ? inline[1]!.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&') : value ? Number(value[1]) : null);
    }
    rows[Number(rowMatch[1]) - 1] = row;
  }
  return rows;
}

/** A CSV export's rows (simple RFC 4180 reader); numbers stay text. */
export function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') (field += '"'), i++;
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') row.push(field), (field = '');
    else if (ch === '\n') row.push(field.replace(/\r$/, '')), rows.push(row), (row = []), (field = '');
    else field += ch;
  }
  if (field || row.length) row.push(field), rows.push(row);
  return rows;
}
