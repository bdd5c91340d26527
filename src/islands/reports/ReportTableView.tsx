import { useState } from 'react';
import { AGGREGATE_LABELS, formatFigure } from '../../lib/reports/columns';
import { displayLines, sortedLines, type Cell, type ReportTable, type TableColumn, type TableSort } from '../../lib/reports/table';
import { formatDay } from '../../lib/time/format';
import { todayInReportZone } from '../../lib/ui/filters/date-range';
import { TableScroll } from '../common/TableScroll';
import { heat } from './heat';

function cellText(column: TableColumn, value: Cell, total: boolean): string {
  if (column.unit === 'day' && typeof value === 'string') return formatDay(value);
  if (typeof value === 'string') return value;
  if (column.unit === 'text' || column.unit === 'day') return value === null ? '' : String(value);
  // A heat cell of a day that has not come yet stays blank; elsewhere an undefined ratio shows "—".
  if (value === null && column.heat) return '';
  return formatFigure(value, column.unit, total ? (column.totalDecimals ?? column.decimals) : column.decimals);
}

/** Numbers are right-aligned; text columns after the key (a funnel step's name) read from the left. */
const align = (c: TableColumn) => (c.unit === 'text' || c.unit === 'day' ? '' : 'num');
const headText = (c: TableColumn) => (c.unit === 'sec' ? `${c.label} (s)` : c.label);

/**
 * The report's table: Total first, then its lines; numbers right-aligned; heat columns coloured. A sortable
 * table sorts its lines by a clicked heading (numbers largest first, text A to Z; again to reverse).
 */
export default function ReportTableView({ table }: { table: ReportTable }) {
  const [key, ...columns] = table.columns;
  // Today's line is still filling up: marked "so far", as the chart marks its point.
  const today = key?.unit === 'day' ? todayInReportZone() : null;
  const heatTable = columns.some((c) => c.heat);
  const [sort, setSort] = useState<TableSort | null>(null);
  const lines = table.sortable && sort ? sortedLines(displayLines(table), sort) : displayLines(table);
  const heading = (c: TableColumn, index: number, text: string) => {
    if (!table.sortable) return text;
    const on = sort?.column === index;
    const next = () => setSort({ column: index, descending: on ? !sort!.descending : c.unit !== 'text' });
    return (
      <button type="button" className="sort-head" onClick={next}>
        {text}
        <i className={`pi ${on ? (sort!.descending ? 'pi-sort-amount-down' : 'pi-sort-amount-up-alt') : 'pi-sort-alt'}`} aria-hidden="true" />
      </button>
    );
  };
  const ariaSort = (index: number) => (table.sortable ? (sort?.column === index ? (sort.descending ? 'descending' : 'ascending') : 'none') : undefined);
  return (
    <TableScroll label="Figures table">
      <table className={`report-table${heatTable ? ' heat-table' : ''}`} data-testid="report-table">
        <thead>
          <tr>
            <th scope="col" aria-sort={ariaSort(0)}>{heading(key!, 0, key!.label)}</th>
            {columns.map((c, i) => (
              <th key={c.key} scope="col" className={align(c) || undefined} aria-sort={ariaSort(i + 1)}>{heading(c, i + 1, headText(c))}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {lines.map(({ cells, total }) => (
            <tr key={String(cells[0])} className={total ? 'total-row' : undefined}>
              <th scope="row" title={total ? table.totalHint : undefined}>
                {cellText(key!, cells[0] ?? null, total)}
                {!total && today !== null && cells[0] === today && <span className="so-far"> (so far)</span>}
              </th>
              {columns.map((c, i) => {
                const value = cells[i + 1] ?? null;
                // A Total cell that is not a sum says what it is ("Average", "Ratio of sums").
                const kind = total && c.aggregate && value !== null ? AGGREGATE_LABELS[c.aggregate] : null;
                return (
                  <td key={c.key} className={c.heat ? 'num heat' : align(c) || undefined} style={c.heat && typeof value === 'number' ? heat((value * 100) / (table.heatScale ?? 100)) : undefined}>
                    {kind && <span className="total-kind">{kind}</span>}
                    {cellText(c, value, total)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
