import { xlsx, type Cell } from '../analytics/xlsx';
import { nowMs } from '../time/clock';
import { reportDay } from '../analytics/day';
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
 * The download of a report table: CSV (UTF-8 with BOM, so Excel reads it as UTF-8) or .xlsx, with the same
 * header and rounded numbers the screen shows. Named after the report and the day (UTC+7) it was taken.
 */
export function exportResponse(table: ReportTable, format: 'csv' | 'xlsx', fileStem: string): Response {
  const { header, rows } = exportGrid(table);
  const name = `${fileStem}-${reportDay(nowMs())}.${format}`;
  const headers = { 'content-disposition': `attachment; filename="${name}"`, 'cache-control': 'no-store' };
  if (format === 'xlsx') {
    const body = xlsx(table.name, [header, ...rows]);
    return new Response(new Uint8Array(body), { headers: { ...headers, 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } });
  }
  return new Response(`\uFEFF${toCsv([header, ...rows])}`, { headers: { ...headers, 'content-type': 'text/csv; charset=utf-8' } });
}
