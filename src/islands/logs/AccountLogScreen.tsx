import '../../lib/ui/prime';
import { useState } from 'react';
import { Column } from 'primereact/column';
import type { DataTableExpandedRows } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { toSearchParams } from '../../lib/contract';
import { api } from '../../lib/http/client';
import { accountLogContract } from '../../lib/logs/contract';
import { formatDateTime } from '../../lib/time/format';
import DateRangePicker from '../../lib/ui/filters/DateRangePicker';
import { parseRange } from '../../lib/ui/filters/date-range';
import type { ListColumn } from '../../lib/ui/list/columns';
import { useResourceList } from '../../lib/ui/list/use-resource-list';
import { ListTable } from '../common/ListTable';

type Entry = { id: number; at: string; username: string; action: string; entity: string; entityId: string; before: unknown; after: unknown; ip: string; requestId: string };
type Filters = { username: string; entity: string; action: string; from: string; to: string };
const PAGE_SIZE = 50;
const ENTITIES = ['account', 'role', 'session', 'post', 'job', 'app', 'config'];

const COLUMNS: ListColumn<Entry>[] = [
  { key: 'at', header: 'Time (UTC+7)', className: 'date-time', text: (r) => formatDateTime(r.at) },
  { key: 'username', header: 'Account' },
  { key: 'action', header: 'Action' },
  { key: 'entity', header: 'Entity' },
  { key: 'entityId', header: 'Entity id' },
  { key: 'ip', header: 'Address' },
];

/** The request (and the export's query) of the filters: blanks left out, a range only when both days are days. */
function requestOf(f: Filters) {
  const range = parseRange(f.from, f.to);
  return { username: f.username.trim() || undefined, entity: f.entity || undefined, action: f.action.trim() || undefined, from: range?.from, to: range?.to };
}

const diff = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value, null, 2));

/** The account log: every console mutation, filterable, with before/after, exportable as CSV. */
export default function AccountLogScreen() {
  const [expanded, setExpanded] = useState<DataTableExpandedRows>({});
  const list = useResourceList<Entry, Filters>({
    filters: { username: '', entity: '', action: '', from: '', to: '' },
    typed: ['username', 'action'],
    pageSize: PAGE_SIZE,
    load: async ({ filters, page, limit }) => {
      const body = await api(accountLogContract, { ...requestOf(filters), page, limit });
      return { data: body.data as Entry[], totalRecord: body.totalRecord };
    },
  });
  const { filters, setFilter, setFilters } = list;
  const range = parseRange(filters.from, filters.to);

  const exportUrl = `/api/adminAccount/accountLog/export?${toSearchParams(requestOf(list.applied.filters)).toString()}`;
  return (
    <section className="card">
      <div className="toolbar">
        <InputText value={filters.username} onChange={(e) => setFilter('username', e.target.value)} placeholder="Account" aria-label="Filter by account" />
        <Dropdown value={filters.entity || null} options={ENTITIES} onChange={(e) => setFilter('entity', e.value ?? '')} placeholder="All entities" showClear aria-label="Filter by entity" />
        <InputText value={filters.action} onChange={(e) => setFilter('action', e.target.value)} placeholder="Action (e.g. update)" aria-label="Filter by action" />
        <DateRangePicker value={range} onChange={(r) => setFilters({ from: r?.from ?? '', to: r?.to ?? '' })} clearable inputId="log-range" />
        <span className="toolbar-spacer" />
        <a className="p-button p-button-outlined p-button-sm" href={exportUrl} download title="Times in ISO 8601 with the UTC+7 offset">
          <i className="pi pi-download" aria-hidden="true" />&nbsp;Export CSV
        </a>
      </div>
      <ListTable
        list={list}
        columns={COLUMNS}
        label="Account log"
        what="The account log"
        dataKey="id"
        emptyMessage="No log entry matches."
        before={<Column expander style={{ width: '3rem' }} />}
        expansion={{
          expandedRows: expanded,
          onRowToggle: (e) => setExpanded(e.data as DataTableExpandedRows),
          template: (r) => (
            <div className="log-diff">
              <div><h4>Before</h4><pre>{diff(r.before)}</pre></div>
              <div><h4>After</h4><pre>{diff(r.after)}</pre></div>
            </div>
          ),
        }}
      />
    </section>
  );
}
