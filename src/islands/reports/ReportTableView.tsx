import { formatFigure } from '../../lib/reports/columns';
import { displayLines, type Cell, type ReportTable, type TableColumn } from '../../lib/reports/table';
import { formatDay } from '../../lib/time/format';
import { heat } from './heat';

function cellText(column: TableColumn, value: Cell, total: boolean): string {
  if (column.unit === 'day' && typeof value === 'string') return formatDay(value);
  if (typeof value === 'string') return value;
  if (column.unit === 'text' || column.unit === 'day') return value === null ? '' : String(value);
  // A heat cell of a day that has not come yet stays blank; elsewhere an undefined ratio shows "—".
  if (value === null && column.heat) return '';
  return formatFigure(value, column.unit, total ? (column.totalDecimals ?? column.decimals) : column.decimals);
}

const headText = (c: TableColumn) => (c.unit === 'sec' ? `${c.label} (s)` : c.label);

/** The report's table: Total first, then its lines; numbers right-aligned; heat columns coloured. */
export default function ReportTableView({ table }: { table: ReportTable }) {
  const [key, ...columns] = table.columns;
  const heatTable = columns.some((c) => c.heat);
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label="Figures table">
      <table className={`report-table${heatTable ? ' heat-table' : ''}`} data-testid="report-table">
        <thead>
          <tr>
            <th scope="col">{key!.label}</th>
            {columns.map((c) => (
              <th key={c.key} scope="col" className="num">{headText(c)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {displayLines(table).map(({ cells, total }) => (
            <tr key={String(cells[0])} className={total ? 'total-row' : undefined}>
              <th scope="row" title={total ? table.totalHint : undefined}>{cellText(key!, cells[0] ?? null, total)}</th>
              {columns.map((c, i) => {
                const value = cells[i + 1] ?? null;
                return (
                  <td key={c.key} className={c.heat ? 'num heat' : 'num'} style={c.heat && typeof value === 'number' ? heat(value) : undefined}>
                    {cellText(c, value, total)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
