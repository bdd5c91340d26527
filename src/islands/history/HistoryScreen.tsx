import '../../lib/ui/prime';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { AppScope } from '../../lib/apps/store';
import { useLinkedApp } from '../../lib/apps/use-linked-app';
import { toSearchParams } from '../../lib/contract';
import { historyCell, historyColumns, historyContracts, historyKinds, type HistoryColumn, type HistoryRow } from '../../lib/history/kinds';
import { api } from '../../lib/http/client';
import { formatDateTime, formatDay } from '../../lib/time/format';
import AppAutocomplete from '../../lib/apps/filters/AppAutocomplete';
import DateRangePicker from '../../lib/ui/filters/DateRangePicker';
import type { DateRange } from '../../lib/ui/filters/date-range';
import Field from '../../lib/ui/filters/Field';
import '../../styles/data-table.css';
import '../../styles/history.css';

export interface HistoryScreenProps {
  kindId: string;
  account: AppScope;
  canExport: boolean;
  /** The query the page was opened with (range filled in), and its first page when the server could read it. */
  query: { appId: string; userId: string; from: string; to: string };
  initial: { rows: HistoryRow[]; nextCursor: string | null } | null;
}

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 4 });
const number = new Intl.NumberFormat('en-US');

function shown(column: HistoryColumn, row: HistoryRow): string {
  const value = historyCell(column, row);
  if (value === null) return '—';
  if (column.format === 'dateTime') return formatDateTime(String(value));
  if (column.format === 'money') return money.format(Number(value));
  if (typeof value === 'number') return number.format(value);
  return value;
}

/**
 * A history log: one player's events of one kind, newest first, 50 at a time ("Older events" reads on from
 * where the page stopped), with every payload field a column and the whole range as CSV or Excel.
 */
export default function HistoryScreen({ kindId, account, canExport, query: first, initial }: HistoryScreenProps) {
  const kind = historyKinds[kindId]!;
  const contract = historyContracts[kindId]!;
  const columns = useMemo(() => historyColumns(kind), [kind]);
  const [userId, setUserId] = useState(first.userId);
  const [range, setRange] = useState<DateRange>({ from: first.from, to: first.to });
  const [query, setQuery] = useState(first);
  const [rows, setRows] = useState<HistoryRow[] | null>(initial?.rows ?? null);
  const [cursor, setCursor] = useState<string | null>(initial?.nextCursor ?? null);
  const [loading, setLoading] = useState(false);
  const asked = useRef(initial ? JSON.stringify(first) : '');

  const { appId, appName } = useLinkedApp(first.appId);
  const ready = Boolean(query.appId && query.userId);

  async function load(q: typeof query, after: string | null) {
    setLoading(true);
    try {
      const { data } = await api(contract.list, { ...q, ...(after ? { cursor: after } : {}), limit: 50 });
      setRows((current) => (after ? [...(current ?? []), ...data.rows] : data.rows));
      setCursor(data.nextCursor);
    } catch {
      // The shared client already said why.
      if (!after) setRows(null);
    } finally {
      setLoading(false);
    }
  }

  // The query follows the app, user id and range; the URL follows the query, so a link shows the same log.
  useEffect(() => {
    const next = { appId, userId: userId.trim(), from: range.from, to: range.to };
    setQuery(next);
  }, [appId, userId, range.from, range.to]);
  useEffect(() => {
    const key = JSON.stringify(query);
    const url = new URL(location.href);
    for (const k of ['appId', 'userId', 'from', 'to'] as const) url.searchParams.set(k, query[k]);
    history.replaceState(history.state, '', url);
    if (!query.appId || !query.userId || asked.current === key) return;
    const timer = setTimeout(() => {
      asked.current = key;
      void load(query, null);
    }, 300);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [JSON.stringify(query)]);

  const exportHref = (format: 'csv' | 'xlsx') => `${contract.export.path}?${toSearchParams({ ...query, format }).toString()}`;
  const inRange = `between ${formatDay(query.from)} and ${formatDay(query.to)}`;

  return (
    <section className="card history" aria-busy={loading}>
      <div className="toolbar report-filters" role="search" aria-label="History filters">
        <Field label="App">
          <AppAutocomplete account={account} placeholder="Choose an app" />
        </Field>
        <Field label="User id">
          <InputText value={userId} onChange={(e) => setUserId(e.target.value)} placeholder="The player's user id" aria-label="User id" className="history-user" spellCheck={false} />
        </Field>
        <Field label="Days">
          <DateRangePicker value={range} onChange={(next) => next && setRange(next)} />
        </Field>
        <span className="toolbar-spacer" />
        {canExport && rows && rows.length > 0 && (
          <div className="history-export">
            <a className="p-button p-button-sm p-button-outlined" href={exportHref('csv')} download>
              CSV
            </a>
            <a className="p-button p-button-sm p-button-outlined" href={exportHref('xlsx')} download>
              Excel
            </a>
          </div>
        )}
      </div>
      {!ready ? (
        <p className="history-empty" data-testid="history-empty">
          {query.appId ? 'Enter' : 'Choose an app and enter'} a player&apos;s user id to see their {kind.noun}.
        </p>
      ) : rows === null ? (
        <p className="history-empty" role="status">
          {loading ? `Loading ${kind.noun}…` : `The ${kind.noun} could not be read.`}
        </p>
      ) : rows.length === 0 ? (
        <p className="history-empty" data-testid="history-empty">
          No {kind.noun} from {query.userId} in {appName} {inRange}.
        </p>
      ) : (
        <>
          <p className="hint">
            {rows.length}
            {cursor ? '+' : ''} {kind.noun} from <strong>{query.userId}</strong> in {appName} {inRange}, newest first.
          </p>
          <div className="table-scroll">
            <table className="data-table history-table">
              <thead>
                <tr>
                  {columns.map((c) => (
                    <th key={c.key} scope="col" className={c.format === 'money' || c.format === 'number' || c.format === 'seconds' ? 'num' : undefined}>
                      {c.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.eventId} className={row.flags ? 'flagged' : undefined} title={row.flags ? 'The device clock was wrong: shown at the time the server received it.' : undefined}>
                    {columns.map((c) => (
                      <td key={c.key} className={c.format === 'dateTime' ? 'date-time' : c.format === 'text' ? undefined : 'num'}>
                        {shown(c, row)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {cursor && (
            <div className="history-more">
              <Button type="button" label="Older events" icon="pi pi-angle-down" outlined size="small" loading={loading} onClick={() => void load(query, cursor)} />
            </div>
          )}
        </>
      )}
    </section>
  );
}
