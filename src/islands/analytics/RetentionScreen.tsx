import { retentionContract } from '../../lib/analytics/contract';
import { RETENTION_DAYS, retentionCell, retentionTotal, type RetentionLine } from '../../lib/analytics/metrics';
import type { AppScope } from '../../lib/apps/store';
import '../../styles/analytics.css';
import CohortHeatTable from './CohortHeatTable';
import ExportButtons from './ExportButtons';
import LazyChart from './LazyChart';
import ReportFilterBar from './ReportFilterBar';
import ReportNotes from './ReportNotes';
import { reportInput, useReport, useReportFilters } from './use-report';

const DAYS = Array.from({ length: RETENTION_DAYS + 1 }, (_, n) => n);

/** Retention by install-day cohort: D0..D30 heat map and the D1/D7/D30 trend. */
export default function RetentionScreen({ account, canExport, search }: { account: AppScope; canExport: boolean; search: string }) {
  const [filters, setFilters] = useReportFilters(search);
  const input = reportInput(filters);
  const { data, loading } = useReport(retentionContract, input);
  const cohorts = data?.cohorts ?? [];
  const lines: RetentionLine[] = data ? [retentionTotal(cohorts), ...[...cohorts].reverse()] : [];

  return (
    <section className="card report" aria-busy={loading}>
      <ReportFilterBar account={account} filters={filters} onChange={setFilters} appMode="multi">
        <span className="toolbar-spacer" />
        <ExportButtons path="/api/cohort/retention/export" input={input} allowed={canExport} />
      </ReportFilterBar>
      <ReportNotes pending={data?.pending ?? 0} apps={data?.apps.length ?? 1} loading={loading} />
      {data && (
        <LazyChart
          labels={cohorts.map((c) => c.installDay.slice(5))}
          leftTitle="Retention (%)"
          series={[
            { label: 'D1', data: cohorts.map((c) => retentionCell(c, 1)), color: '#1890ff' },
            { label: 'D7', data: cohorts.map((c) => retentionCell(c, 7)), color: '#67c23a' },
            { label: 'D30', data: cohorts.map((c) => retentionCell(c, 30)), color: '#e6a23c' },
          ]}
        />
      )}
      <CohortHeatTable lines={lines} columns={DAYS} label={(n) => `D${n}`} cell={(line, n) => retentionCell(line, n)} />
    </section>
  );
}
