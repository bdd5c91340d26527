import type { ExportTable } from './metrics';
import { xlsx } from './xlsx';
import { nowMs } from '../time/clock';

/** CSV field: quoted when it holds a separator, quote or line break; formula-like text is neutralised. */
function csvField(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(table: ExportTable): string {
  return [table.header, ...table.rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** The download answer of a report export: CSV (UTF-8 with BOM, so Excel reads it as UTF-8) or .xlsx. */
export function exportResponse(table: ExportTable, format: 'csv' | 'xlsx', fileStem: string): Response {
  const name = `${fileStem}-${new Date(nowMs()).toISOString().slice(0, 10)}.${format}`;
  const headers = { 'content-disposition': `attachment; filename="${name}"`, 'cache-control': 'no-store' };
  if (format === 'xlsx') {
    const body = xlsx(table.name, [table.header, ...table.rows]);
    return new Response(new Uint8Array(body), { headers: { ...headers, 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } });
  }
  return new Response(`\uFEFF${toCsv(table)}`, { headers: { ...headers, 'content-type': 'text/csv; charset=utf-8' } });
}
