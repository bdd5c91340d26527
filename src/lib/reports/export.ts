import { xlsx, type Cell } from './xlsx';
import { nowMs } from '../time/clock';
import { reportDay } from '../time/day';
import { formatDay } from '../time/format';
import { exportGrid, type ExportDates, type ReportTable } from './table';
import { toCsv } from './csv';

export { toCsv };

/**
 * A download: CSV (UTF-8 with BOM, so Excel reads it as UTF-8) or .xlsx with one sheet, named after what it
 * holds and the day (UTC+7, DD-MM-YYYY) it was taken.
 */
export function fileResponse(sheet: string, grid: readonly (readonly Cell[])[], format: 'csv' | 'xlsx', fileStem: string): Response {
  return namedFileResponse(sheet, grid, format, `${fileStem}-${formatDay(reportDay(nowMs()))}`);
}

/** A download named exactly `<name>.<format>`. */
export function namedFileResponse(sheet: string, grid: readonly (readonly Cell[])[], format: 'csv' | 'xlsx', fileName: string): Response {
  const name = `${fileName}.${format}`;
  const headers = { 'content-disposition': `attachment; filename="${name}"`, 'cache-control': 'no-store' };
  if (format === 'xlsx') {
    return new Response(new Uint8Array(xlsx(sheet, grid)), { headers: { ...headers, 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } });
  }
  return new Response(`\uFEFF${toCsv(grid)}`, { headers: { ...headers, 'content-type': 'text/csv; charset=utf-8' } });
}

/**
 * A report export's name: the report, the app (its id when one was asked, "N-apps" for several, "all-apps"
 * for none, which means every app the account sees) and the range, days as the table writes them:
 * main-data_all-apps_22-11-2026_28-11-2026. Two exports of different apps or ranges never share a name.
 */
export function reportFileName(fileStem: string, apps: readonly string[], from: string, to: string): string {
  const app = apps.length === 0 ? 'all-apps' : apps.length === 1 ? apps[0]!.replace(/[^\w.-]/g, '_') : `${apps.length}-apps`;
  return `${fileStem}_${app}_${formatDay(from)}_${formatDay(to)}`;
}

/** The download of a report table, with the same header, days and rounded numbers the screen shows. */
export function exportResponse(table: ReportTable, format: 'csv' | 'xlsx', fileName: string, dates: ExportDates = 'display'): Response {
  const { header, rows } = exportGrid(table, dates);
  return namedFileResponse(table.name, [header, ...rows], format, fileName);
}
