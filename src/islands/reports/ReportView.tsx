import '../../lib/ui/prime';
import { useStore } from '@nanostores/react';
import Dropdown from '../../lib/ui/filters/LazyDropdown';
import { useEffect, useMemo, useState } from 'react';
import type { AppScope } from '../../lib/apps/store';
import { $apps } from '../../lib/apps/store';
import type { ReportControl, ReportDescriptor } from '../../lib/reports/define';
import { formatDay } from '../../lib/time/format';
import { REPORT_TIME_ZONE_LABEL } from '../../lib/time/zone';
import { todayInReportZone } from '../../lib/ui/filters/date-range';
import { writeOwnedQuery } from '../../lib/ui/filters/url-query';
import '../../styles/reports.css';
import ChartNotes, { useChartNotes } from './ChartNotes';
import ExportButtons from './ExportButtons';
import { daysBetween } from '../../lib/time/day';
import LazyChart from './LazyChart';
import Field from '../../lib/ui/filters/Field';
import ReportFilterBar from './ReportFilterBar';
import ReportTableView from './ReportTableView';
import { filterState, parseReportInput, reportQuery, useReport, withRange, type ReportFilterState, type ReportInput } from './use-report';

/** What the island (./ReportScreen.tsx) hands the screen besides the descriptor, all serialisable. */
export interface ReportScreenProps {
  account: AppScope;
  canExport: boolean;
  /** May mark days on the charts (analytic_note_edit). */
  canNote?: boolean;
  /** The request's query, so the server render and the browser start from the same filters. */
  search: string;
  /** The answer the server rendered with, for that query (no second request on load). */
  initial?: { query: string; data: unknown } | null;
}

/**
 * The one report screen: labelled filters kept in the URL, the chart, the table with its Total, CSV/XLSX
 * exports of the same table, a loading state that dims stale figures and an empty state that says why.
 * Everything specific to a report comes from its descriptor.
 */
export default function ReportView({ descriptor, account, canExport, canNote = false, search, initial }: ReportScreenProps & { descriptor: ReportDescriptor }) {
  const [input, setInput] = useState(() => withRange(parseReportInput(descriptor, search)));
  const query = reportQuery(input);
  // The descriptor is looked up by id, so its types are erased: the input was parsed by its own contract.
  const { data, loading, failed } = useReport(descriptor.contract, input as never, initial && initial.query === query ? (initial.data as never) : null);
  const apps = useStore($apps);
  const owned = Object.keys(descriptor.contract.request.shape);
  // The URL always says which figures are shown (the range included), so a copied link shows the same.
  useEffect(() => writeOwnedQuery(query, owned), []); // eslint-disable-line react-hooks/exhaustive-deps

  const update = (patch: Partial<ReportInput>) => {
    setInput((current) => {
      const next = withRange({ ...current, ...patch });
      writeOwnedQuery(reportQuery(next), owned);
      return next;
    });
  };
  const onFilters = (patch: Partial<ReportFilterState>) => {
    const { range, ...rest } = patch;
    // A version belongs to one app: it is cleared when the apps change.
    const version = patch.apps && !patch.version ? { version: 'all' } : {};
    update({ ...rest, ...version, ...(range ? { from: range.from, to: range.to } : {}) } as Partial<ReportInput>);
  };

  const answer = data as Parameters<typeof descriptor.table>[0] | null;
  // Erased descriptor (looked up by id); answer and input are its own.
  const table = useMemo(() => (answer ? descriptor.table(answer, input as never) : null), [answer, descriptor, input]);
  // Erased descriptor (looked up by id); answer and input are its own.
  const chart = useMemo(() => (answer && table ? descriptor.chart(answer, input as never, table) : null), [answer, descriptor, input, table]);
  const empty = answer ? descriptor.isEmpty(answer) : false;
  // An empty field shows the value the server chose (the busiest resource, the first funnel).
  const controlValue = (key: string) => (input[key] === '' && answer && (answer as Record<string, unknown>)[key] ? (answer as Record<string, unknown>)[key] : input[key]);
  const controlOptions = (control: ReportControl) => {
    const options = [...control.options, ...(answer && control.answerOptions ? control.answerOptions(answer) : [])];
    const value = controlValue(control.key) as string | number;
    // A name from the URL the scope does not have stays visible (the empty state says it is unknown).
    if (value !== '' && !options.some((o) => o.value === value)) options.push({ label: String(value), value });
    return options.filter((o, i) => options.findIndex((p) => p.value === o.value) === i);
  };
  const emptyText = answer && empty && descriptor.emptyText ? descriptor.emptyText(answer) : null;
  const notices = answer && !empty && descriptor.notices ? descriptor.notices(answer) : [];
  // Chart annotations of the apps in view: lines on day charts whose labels are the range's days.
  const { notes, reload: reloadNotes } = useChartNotes(answer ? { apps: answer.apps, from: answer.from, to: answer.to } : null);
  const appsInView = answer ? answer.apps.map((id) => ({ id, name: apps.find((a) => a.id === id)?.name ?? id })) : [];
  const dayAxis = Boolean(answer && chart?.x === 'day' && chart.labels.length === daysBetween(answer.from, answer.to) + 1);
  const marks = dayAxis && answer
    ? notes.map((n) => ({ index: daysBetween(answer.from, n.day), label: appsInView.length > 1 ? `${appsInView.find((a) => a.id === n.appId)?.name ?? n.appId}: ${n.note}` : n.note }))
    : [];
  // Today's figures are still arriving: on a chart of days that reaches today, its point is marked "so far".
  const today = todayInReportZone();
  const partialIndex = dayAxis && answer && answer.from <= today && today <= answer.to ? daysBetween(answer.from, today) : undefined;
  const names = answer ? answer.apps.map((id) => apps.find((a) => a.id === id)?.name ?? id) : [];
  const appText = names.length === 1 ? names[0] : names.length <= 3 ? names.join(', ') : `${names.length} apps`;

  return (
    <section className="card report" aria-busy={loading} data-report={descriptor.id}>
      <ReportFilterBar account={account} filters={filterState(input)} onChange={onFilters} appMode={descriptor.appMode} hide={descriptor.hideFilters}>
        {descriptor.controls?.map((control) => (
          <Field key={control.key} label={control.label}>
            <Dropdown
              className={`filter-${control.key}`}
              value={controlValue(control.key)}
              options={controlOptions(control)}
              optionLabel="label"
              optionValue="value"
              onChange={(e) => update({ [control.key]: e.value })}
              aria-label={control.label}
            />
          </Field>
        ))}
        <span className="toolbar-spacer" />
        <ExportButtons path={descriptor.exportContract.path} query={query} allowed={canExport && !empty} />
      </ReportFilterBar>
      <p className="report-zone">
        Days in {REPORT_TIME_ZONE_LABEL}
        {answer ? ` · ${formatDay(answer.from)} to ${formatDay(answer.to)}` : ''}
        {/* A range that reaches today says so: its figures, and the Total and averages with them, are partial. */}
        {answer && answer.from <= today && today <= answer.to && <span data-testid="includes-today"> · includes today ({formatDay(today)}), whose figures are still arriving: they count so far</span>}
      </p>
      {loading && <span className="report-loading" role="status">{answer ? 'Updating…' : 'Loading…'}</span>}
      {failed && !loading && <p className="report-note" role="alert">These figures could not be loaded; the message above says why. Change a filter to try again.</p>}
      {answer && !loading && answer.pending > 0 && (
        <p className="report-note" role="status">
          Events of {answer.pending} app-day{answer.pending === 1 ? '' : 's'} are still being rolled up: these figures may grow in a minute.
        </p>
      )}
      {answer && answer.apps.length === 0 ? (
        <p className="report-empty" data-testid="report-empty">No app matches these filters: pick apps you may see.</p>
      ) : answer && empty ? (
        <p className="report-empty" data-testid="report-empty">{emptyText ?? `No ${descriptor.noun} from ${appText} in this range yet.`}</p>
      ) : (
        <div className="report-body">
          {notices.map((n, i) => (
            <p key={i} className={`report-note report-notice-${n.tone}`} role={n.tone === 'warn' ? 'alert' : 'note'} data-testid="report-notice">
              {n.text}
              {n.link && (
                <>
                  {' '}
                  <a href={n.link.href} data-testid="report-notice-link">
                    {n.link.label}
                  </a>
                </>
              )}
            </p>
          ))}
          {chart && <LazyChart {...chart} marks={marks} partialIndex={partialIndex} />}
          {chart && answer && <ChartNotes notes={notes} reload={reloadNotes} apps={appsInView} to={answer.to} canEdit={canNote} />}
          {table && <ReportTableView table={table} />}
          {!answer && !failed && <div className="report-skeleton" aria-hidden="true" />}
        </div>
      )}
    </section>
  );
}
