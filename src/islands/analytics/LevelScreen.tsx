import { levelContract } from '../../lib/analytics/contract';
import { formatted, LEVEL_COLUMNS, levelLines } from '../../lib/analytics/metrics';
import type { AppScope } from '../../lib/apps/store';
import '../../styles/analytics.css';
import ExportButtons from './ExportButtons';
import LazyChart from './LazyChart';
import ReportFilterBar from './ReportFilterBar';
import ReportNotes from './ReportNotes';
import { reportInput, useReport, useReportFilters } from './use-report';

/** Level: per level of the main mode, plays, outcomes, attempts, duration, players reaching and drop-off. */
export default function LevelScreen({ account, canExport, search }: { account: AppScope; canExport: boolean; search: string }) {
  const [filters, setFilters] = useReportFilters(search);
  const input = { ...reportInput(filters), mode: 'main' as const };
  const { data, loading } = useReport(levelContract, input);
  const lines = levelLines(data?.levels ?? []);
  const winRate = LEVEL_COLUMNS.find((c) => c.key === 'winRate')!;

  return (
    <section className="card report" aria-busy={loading}>
      <ReportFilterBar account={account} filters={filters} onChange={setFilters} appMode="single">
        <span className="toolbar-spacer" />
        <ExportButtons path="/api/analytic/level/export" input={input} allowed={canExport} />
      </ReportFilterBar>
      <ReportNotes pending={data?.pending ?? 0} apps={data?.apps.length ?? 1} loading={loading} />
      {data && (
        <LazyChart
          labels={lines.map((l) => String(l.level))}
          leftTitle="Players"
          rightTitle="Win rate (%)"
          series={[
            { label: 'Players reaching', data: lines.map((l) => l.reached), type: 'bar', color: '#1890ff' },
            { label: 'Win rate (%)', data: lines.map((l) => winRate.value(l)), right: true, color: '#f56c6c' },
          ]}
        />
      )}
      {data && lines.length === 0 && !loading && <p className="report-note">No level was played in this range.</p>}
      <div className="table-scroll">
        <table className="report-table" data-testid="report-table">
          <thead>
            <tr>
              <th scope="col">Level</th>
              {LEVEL_COLUMNS.map((c) => <th key={c.key} scope="col" className="num">{c.unit === 'sec' ? `${c.title} (s)` : c.title}</th>)}
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.level}>
                <th scope="row">{line.level}</th>
                {LEVEL_COLUMNS.map((c) => <td key={c.key} className="num">{formatted(c, line)}</td>)}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
