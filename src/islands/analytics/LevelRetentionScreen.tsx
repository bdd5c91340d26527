import { Dropdown } from 'primereact/dropdown';
import { levelRetentionContract } from '../../lib/analytics/contract';
import { levelRetentionTotal, levelShare } from '../../lib/analytics/metrics';
import type { AppScope } from '../../lib/apps/store';
import { enumCodec, useQueryState } from '../../lib/ui/filters/use-query-state';
import '../../styles/analytics.css';
import CohortHeatTable from './CohortHeatTable';
import ExportButtons from './ExportButtons';
import LazyChart from './LazyChart';
import ReportFilterBar from './ReportFilterBar';
import ReportNotes from './ReportNotes';
import { reportInput, useReport, useReportFilters } from './use-report';

const MAX_LEVELS = [30, 50, 100, 200] as const;
/** 50 levels unless the URL says otherwise (?levels=30|100|200). */
const maxLevelCodec = enumCodec<number>([50, 30, 100, 200]);

/** Level retention: the share of each install cohort that has reached each level. */
export default function LevelRetentionScreen({ account, canExport, search }: { account: AppScope; canExport: boolean; search: string }) {
  const [filters, setFilters] = useReportFilters(search);
  const [maxLevel, setMaxLevel] = useQueryState('levels', maxLevelCodec, search);
  const input = { ...reportInput(filters), mode: 'main' as const, maxLevel };
  const { data, loading } = useReport(levelRetentionContract, input);
  const cohorts = data?.cohorts ?? [];
  const shown = data?.maxLevel ?? maxLevel;
  const total = levelRetentionTotal(cohorts, shown);
  const levels = Array.from({ length: shown }, (_, i) => i + 1);
  const lines = data ? [total, ...[...cohorts].reverse()] : [];

  return (
    <section className="card report" aria-busy={loading}>
      <ReportFilterBar account={account} filters={filters} onChange={setFilters} appMode="single">
        <Dropdown className="filter-levels" value={maxLevel} options={MAX_LEVELS.map((n) => ({ label: `Levels 1-${n}`, value: n }))} onChange={(e) => setMaxLevel(e.value as number)} aria-label="Levels shown" />
        <span className="toolbar-spacer" />
        <ExportButtons path="/api/analytic/levelRetention/export" input={input} allowed={canExport} />
      </ReportFilterBar>
      <ReportNotes pending={data?.pending ?? 0} apps={data?.apps.length ?? 1} loading={loading} />
      {data && (
        <LazyChart
          labels={levels.map(String)}
          leftTitle="Installed users reaching (%)"
          series={[{ label: 'All cohorts of the range', data: levels.map((l) => levelShare(total, l)), color: '#1890ff' }]}
        />
      )}
      <CohortHeatTable lines={lines} columns={levels} label={(l) => `L${l}`} cell={(line, l) => levelShare(line, l)} />
    </section>
  );
}
