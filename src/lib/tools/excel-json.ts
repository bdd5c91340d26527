/**
 * Excel ↔ JSON conversions without exceljs (the worker reads and writes workbooks; these are the rules):
 * cell values to JSON values, rows under a header row to objects, and JSON objects flattened to columns.
 * Shared by the browser worker and the unit tests.
 */

export type JsonScalar = string | number | boolean | null;
import { messageOf } from '../error-message';
export type JsonRecord = Record<string, JsonScalar>;

/** A full ISO 8601 UTC instant, as excelToJson writes dates: written back as a date cell. */
export const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

/**
 * One exceljs cell value as JSON: numbers and booleans kept, dates as ISO strings, a formula as its result,
 * rich text and hyperlinks as their text, an error value as its code ("#DIV/0!").
 */
export function cellToJson(value: unknown): JsonScalar {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if ('result' in v || 'formula' in v || 'sharedFormula' in v) return cellToJson(v.result);
    if (Array.isArray(v.richText)) return (v.richText as Array<{ text?: string }>).map((r) => r.text ?? '').join('');
    if ('text' in v && 'hyperlink' in v) return cellToJson(v.text);
    if ('error' in v) return String(v.error);
  }
  return String(value);
}

/** Header names of a row: blank ones named after their column letter, repeats numbered ("name", "name_2"). */
export function headerNames(cells: readonly JsonScalar[]): string[] {
  const seen = new Map<string, number>();
  return cells.map((cell, i) => {
    let name = cell === null || String(cell).trim() === '' ? `column_${columnLetter(i)}` : String(cell).trim();
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    if (n > 1) name = `${name}_${n}`;
    return name;
  });
}

export function columnLetter(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/**
 * The rows below a header row as objects keyed by the header (1-based row numbers, as Excel shows them).
 * Empty rows are left out; an empty cell is null, so every object has every column.
 */
export function rowsToObjects(rows: readonly (readonly JsonScalar[])[], headerRow: number): { columns: string[]; records: JsonRecord[] } {
  const header = rows[headerRow - 1] ?? [];
  // A loop, not Math.max(...rows): spreading 100 000+ rows as arguments overflows the stack.
  let width = header.length;
  for (let i = headerRow; i < rows.length; i++) width = Math.max(width, rows[i]?.length ?? 0);
  const columns = headerNames(Array.from({ length: width }, (_, i) => header[i] ?? null));
  const records: JsonRecord[] = [];
  for (const row of rows.slice(headerRow)) {
    if (!row.some((c) => c !== null && c !== '')) continue;
    const record: JsonRecord = {};
    columns.forEach((column, i) => (record[column] = row[i] ?? null));
    records.push(record);
  }
  return { columns, records };
}

export class JsonShapeError extends Error {}

/** Parses text that must be a JSON array of objects; the message says what is wrong and where. */
export function parseJsonArray(text: string): Record<string, unknown>[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new JsonShapeError(`This is not valid JSON: ${messageOf(error)}`);
  }
  if (!Array.isArray(value)) throw new JsonShapeError(`The JSON must be an array of objects, not ${describe(value)}.`);
  if (value.length === 0) throw new JsonShapeError('The JSON array is empty: there is nothing to put in a sheet.');
  const bad = value.findIndex((item) => item === null || typeof item !== 'object' || Array.isArray(item));
  if (bad >= 0) throw new JsonShapeError(`The JSON must be an array of objects: item ${bad + 1} is ${describe(value[bad])}.`);
  return value as Record<string, unknown>[];
}

const describe = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'object' ? 'an object' : `a ${typeof v}`);

/** One object's values under dotted names: {a: {b: 1}, t: [x, y]} → {"a.b": 1, "t.0": x, "t.1": y}. */
export function flatten(value: Record<string, unknown>, prefix = '', out: Record<string, JsonScalar> = {}): Record<string, JsonScalar> {
  for (const [key, v] of Object.entries(value)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (v !== null && typeof v === 'object') {
      const entries = Array.isArray(v) ? Object.fromEntries(v.map((x, i) => [String(i), x])) : (v as Record<string, unknown>);
      if (Object.keys(entries).length === 0) out[name] = null;
      else flatten(entries, name, out);
    } else out[name] = v === undefined ? null : (v as JsonScalar);
  }
  return out;
}

/** Objects as a grid: the columns are the union of their flattened keys, in the order first seen. */
export function objectsToGrid(items: readonly Record<string, unknown>[]): { columns: string[]; rows: JsonScalar[][] } {
  const flat = items.map((item) => flatten(item));
  const columns: string[] = [];
  const known = new Set<string>();
  for (const row of flat)
    for (const key of Object.keys(row))
      if (!known.has(key)) {
        known.add(key);
        columns.push(key);
      }
  return { columns, rows: flat.map((row) => columns.map((c) => (c in row ? row[c]! : null))) };
}

/** Is this file an .xlsx (a zip)? An old binary .xls and anything else are told apart for the message. */
export function workbookProblem(bytes: Uint8Array, fileName: string): string | null {
  if (bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) return null;
  if (bytes.length >= 4 && bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0) {
    return `${fileName} is an old Excel 97–2003 (.xls) file: open it in Excel and save it as .xlsx.`;
  }
  return `${fileName} is not an Excel workbook (.xlsx).`;
}
