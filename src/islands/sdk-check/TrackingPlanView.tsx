import { useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable, type DataTableExpandedRows } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { Tag } from 'primereact/tag';
import { api } from '../../lib/http/client';
import { trackingPlanViewContract, type PlanEventRow } from '../../lib/sdk-check/contract';
import { formatDateTime } from '../../lib/time/format';
import { formatCount } from '../../lib/numbers';

type Result = Awaited<ReturnType<typeof load>>;
const load = async (appId: string, days: number) => (await api(trackingPlanViewContract, { appId, days })).data;
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

/**
 * The data-quality view of an app's tracking plan: per event, declared or not, enabled or not, volume, last
 * seen, events dropped and violations (with examples and the app versions sending them).
 */
export default function TrackingPlanView({ apps, appId, onApp }: { apps: { id: string; name: string }[]; appId: string | null; onApp: (id: string) => void }) {
  const [days, setDays] = useState(7);
  const [result, setResult] = useState<Result | null>(null);
  const [busy, setBusy] = useState(false);
  const [expanded, setExpanded] = useState<DataTableExpandedRows | undefined>(undefined);
  const refresh = async () => {
    if (!appId) return;
    setBusy(true);
    try {
      setResult(await load(appId, days));
    } finally {
      setBusy(false);
    }
  };
  useEffect(() => void refresh().catch(() => undefined), [appId, days]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <div className="tracking-plan">
      <div className="toolbar">
        <Dropdown value={appId} options={apps} optionLabel="name" optionValue="id" onChange={(e) => onApp(e.value)} filter placeholder="Choose an app" aria-label="Plan app" />
        <Dropdown value={days} options={WINDOWS} onChange={(e) => setDays(e.value)} aria-label="Window" />
        <Button label="Refresh" icon="pi pi-refresh" loading={busy} onClick={() => void refresh()} />
      </div>
      {result && (
        <>
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
          <div className="table-scroll" tabIndex={0} role="region" aria-label="Tracking plan">
            <DataTable
              value={result.events}
              dataKey="key"
              size="small"
              emptyMessage="No event declared or received."
              expandedRows={expanded}
              onRowToggle={(e) => setExpanded(e.data as DataTableExpandedRows)}
              rowExpansionTemplate={(row: PlanEventRow) => <Problems row={row} />}
              sortField="key"
              sortOrder={1}
            >
              <Column expander={(row: PlanEventRow) => row.problems.length > 0} style={{ width: '3rem' }} />
              <Column field="key" header="Event" sortable body={(r: PlanEventRow) => <code title={r.description || undefined}>{r.key}</code>} />
              <Column
                header="Declared"
                body={(r: PlanEventRow) => (r.declared ? <span title={SOURCES[r.source]}>Yes</span> : <Tag value="undeclared" severity="warning" />)}
              />
              <Column header="Enabled" body={(r: PlanEventRow) => (r.enabled ? 'Yes' : <Tag value="disabled" severity="secondary" />)} />
              <Column field="volume" header="Volume" sortable bodyClassName="num" body={(r: PlanEventRow) => n(r.volume)} />
              <Column bodyClassName="date-time" header="Last seen (UTC+7)" body={(r: PlanEventRow) => (r.lastSeen ? formatDateTime(r.lastSeen) : '—')} />
              <Column field="dropped" header="Dropped" sortable bodyClassName="num" body={(r: PlanEventRow) => (r.dropped ? n(r.dropped) : '—')} />
              <Column
                field="flagged"
                header="Violations"
                sortable
                bodyClassName="num"
                body={(r: PlanEventRow) => (r.flagged ? <Tag value={n(r.flagged)} severity="danger" /> : '—')}
              />
              <Column header="Parameters" body={(r: PlanEventRow) => r.parameters.map((p) => `${p.name}: ${p.type}`).join(', ') || '—'} />
            </DataTable>
          </div>
        </>
      )}
    </div>
  );
}
