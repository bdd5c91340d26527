import '../../lib/ui/prime';
import { useCallback, useState } from 'react';
import { Column } from 'primereact/column';
import { DataTable, type DataTableExpandedRows } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { toSearchParams } from '../../lib/contract';
import { api } from '../../lib/http/client';
import { accountLogContract } from '../../lib/logs/contract';
import { formatDateTime } from '../../lib/time/format';
import DateRangePicker from '../../lib/ui/filters/DateRangePicker';
import type { DateRange } from '../../lib/ui/filters/date-range';
import { useDebounced } from '../../lib/ui/use-debounced';
import { usePagedList } from '../../lib/ui/use-paged-list';

type Entry = { id: number; at: string; username: string; action: string; entity: string; entityId: string; before: unknown; after: unknown; ip: string; requestId: string };
const PAGE_SIZE = 50;
const ENTITIES = ['account', 'role', 'session', 'post', 'job', 'app', 'config'];

/** The account log: every console mutation, filterable, with before/after, exportable as CSV. */
export default function AccountLogScreen() {
  const [username, setUsername] = useState('');
  const [entity, setEntity] = useState<string | null>(null);
  const [action, setAction] = useState('');
  const [range, setRange] = useState<DateRange | null>(null);
  const [expanded, setExpanded] = useState<DataTableExpandedRows>({});
  const filters = { username: useDebounced(username).trim() || undefined, entity: entity ?? undefined, action: useDebounced(action).trim() || undefined, from: range?.from, to: range?.to };
  const key = JSON.stringify(filters);

  const fetchPage = useCallback(async (page: number, limit: number) => {
    const body = await api(accountLogContract, { ...JSON.parse(key), page, limit });
    return { data: body.data as Entry[], totalRecord: body.totalRecord };
  }, [key]);
  const { rows, tableProps } = usePagedList(fetchPage, key, PAGE_SIZE);

  const exportUrl = `/api/adminAccount/accountLog/export?${toSearchParams(JSON.parse(key)).toString()}`;
  return (
    <section className="card">
      <div className="toolbar">
        <InputText value={username} onChange={(e) => setUsername(e.target.value)} placeholder="Account" aria-label="Filter by account" />
        <Dropdown value={entity} options={ENTITIES} onChange={(e) => setEntity(e.value)} placeholder="All entities" showClear aria-label="Filter by entity" />
        <InputText value={action} onChange={(e) => setAction(e.target.value)} placeholder="Action (e.g. update)" aria-label="Filter by action" />
        <DateRangePicker value={range} onChange={setRange} clearable inputId="log-range" />
        <span className="toolbar-spacer" />
        <a className="p-button p-button-outlined p-button-sm" href={exportUrl} download title="Times in ISO 8601 with the UTC+7 offset">
          <i className="pi pi-download" aria-hidden="true" />&nbsp;Export CSV
        </a>
      </div>
      <DataTable
        value={rows}
        {...tableProps}
        dataKey="id"
        expandedRows={expanded}
        onRowToggle={(e) => setExpanded(e.data as DataTableExpandedRows)}
        rowExpansionTemplate={(r: Entry) => (
          <div className="log-diff">
            <div><h4>Before</h4><pre>{r.before === null || r.before === undefined ? '—' : JSON.stringify(r.before, null, 2)}</pre></div>
            <div><h4>After</h4><pre>{r.after === null || r.after === undefined ? '—' : JSON.stringify(r.after, null, 2)}</pre></div>
          </div>
        )}
        emptyMessage="No log entry matches."
        size="small"
      >
        <Column expander style={{ width: '3rem' }} />
        <Column bodyClassName="date-time" header="Time (UTC+7)" body={(r: Entry) => formatDateTime(r.at)} />
        <Column field="username" header="Account" />
        <Column field="action" header="Action" />
        <Column field="entity" header="Entity" />
        <Column field="entityId" header="Entity id" />
        <Column field="ip" header="Address" />
      </DataTable>
    </section>
  );
}
