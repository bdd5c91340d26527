import '../../lib/ui/prime';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Tag } from 'primereact/tag';
import { api } from '../../lib/http/client';
import { apiLogContract } from '../../lib/logs/contract';
import { formatDateTime } from '../../lib/time/format';
import type { ListColumn } from '../../lib/ui/list/columns';
import { useResourceList } from '../../lib/ui/list/use-resource-list';
import { ListTable } from '../common/ListTable';

type Entry = { id: number; at: string; username: string; method: string; path: string; status: number; durationMs: number; requestId: string; ip: string };
const PAGE_SIZE = 50;
const METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;

const COLUMNS: ListColumn<Entry>[] = [
  { key: 'at', header: 'Time (UTC+7)', className: 'date-time', text: (r) => formatDateTime(r.at) },
  { key: 'username', header: 'Account', text: (r) => r.username || '—' },
  { key: 'method', header: 'Method' },
  { key: 'path', header: 'Path' },
  { key: 'status', header: 'Status', body: (r) => <Tag value={r.status} severity={r.status < 400 ? 'success' : r.status < 500 ? 'warning' : 'danger'} /> },
  { key: 'durationMs', header: 'Duration', text: (r) => `${r.durationMs} ms` },
  { key: 'requestId', header: 'Request id' },
];

/** Api Log Tracking: every API request, filterable; rows older than the retention period are deleted by a job. */
export default function ApiLogScreen({ retentionDays }: { retentionDays: number }) {
  const list = useResourceList<Entry, { username: string; method: string; path: string; status: string }>({
    filters: { username: '', method: '', path: '', status: '' },
    typed: ['username', 'path', 'status'],
    pageSize: PAGE_SIZE,
    load: ({ filters: f, page, limit }) =>
      api(apiLogContract, {
        username: f.username.trim() || undefined,
        path: f.path.trim() || undefined,
        status: /^\d{3}$/.test(f.status.trim()) ? Number(f.status.trim()) : undefined,
        method: (METHODS as readonly string[]).includes(f.method) ? (f.method as (typeof METHODS)[number]) : undefined,
        page,
        limit,
      }),
  });
  const { filters, setFilter } = list;

  return (
    <section className="card">
      <p className="hint">Requests are kept for {retentionDays} days. Only paths are recorded — never query strings, bodies or tokens.</p>
      <div className="toolbar">
        <InputText value={filters.username} onChange={(e) => setFilter('username', e.target.value)} placeholder="Account" aria-label="Filter by account" />
        <Dropdown value={filters.method || null} options={[...METHODS]} onChange={(e) => setFilter('method', e.value ?? '')} placeholder="Any method" showClear aria-label="Filter by method" />
        <InputText value={filters.path} onChange={(e) => setFilter('path', e.target.value)} placeholder="Path contains" aria-label="Filter by path" />
        <InputText value={filters.status} onChange={(e) => setFilter('status', e.target.value)} placeholder="Status" aria-label="Filter by status" style={{ width: '7rem' }} />
      </div>
      <ListTable list={list} columns={COLUMNS} label="API requests" what="The API log" dataKey="id" emptyMessage="No request matches." />
    </section>
  );
}
