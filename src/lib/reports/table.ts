import { formatDay } from '../time/format';
import { REPORT_TIME_ZONE_LABEL, REPORT_TIME_ZONE_OFFSET } from '../time/zone';
import { AGGREGATE_NAMES, round, titleWithUnit, type Aggregate, type ReportColumn, type Unit } from './columns';

/**
 * The table a report shows, as numbers: the screen formats it, the exports write it. Building both from
 * this one model is what keeps "export equals table" true for every report.
 */
export type Cell = string | number | null;

export interface TableColumn {
  key: string;
  label: string;
  /** 'day' and 'text' for the row key (a day, a level); heat columns are coloured by their percentage. */
  unit: Unit | 'text' | 'day';
  decimals: number;
  totalDecimals?: number;
  heat?: boolean;
  /** The export's title where it differs from the screen's (L12 on screen, "Level 12 (%)" in the file). */
  exportLabel?: string;
  /** How its Total cell is formed: an average or a ratio of sums is labelled so on the Total line. */
  aggregate?: Aggregate;
}

export interface ReportTable {
  /** The sheet name of the Excel export. */
  name: string;
  /** The first column names the row (Day, Install day, Level). */
  columns: TableColumn[];
  /** In the data's order (oldest day or lowest level first), as exports write them. */
  rows: Cell[][];
  /** The range's line (first cell "Total" or "All"); null when the report has none. */
  total: Cell[] | null;
  /** How the Total is formed, shown as its hint. */
  totalHint?: string;
  /** Screens list days newest first (with the Total on top); levels stay in order. */
  newestFirst: boolean;
  /** The value a heat cell shows at full colour (100, a percentage, when absent). */
  heatScale?: number;
  /** The screen may re-sort the lines by a clicked column (the Total stays on top; exports keep the data's order). */
  sortable?: boolean;
}

/** How a table's lines are keyed: a labelled key, or by day (the row's YYYY-MM-DD under "Day", newest day first). */
type LineKey<R> =
  // `day` where a grouping's key may be a day (by day / by network …).
  | { key: { label: string; value: (row: R) => string | number; day?: boolean } }
  | { byDay: (row: R) => string };

/** A table of one line per row with declared columns and, unless told otherwise, the range's Total. */
export function linesTable<R>(
  options: LineKey<R> & {
    name: string;
    columns: readonly ReportColumn<R>[];
    rows: readonly R[];
    /** False where the figures have no Total (per-level figures). */
    total?: boolean;
    /** By default a table keyed by day lists the newest first and any other keeps the data's order. */
    newestFirst?: boolean;
    sortable?: boolean;
  },
): ReportTable {
  const { columns, rows } = options;
  const lineKey = 'byDay' in options ? { label: 'Day', value: options.byDay, day: true } : options.key;
  const total = options.total ?? true;
  const rules = [...new Set(columns.map((c) => c.measure.rule).filter(Boolean))];
  return {
    name: options.name,
    columns: [
      { key: 'key', label: lineKey.label, unit: lineKey.day ? 'day' : 'text', decimals: 0 },
      ...columns.map(({ key, label, unit, decimals, totalDecimals, measure }) => ({ key, label, unit, decimals, totalDecimals, ...(measure.aggregate ? { aggregate: measure.aggregate } : {}) })),
    ],
    rows: rows.map((row) => [lineKey.value(row), ...columns.map((c) => round(c.measure.value(row), c.decimals))]),
    total: total ? ['Total', ...columns.map((c) => (c.measure.total ? round(c.measure.total(rows), c.totalDecimals ?? c.decimals) : null))] : null,
    totalHint: total ? `Total of the range: ${rules.join(', ')}` : undefined,
    newestFirst: options.newestFirst ?? lineKey.day ?? false,
    ...(options.sortable ? { sortable: true } : {}),
  };
}

/**
 * How an export writes days — one rule for every export (docs/decisions.md, "Dates in exports"):
 * 'display', the default, as the table shows them (DD-MM-YYYY, the console's one day format), so a file
 * read by a person says what the screen said; 'machine', for an export declared machine-readable, ISO 8601
 * with the reporting zone's offset (2026-11-22T00:00:00+07:00: the start of that day in UTC+7).
 */
export type ExportDates = 'display' | 'machine';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A YYYY-MM-DD day as an export writes it; anything else ("Total") as it is. */
export function exportDay(value: string, dates: ExportDates): string {
  if (!ISO_DAY.test(value)) return value;
  return dates === 'machine' ? `${value}T00:00:00${REPORT_TIME_ZONE_OFFSET}` : formatDay(value);
}

/** The first cell of the export's line that names each Total cell's aggregate. */
export const TOTAL_KINDS_LABEL = 'Total formed as';

/**
 * The line under an export's Total that says what each Total cell is, as the screen labels it in the cell
 * ("Average", "Ratio of sums"; "Sum" where the screen shows none): a file keeps its numbers numeric, so the
 * words go on a line of their own. Only where some Total cell is not a sum; otherwise "Total" says it all.
 */
export function totalKinds(table: ReportTable): Cell[] | null {
  const total = table.total;
  if (!total) return null;
  const kinds = table.columns.map((c, i) => (i > 0 && c.aggregate && total[i] !== null && total[i] !== undefined ? c.aggregate : null));
  if (!kinds.some((k) => k !== null && k !== 'sum')) return null;
  return [TOTAL_KINDS_LABEL, ...kinds.slice(1).map((k) => (k ? AGGREGATE_NAMES[k] : null))];
}

/**
 * The export's header and rows: the table's rows in data order, then the Total and, where a Total cell is an
 * average or a ratio of sums, the line naming each cell's aggregate (totalKinds); days written by `dates`.
 */
export function exportGrid(table: ReportTable, dates: ExportDates = 'display'): { header: string[]; rows: Cell[][] } {
  const dayColumns = table.columns.map((c) => c.unit === 'day');
  const write = (row: Cell[]) => row.map((cell, i) => (dayColumns[i] && typeof cell === 'string' ? exportDay(cell, dates) : cell));
  const kinds = totalKinds(table);
  return {
    // A column per day (Counter Horizontal) is titled by its day.
    header: table.columns.map((c) => (c.exportLabel ? exportDay(c.exportLabel, dates) : c.unit === 'text' ? c.label : c.unit === 'day' ? `${c.label} (${REPORT_TIME_ZONE_LABEL})` : titleWithUnit(c.label, c.unit))),
    rows: [...table.rows.map(write), ...(table.total ? [write(table.total)] : []), ...(kinds ? [kinds] : [])],
  };
}

/** A column to sort a sortable table's lines by: its index among the table's columns, and the direction. */
export interface TableSort {
  column: number;
  descending: boolean;
}

/** The lines sorted by one column (numbers by value, text alphabetically; empty cells last), the Total kept first. */
export function sortedLines(lines: readonly { cells: Cell[]; total: boolean }[], sort: TableSort): { cells: Cell[]; total: boolean }[] {
  const sign = sort.descending ? -1 : 1;
  const body = lines.filter((l) => !l.total);
  body.sort((a, b) => {
    const x = a.cells[sort.column] ?? null;
    const y = b.cells[sort.column] ?? null;
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    return sign * (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y)));
  });
  return [...lines.filter((l) => l.total), ...body];
}

/** The lines in the order a screen shows them: Total first, then newest first where the table says so. */
export function displayLines(table: ReportTable): { cells: Cell[]; total: boolean }[] {
  const body = table.newestFirst ? [...table.rows].reverse() : table.rows;
  return [...(table.total ? [{ cells: table.total, total: true }] : []), ...body.map((cells) => ({ cells, total: false }))];
}
