import '../../lib/ui/prime';
import { InputText } from 'primereact/inputtext';
import { useEffect, useMemo } from 'react';
import type { AppScope } from '../../lib/apps/store';
import { useLinkedApp } from '../../lib/apps/use-linked-app';
import { toSearchParams } from '../../lib/contract';
import { historyCell, historyColumns, historyContracts, historyKinds, type HistoryColumn, type HistoryRow } from '../../lib/history/kinds';
import { api } from '../../lib/http/client';
import { formatDateTime, formatDay } from '../../lib/time/format';
import AppAutocomplete from '../../lib/apps/filters/AppAutocomplete';
import DateRangePicker from '../../lib/ui/filters/DateRangePicker';
import Field from '../../lib/ui/filters/Field';
import type { ListColumn } from '../../lib/ui/list/columns';
import { useCursorList } from '../../lib/ui/list/use-cursor-list';
import { CursorListTable } from '../common/CursorListTable';
import '../../styles/history.css';

type Filters = { appId: string; userId: string; from: string; to: string };

export interface HistoryScreenProps {
  kindId: string;
  account: AppScope;
  canExport: boolean;
  /** The query the page was opened with (range filled in), and its first page when the server could read it. */
  query: Filters;
  initial: { rows: HistoryRow[]; nextCursor: string | null } | null;
}

const PAGE_SIZE = 50;
const FLAGGED = 'The device clock was wrong: shown at the time the server received it.';
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

/** The kind's columns as list columns: numbers right-aligned, and a flagged row's cells say why it is marked. */
function listColumns(columns: HistoryColumn[]): ListColumn<HistoryRow>[] {
  return columns.map((c) => {
    const numeric = c.format === 'money' || c.format === 'number' || c.format === 'seconds';
    return {
      key: c.key,
      header: c.label,
      text: (row) => shown(c, row),
      body: (row) => (row.flags ? <span title={FLAGGED}>{shown(c, row)}</span> : shown(c, row)),
      className: c.format === 'dateTime' ? 'date-time' : numeric ? 'num' : undefined,
      headerClassName: numeric ? 'num' : undefined,
    };
  });
}

/** The request of the filters (the user id as typed, trimmed); the export asks the same. */
const queryOf = (f: Filters) => ({ appId: f.appId, userId: f.userId.trim(), from: f.from, to: f.to });

/**
 * A history log: one player's events of one kind, newest first, 50 at a time ("Older events" reads on from
 * where the page stopped), with every payload field a column and the whole range as CSV or Excel. On the list
 * controller's cursor mode: the filters live in the URL (the server renders the first page of the URL's).
 */
export default function HistoryScreen({ kindId, account, canExport, query: first, initial }: HistoryScreenProps) {
  const kind = historyKinds[kindId]!;
  const contract = historyContracts[kindId]!;
  const columns = useMemo(() => listColumns(historyColumns(kind)), [kind]);
  const list = useCursorList<HistoryRow, Filters>({
    filters: { appId: '', userId: '', from: '', to: '' },
    typed: ['userId'],
    serverFilters: first,
    initial,
    complete: (f) => Boolean(f.appId && f.userId.trim()),
    load: async (f, cursor) => (await api(contract.list, { ...queryOf(f), ...(cursor ? { cursor } : {}), limit: PAGE_SIZE })).data,
  });
  const { filters, setFilter, setFilters } = list;

  // The app is the console's shared selection (a linked ?appId= wins once the app list is known).
  const { appId, appName } = useLinkedApp(first.appId);
  useEffect(() => setFilter('appId', appId), [appId, setFilter]);

  const exportHref = (format: 'csv' | 'xlsx') => `${contract.export.path}?${toSearchParams({ ...queryOf(list.applied), format }).toString()}`;
  const about = list.shown ?? list.applied;
  const inRange = `between ${formatDay(about.from)} and ${formatDay(about.to)}`;
  const rows = list.rows ?? [];

  return (
    <section className="card history" aria-busy={list.loading}>
      <div className="toolbar report-filters" role="search" aria-label="History filters">
        <Field label="App">
          <AppAutocomplete account={account} placeholder="Choose an app" />
        </Field>
        <Field label="User id">
          <InputText value={filters.userId} onChange={(e) => setFilter('userId', e.target.value)} placeholder="The player's user id" aria-label="User id" className="history-user" spellCheck={false} />
        </Field>
        <Field label="Days">
          <DateRangePicker value={{ from: filters.from, to: filters.to }} onChange={(next) => next && setFilters({ from: next.from, to: next.to })} />
        </Field>
        <span className="toolbar-spacer" />
        {canExport && rows.length > 0 && (
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
      {list.status === 'idle' ? (
        <p className="history-empty" data-testid="history-empty">
          {list.applied.appId ? 'Enter' : 'Choose an app and enter'} a player&apos;s user id to see their {kind.noun}.
        </p>
      ) : list.status === 'empty' ? (
        <p className="history-empty" data-testid="history-empty">
          No {kind.noun} from {about.userId.trim()} in {appName} {inRange}.
        </p>
      ) : (
        <>
          {list.status === 'ready' && (
            <p className="hint">
              {rows.length}
              {list.hasMore ? '+' : ''} {kind.noun} from <strong>{about.userId.trim()}</strong> in {appName} {inRange}, newest first.
            </p>
          )}
          <CursorListTable
            list={list}
            columns={columns}
            label={kind.noun.replace(/^./, (c) => c.toUpperCase())}
            what={`The ${kind.noun}`}
            loadingMessage={`Loading ${kind.noun}…`}
            emptyMessage={`No ${kind.noun}.`}
            dataKey="eventId"
            tableClassName="history-table"
            rowClassName={(row) => (row.flags ? 'flagged' : undefined)}
            moreLabel="Older events"
          />
        </>
      )}
    </section>
  );
}
