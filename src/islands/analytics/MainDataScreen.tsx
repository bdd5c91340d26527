import { mainDataContract } from '../../lib/analytics/contract';
import { formatted, MAIN_DATA_COLUMNS, mainDataTotal, type MainDataLine } from '../../lib/analytics/metrics';
import type { AppScope } from '../../lib/apps/store';
import '../../styles/analytics.css';
import ExportButtons from './ExportButtons';
import LazyChart from './LazyChart';
import ReportFilterBar from './ReportFilterBar';
import ReportNotes from './ReportNotes';
import { reportInput, useReport, useReportFilters } from './use-report';

/** Main Data: the studio's key figures per day for the selected apps, OS, version, countries and range. */
export default function MainDataScreen({ account, canExport, search }: { account: AppScope; canExport: boolean; search: string }) {
  const [filters, setFilters] = useReportFilters(search);
  const input = reportInput(filters);
  const { data, loading } = useReport(mainDataContract, input);
  const rows = data?.rows ?? [];
  const total = mainDataTotal(rows);
  const lines: MainDataLine[] = [...rows].reverse();

  return (
    <section className="card report" aria-busy={loading}>
      <ReportFilterBar account={account} filters={filters} onChange={setFilters} appMode="multi">
        <span className="toolbar-spacer" />
        <ExportButtons path="/api/analytic/mainData/export" input={input} allowed={canExport} />
      </ReportFilterBar>
      <ReportNotes pending={data?.pending ?? 0} apps={data?.apps.length ?? 1} loading={loading} />
      {data && (
        <LazyChart
          labels={rows.map((r) => r.day.slice(5))}
          leftTitle="Users"
          rightTitle="Revenue (USD)"
          series={[
            { label: 'DAU', data: rows.map((r) => r.dau), color: '#1890ff' },
            { label: 'Installs', data: rows.map((r) => r.installs), color: '#67c23a' },
            { label: 'Ad revenue (USD)', data: rows.map((r) => r.adRevenue / 1e6), type: 'bar', right: true, color: '#e6a23c' },
            { label: 'IAP revenue (USD)', data: rows.map((r) => r.iapRevenue / 1e6), type: 'bar', right: true, color: '#9b59b6' },
          ]}
        />
      )}
      <div className="table-scroll">
        <table className="report-table" data-testid="report-table">
          <thead>
            <tr>
              <th scope="col">Day</th>
              {MAIN_DATA_COLUMNS.map((c) => (
                <th key={c.key} scope="col" className="num">{c.unit === 'sec' ? `${c.title} (s)` : c.title}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data && (
              <tr className="total-row">
                <th scope="row" title="Sums over the range; DAU and paying users are daily averages">Total</th>
                {MAIN_DATA_COLUMNS.map((c) => <td key={c.key} className="num">{formatted(c, total)}</td>)}
              </tr>
            )}
            {lines.map((line) => (
              <tr key={line.day}>
                <th scope="row">{line.day}</th>
                {MAIN_DATA_COLUMNS.map((c) => <td key={c.key} className="num">{formatted(c, line)}</td>)}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
