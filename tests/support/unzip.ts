import { readZip } from '../../src/lib/zip-budget';

/** Reads the files of a zip archive (e.g. an .xlsx export) as text, with the console's own reader of uploads. */
export async function unzipText(archive: Uint8Array): Promise<Map<string, string>> {
  return new Map((await readZip('archive.zip', archive)).map((f) => [f.name, new TextDecoder('utf-8').decode(f.data)]));
}

/** The parts every workbook the console writes must hold (an .xlsx without them does not open in Excel). */
const REQUIRED_PARTS = ['[Content_Types].xml', '_rels/.rels', 'xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/styles.xml'];

type SheetCell = string | number | null;

function plainValue(value: unknown, where: string): SheetCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (typeof value === 'object' && 'richText' in value) return (value as { richText: { text: string }[] }).richText.map((r) => r.text).join('');
  throw new Error(`${where}: unexpected cell value ${JSON.stringify(value)} (the console writes strings and numbers only)`);
}

/**
 * The cells of the first sheet of an .xlsx as rows of strings and numbers (empty cells null, trailing
 * empty cells left off), read with an independent reader (exceljs) through the workbook's own parts: a
 * workbook missing its content types, relationships, workbook, styles or sheet fails to load.
 */
export async function xlsxRows(archive: Uint8Array): Promise<SheetCell[][]> {
  const files = await unzipText(archive);
  const missing = REQUIRED_PARTS.filter((part) => !files.has(part));
  if (missing.length) throw new Error(`not a complete workbook: missing ${missing.join(', ')}`);
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(archive) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the workbook has no sheet');
  const rows: SheetCell[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const cells: SheetCell[] = [];
    row.eachCell({ includeEmpty: false }, (cell, column) => {
      while (cells.length < column - 1) cells.push(null);
      cells.push(plainValue(cell.value, cell.address));
    });
    rows[rowNumber - 1] = cells;
  });
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
