import type { ReactNode } from 'react';
import { toCsv, type CsvCell } from '../../reports/csv';

/**
 * One column of a list, shared by the table and its export so both show the same things: `header` is what
 * the table's header and the export's first row say, `text` the cell as plain text (the export, and the cell
 * itself when there is no `body`), `body` the cell as the table draws it.
 */
export interface ListColumn<R> {
  key: string;
  header: string;
  text?: (row: R) => CsvCell;
  body?: (row: R) => ReactNode;
  /** Sorted by the server under this name (the column's key when true). */
  sortable?: boolean | string;
  /** Left out of the export (an expander, a details cell). */
  noExport?: boolean;
  className?: string;
  /** The header cell's class (a right-aligned number column's header). */
  headerClassName?: string;
  /** Kept on a phone under the 'priority' layout (src/lib/ui/phone-table.ts). */
  show?: string;
}

/** The plain text of a column's cell: its `text`, else the row's field of the column's key. */
export function columnText<R>(column: ListColumn<R>, row: R): CsvCell {
  if (column.text) return column.text(row);
  const value = (row as Record<string, unknown>)[column.key];
  return value === null || value === undefined ? null : typeof value === 'number' ? value : String(value);
}

/** The rows shown as a CSV of the same columns as the table (header row first). */
export function listCsv<R>(columns: readonly ListColumn<R>[], rows: readonly R[]): string {
  const kept = columns.filter((c) => !c.noExport);
  return toCsv([kept.map((c) => c.header), ...rows.map((row) => kept.map((c) => columnText(c, row)))]);
}
