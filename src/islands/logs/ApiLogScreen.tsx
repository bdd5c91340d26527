import '../../lib/ui/prime';
import { useCallback, useState } from 'react';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Tag } from 'primereact/tag';
import { api } from '../../lib/http/client';
import { apiLogContract } from '../../lib/logs/contract';
import { formatDateTime } from '../../lib/time/format';
import { useDebounced } from '../../lib/ui/use-debounced';
import { usePagedList } from '../../lib/ui/use-paged-list';

type Entry = { id: number; at: string; username: string; method: string; path: string; status: number; durationMs: number; requestId: string; ip: string };
const PAGE_SIZE = 50;

/** Api Log Tracking: every API request, filterable; rows older than the retention period are deleted by a job. */
export default function ApiLogScreen({ retentionDays }: { retentionDays: number }) {
  const [username, setUsername] = useState('');
  const [path, setPath] = useState('');
  const [method, setMethod] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const debounced = { username: useDebounced(username).trim(), path: useDebounced(path).trim(), status: useDebounced(status).trim() };
  const key = JSON.stringify({ ...debounced, method });

  const fetchPage = useCallback(
    (page: number, limit: number) => {
      const f = JSON.parse(key) as { username: string; path: string; status: string; method: string | null };
      return api(apiLogContract, {
        username: f.username || undefined,
        path: f.path || undefined,
        status: /^\d{3}$/.test(f.status) ? Number(f.status) : undefined,
        method: (f.method ?? undefined) as 'GET' | undefined,
        page,
        limit,
      });
    },
    [key],
  );
  const { rows, tableProps } = usePagedList<Entry>(fetchPage, key, PAGE_SIZE);

  return (
    <section className="card">
      <p className="hint">Requests are kept for {retentionDays} days. Only paths are recorded — never query strings, bodies or tokens.</p>
      <div className="toolbar">
        <InputText value={username} onChange={(e) => setUsername(e.target.value)} placeholder="Account" aria-label="Filter by account" />
        <Dropdown value={method} options={['GET', 'POST', 'PUT', 'DELETE']} onChange={(e) => setMethod(e.value)} placeholder="Any method" showClear aria-label="Filter by method" />
        <InputText value={path} onChange={(e) => setPath(e.target.value)} placeholder="Path contains" aria-label="Filter by path" />
        <InputText value={status} onChange={(e) => setStatus(e.target.value)} placeholder="Status" aria-label="Filter by status" style={{ width: '7rem' }} />
      </div>
      <DataTable value={rows} {...tableProps} dataKey="id" emptyMessage="No request matches." size="small">
        <Column bodyClassName="date-time" header="Time (UTC+7)" body={(r: Entry) => formatDateTime(r.at)} />
        <Column field="username" header="Account" body={(r: Entry) => r.username || '—'} />
        <Column field="method" header="Method" />
        <Column field="path" header="Path" />
        <Column header="Status" body={(r: Entry) => <Tag value={r.status} severity={r.status < 400 ? 'success' : r.status < 500 ? 'warning' : 'danger'} />} />
        <Column header="Duration" body={(r: Entry) => `${r.durationMs} ms`} />
        <Column field="requestId" header="Request id" />
      </DataTable>
    </section>
  );
}
