import { useState } from 'react';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import type { DataTableExpandedRows } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { Tag } from 'primereact/tag';
import type { DataOf } from '../../lib/contract';
import { api } from '../../lib/http/client';
import { trackingPlanViewContract, type PlanEventRow } from '../../lib/sdk-check/contract';
import { formatDateTime } from '../../lib/time/format';
import { formatCount } from '../../lib/numbers';
import type { ListColumn } from '../../lib/ui/list/columns';
import { useListAnswers } from '../../lib/ui/list/list-answer';
import { useResourceList } from '../../lib/ui/list/use-resource-list';
import { ListTable } from '../common/ListTable';

type Result = DataOf<typeof trackingPlanViewContract>;
const WINDOWS = [1, 7, 14, 30].map((d) => ({ label: d === 1 ? 'Today' : `Last ${d} days`, value: d }));
const n = (v: number) => formatCount(v);
const SOURCES: Record<string, string> = { catalogue: 'Event catalogue', app: 'App tracking config', both: 'Catalogue + app config' };

/** What one event's problems are: the reason as the SDK was told, how often, which versions, the latest example. */
function Problems({ row }: { row: PlanEventRow }) {
  if (row.problems.length === 0) return <p className="hint">No violation in this window.</p>;
  return (
    <ul className="plan-problems">
      {row.problems.map((p) => (
        <li key={p.problem}>
          <strong>{p.problem}</strong> — {n(p.events)} event(s), last {formatDateTime(p.lastAt)} (UTC+7), app version(s) {p.versions.join(', ')}
          <pre aria-label={`Example of ${p.problem}`}>{JSON.stringify(p.example, null, 2)}</pre>
        </li>
      ))}
    </ul>
  );
}

const COLUMNS: ListColumn<PlanEventRow>[] = [
  { key: 'key', header: 'Event', sortable: true, body: (r) => <code title={r.description || undefined}>{r.key}</code> },
  { key: 'declared', header: 'Declared', body: (r) => (r.declared ? <span title={SOURCES[r.source]}>Yes</span> : <Tag value="undeclared" severity="warning" />) },
  { key: 'enabled', header: 'Enabled', body: (r) => (r.enabled ? 'Yes' : <Tag value="disabled" severity="secondary" />) },
  { key: 'volume', header: 'Volume', sortable: true, className: 'num', text: (r) => n(r.volume) },
  { key: 'lastSeen', header: 'Last seen (UTC+7)', className: 'date-time', text: (r) => (r.lastSeen ? formatDateTime(r.lastSeen) : '—') },
  { key: 'dropped', header: 'Dropped', sortable: true, className: 'num', text: (r) => (r.dropped ? n(r.dropped) : '—') },
  { key: 'flagged', header: 'Violations', sortable: true, className: 'num', body: (r) => (r.flagged ? <Tag value={n(r.flagged)} severity="danger" /> : '—') },
  { key: 'parameters', header: 'Parameters', text: (r) => r.parameters.map((p) => `${p.name}: ${p.type}`).join(', ') || '—' },
];

/**
 * The data-quality view of an app's tracking plan: per event, declared or not, enabled or not, volume, last
 * seen, events dropped and violations (with examples and the app versions sending them). A list on the
 * controller inside the Check SDK tab: the server answers every event at once and the table sorts them
 * itself; the app is the screen's (shared with the Received tab), so the state stays out of the URL.
 */
export default function TrackingPlanView({ apps, appId, onApp }: { apps: { id: string; name: string }[]; appId: string | null; onApp: (id: string) => void }) {
  const answers = useListAnswers<Result>();
  const list = useResourceList<PlanEventRow, { days: string }>({
    filters: { days: '7' },
    sort: { field: 'key', order: 'asc' },
    clientSort: true,
    url: false,
    serverPaged: false,
    pageSize: 500,
    depends: appId ?? '',
    load: async ({ filters }) => {
      if (!appId) return { data: [] };
      const { data } = await api(trackingPlanViewContract, { appId, days: Number(filters.days) });
      return { data: answers.keep(data.events, data) };
    },
  });
  const result = answers.of(list.rows);
  const [expanded, setExpanded] = useState<DataTableExpandedRows | undefined>(undefined);

  return (
    <div className="tracking-plan">
      <div className="toolbar">
        <Dropdown value={appId} options={apps} optionLabel="name" optionValue="id" onChange={(e) => onApp(e.value)} filter placeholder="Choose an app" aria-label="Plan app" />
        <Dropdown value={Number(list.filters.days)} options={WINDOWS} onChange={(e) => list.setFilter('days', String(e.value))} aria-label="Window" />
        <Button label="Refresh" icon="pi pi-refresh" loading={list.loading} onClick={() => void list.reload()} />
      </div>
      {result && (
        <p data-testid="plan-summary">
          {result.active ? (
            <>
              The plan is in force for this app: <strong>{n(result.totals.declared)}</strong> event(s) declared. From {result.from} to {result.to} (UTC+7):{' '}
              <strong>{n(result.totals.volume)}</strong> event(s) stored, <strong>{n(result.totals.dropped)}</strong> dropped (disabled),{' '}
              <strong>{n(result.totals.flagged)}</strong> flagged, {n(result.totals.undeclaredSeen)} undeclared event name(s) seen.
            </>
          ) : (
            <>No tracking config for this app: its events are not checked. Add one under Config Data → Tracking Config to enforce the plan.</>
          )}
        </p>
      )}
      {appId && (
        <ListTable
          list={list}
          columns={COLUMNS}
          label="Tracking plan"
          what="The tracking plan"
          dataKey="key"
          loadingMessage="Loading the tracking plan…"
          emptyMessage="No event declared or received."
          before={<Column expander={(row: PlanEventRow) => row.problems.length > 0} style={{ width: '3rem' }} />}
          expansion={{ expandedRows: expanded ?? {}, onRowToggle: (e) => setExpanded(e.data as DataTableExpandedRows), template: (row) => <Problems row={row} /> }}
        />
      )}
    </div>
  );
}
