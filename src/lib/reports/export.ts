import { xlsx, type Cell } from './xlsx';
import { nowMs } from '../time/clock';
import { reportDay } from '../time/day';
import { exportGrid, type ReportTable } from './table';

/** CSV field: quoted when it holds a separator, quote or line break; formula-like text is neutralised. */
function csvField(value: Cell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(rows: readonly (readonly Cell[])[]): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/**
 * A download: CSV (UTF-8 with BOM, so Excel reads it as UTF-8) or .xlsx with one sheet, named after what it
 * holds and the day (UTC+7) it was taken.
 */
export function fileResponse(sheet: string, grid: readonly (readonly Cell[])[], format: 'csv' | 'xlsx', fileStem: string): Response {
  const name = `${fileStem}-${reportDay(nowMs())}.${format}`;
  const headers = { 'content-disposition': `attachment; filename="${name}"`, 'cache-control': 'no-store' };
  if (format === 'xlsx') {
    return new Response(new Uint8Array(xlsx(sheet, grid)), { headers: { ...headers, 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } });
  }
  return new Response(`\uFEFF${toCsv(grid)}`, { headers: { ...headers, 'content-type': 'text/csv; charset=utf-8' } });
}

/** The download of a report table, with the same header and rounded numbers the screen shows. */
export function exportResponse(table: ReportTable, format: 'csv' | 'xlsx', fileStem: string): Response {
  const { header, rows } = exportGrid(table);
  return fileResponse(table.name, [header, ...rows], format, fileStem);
}
