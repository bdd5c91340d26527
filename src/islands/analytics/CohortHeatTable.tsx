import { heat } from './heat';

/**
 * The install-cohort heat map both retention screens show: a row per install day (and the "All" total),
 * its installs, then one percentage cell per column (days after install, or levels reached).
 */
export default function CohortHeatTable<L extends { installDay: string; installs: number }, K extends number>({
  lines,
  columns,
  label,
  cell,
}: {
  lines: L[];
  columns: readonly K[];
  label: (column: K) => string;
  cell: (line: L, column: K) => number | null;
}) {
  return (
    <div className="table-scroll">
      <table className="report-table heat-table" data-testid="report-table">
        <thead>
          <tr>
            <th scope="col">Install day</th>
            <th scope="col" className="num">Installs</th>
            {columns.map((c) => <th key={c} scope="col" className="num">{label(c)}</th>)}
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.installDay} className={line.installDay === 'All' ? 'total-row' : undefined}>
              <th scope="row">{line.installDay}</th>
              <td className="num">{line.installs.toLocaleString('en-US')}</td>
              {columns.map((c) => {
                const value = cell(line, c);
                return <td key={c} className="num heat" style={heat(value)}>{value === null ? '' : `${value.toFixed(2)}%`}</td>;
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
