import '../../lib/ui/prime';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { ConfirmDialog, confirmDialog } from 'primereact/confirmdialog';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Tag } from 'primereact/tag';
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import type { Contract } from '../../lib/contract';
import { api } from '../../lib/http/client';
import { allows, getPath, type ActionHolder, type DrillPanel, type PanelContent, type ResourceColumn, type ResourceDescriptor, type ResourceRowAction, type ReadDocument, type Revealed } from '../../lib/resources/define';
import { formatDateTime, formatDay } from '../../lib/time/format';
import { formatCount } from '../../lib/numbers';
import type { ListColumn } from '../../lib/ui/list/columns';
import { useLatestGuard } from '../../lib/ui/list/use-latest-guard';
import { useResourceList } from '../../lib/ui/list/use-resource-list';
import { showToast } from '../../lib/ui/toast-store';
import { OsBadge } from '../apps/parts';
import { ListTable } from '../common/ListTable';
import '../../styles/resources.css';
import ResourceForm from './ResourceForm';

export interface ResourceViewProps<R, Ctx> {
  descriptor: ResourceDescriptor<R, Ctx>;
  context: Ctx;
  /** Who is looking: the buttons follow the private actions the contracts need. */
  account: ActionHolder;
  /** Rows the server rendered with (no request on load); without them the list loads. */
  initialRows?: R[] | null;
  /** A server-paged list: how many rows match in all. */
  initialTotal?: number;
  /** A heading, when the view is a whole screen rather than a panel. */
  heading?: string;
  /** A whole screen: drawn as a card (panels sit inside their dialog). */
  framed?: boolean;
  /** The app this person last chose in a create form (remembered on the server). */
  formApp?: string | null;
}

const PAGE_SIZE = 20;

/** Text of a cell for search and plain display. */
function cellValue<R, Ctx>(column: ResourceColumn<R, Ctx>, row: R, ctx: Ctx): unknown {
  return column.value ? column.value(row, ctx) : getPath(row, column.key);
}

function cellText<R, Ctx>(column: ResourceColumn<R, Ctx>, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  switch (column.show) {
    case 'dateTime':
      return formatDateTime(value as string);
    case 'day':
      return formatDay(String(value));
    case 'boolean':
      return value ? (column.yesNo?.[0] ?? 'Yes') : (column.yesNo?.[1] ?? 'No');
    case 'list':
      return Array.isArray(value) ? value.map((v) => (v && typeof v === 'object' ? Object.values(v).join(':') : String(v))).join(', ') || '—' : String(value);
    default:
      return String(value);
  }
}

function Cell<R, Ctx>({ column, row, ctx }: { column: ResourceColumn<R, Ctx>; row: R; ctx: Ctx }) {
  const value = cellValue(column, row, ctx);
  const hint = column.hint?.(row, ctx);
  let shown: ReactNode;
  if (column.show === 'os') shown = <OsBadge os={Number(value)} />;
  else if (column.show === 'code' && value) shown = <code>{String(value)}</code>;
  else if (column.show === 'status' && value) {
    const severity = column.severity?.(String(value)) ?? 'info';
    // "Nothing to report" (never run, switched off) reads as quiet text, not as a coloured state.
    shown = severity === 'secondary' ? <span className="muted">{String(value)}</span> : <Tag value={String(value)} severity={severity} />;
  }
  else if (column.show === 'dateTime') shown = <span className="date-time">{cellText(column, value)}</span>;
  else shown = cellText(column, value);
  if (!hint) return <>{shown}</>;
  return (
    <div>
      {shown}
      <div className="hint">{hint}</div>
    </div>
  );
}

/** Bars for categorical bands in plain HTML: each as wide as its value over the largest, the number beside it. */
function Bars({ bars }: { bars: NonNullable<PanelContent['bars']> }) {
  const captionId = useId();
  const max = Math.max(0, ...bars.rows.map((r) => r.value));
  return (
    <figure className="drill-bars" aria-labelledby={captionId}>
      <figcaption id={captionId}>{bars.title}</figcaption>
      {max === 0 ? (
        <p className="muted">{bars.empty ?? 'Nothing to show yet'}</p>
      ) : (
        <ul>
          {bars.rows.map((r) => (
            <li key={r.label}>
              <span className="drill-bar-label">{r.label}</span>
              <span className="drill-bar-track" aria-hidden="true">
                <span className="drill-bar" style={{ width: `${(Math.max(0, r.value) / max) * 100}%` }} />
              </span>
              <span className="drill-bar-value">{formatCount(r.value)}</span>
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}

/** A drill's figures and bars: read once when the dialog opens, through the same client as the lists. */
function DrillPanelView<R>({ panel, row }: { panel: DrillPanel<R>; row: R }) {
  const [content, setContent] = useState<PanelContent | null>(null);
  const [failed, setFailed] = useState(false);
  const guard = useLatestGuard();
  useEffect(() => {
    const isCurrent = guard.begin();
    // Erased descriptor: the input is built by its own contract's descriptor (types checked in defineResource).
    api(panel.contract, panel.input(row) as never)
      .then((body) => isCurrent() && setContent(panel.show(body.data)))
      // The shared client already said why.
      .catch(() => isCurrent() && setFailed(true));
    return guard.cancel;
  }, [panel, row, guard]);
  return (
    <section className="drill-panel" aria-busy={!content && !failed} data-testid="drill-panel">
      {content ? (
        <>
          <dl className="drill-figures">
            {content.figures.map((f) => (
              <div key={f.label}>
                <dt>{f.label}</dt>
                <dd>{f.value}</dd>
              </div>
            ))}
          </dl>
          {content.bars && <Bars bars={content.bars} />}
        </>
      ) : (
        <p className="resource-loading" role="status">
          {failed ? 'The figures could not be read.' : 'Loading…'}
        </p>
      )}
    </section>
  );
}

/**
 * The one list-and-form view: search, list (with paging), loading and empty states, the create/edit
 * dialog validated with the save contract's schema, confirm-before-delete and the row actions, each
 * button shown only to accounts whose private actions the contract accepts. Everything specific comes
 * from the descriptor.
 */
export default function ResourceView<R, Ctx>({ descriptor: d, context, account, initialRows, initialTotal, heading, framed, formApp }: ResourceViewProps<R, Ctx>) {
  const serverPaged = Boolean(d.contracts.list.list);
  const pageSize = d.pageSize ?? PAGE_SIZE;
  const [editing, setEditing] = useState<{ row: R | null; preset?: Record<string, unknown> | null } | null>(null);
  const [busyAction, setBusyAction] = useState<string | null>(null);
  const [drill, setDrill] = useState<R | null>(null);
  const [revealed, setRevealed] = useState<Revealed | null>(null);
  const [reading, setReading] = useState<ReadDocument | null>(null);
  const serverSearch = typeof d.search === 'object' ? d.search.param : null;
  const group = `resource-${d.id}`;

  const canCreate = allows(account, d.gates.create) && (d.canCreate?.(context) ?? true);
  const canEdit = allows(account, d.gates.edit);
  const canRemove = allows(account, d.gates.remove);
  const rowActions = (d.rowActions ?? []).filter((a) => allows(account, d.gates.rowActions[a.id] ?? null));
  const filterOptions = d.filter?.options(context) ?? [];
  const optionOf = (value: string) => filterOptions.find((o) => String(o.value) === value)?.value ?? null;

  // A whole screen keeps its search, filter, page and sort in the URL (?search= is also how a link names a row to find).
  const list = useResourceList<R, { search: string; filter: string }>({
    filters: { search: '', filter: '' },
    typed: serverSearch ? ['search'] : [],
    local: serverSearch ? [] : ['search'],
    sort: d.serverSort ? { field: d.serverSort.field, order: d.serverSort.order } : null,
    clientSort: !d.serverSort,
    pageSize,
    serverPaged,
    url: Boolean(framed),
    initial: initialRows ? { data: initialRows, totalRecord: initialTotal ?? initialRows.length } : null,
    depends: JSON.stringify([d.id, d.listInput?.(context, { filter: null }) ?? null]),
    load: async ({ filters, page, limit, sort }) => {
      const input: Record<string, unknown> = { ...(d.listInput?.(context, { filter: optionOf(filters.filter) === null ? null : filters.filter }) ?? {}) };
      if (serverSearch && filters.search.trim()) input[serverSearch] = filters.search.trim();
      if (serverPaged) Object.assign(input, { page, limit });
      if (d.serverSort && sort) Object.assign(input, { [d.serverSort.param]: sort.field, [d.serverSort.orderParam]: sort.order });
      // Erased descriptor: the input is built by its own contract's descriptor (types checked in defineResource).
      const body = await api(d.contracts.list as Contract, input as never);
      return { data: body.data as R[], totalRecord: body.totalRecord };
    },
  });
  const { rows, loading, filters } = list;
  const text = filters.search;
  const load = list.reload;
  // A link may open the create form pre-filled (a template's "Create event").
  useEffect(() => {
    if (!framed) return;
    const preset = d.preset?.(context, new URLSearchParams(location.search)) ?? null;
    if (preset && canCreate && d.contracts.save) setEditing({ row: null, preset });
    // Once: the form opened from the link is not opened again by a later render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const shown = useMemo(() => {
    if (!rows || d.search !== 'client' || !text.trim()) return rows ?? [];
    const needle = text.trim().toLowerCase();
    return rows.filter((row) => d.columns.some((c) => cellText(c, cellValue(c, row, context)).toLowerCase().includes(needle)));
  }, [rows, d, text, context]);

  const columns: ListColumn<R>[] = useMemo(
    () =>
      d.columns.map((c) => ({
        key: c.key,
        header: c.label,
        show: c.show,
        sortable: Boolean(c.sortable && (d.serverSort ? true : !c.value && !serverPaged)),
        className: c.show === 'dateTime' || c.show === 'day' ? 'date-time' : undefined,
        text: (row: R) => cellText(c, cellValue(c, row, context)),
        body: (row: R) => <Cell column={c} row={row} ctx={context} />,
      })),
    [d, context, serverPaged],
  );

  function remove(row: R) {
    const label = d.rowLabel(row);
    confirmDialog({
      group,
      header: d.confirm?.header?.(row) ?? `Delete ${label}`,
      message: d.confirm?.message?.(row) ?? 'Are you sure to delete this?',
      acceptLabel: 'Yes',
      rejectLabel: 'No',
      acceptClassName: 'p-button-danger',
      accept: () =>
        void (async () => {
          // Erased descriptor: the input is built by its own contract's descriptor (types checked in defineResource).
          await api(d.contracts.remove as Contract, (d.removeInput ? d.removeInput(row, context) : { id: (row as { id: unknown }).id }) as never);
          showToast('success', d.toasts?.removed?.(row) ?? `${label} deleted`);
          await load();
        })().catch(() => undefined),
    });
  }

  function startAction(action: ResourceRowAction<R, Ctx>, row: R) {
    if (!action.confirm) return void runAction(action, row);
    confirmDialog({
      group,
      header: action.confirm.header,
      message: action.confirm.message(row),
      acceptLabel: 'Yes',
      rejectLabel: 'No',
      accept: () => void runAction(action, row),
    });
  }

  async function runAction(action: ResourceRowAction<R, Ctx>, row: R) {
    if (action.href) return void location.assign(action.href(row));
    setBusyAction(`${action.id}:${d.rowKey(row)}`);
    try {
      // Erased descriptor: the input is built by its own contract's descriptor (types checked in defineResource).
      const { data } = await api(action.contract, action.input(row) as never);
      const done = action.done(row, data);
      if (done.document) setReading(done.document);
      if (action.reads) return;
      showToast(done.severity, done.text);
      if (done.reveal) setRevealed(done.reveal);
      await load();
    } catch {
      // The shared client already said why.
    } finally {
      setBusyAction(null);
    }
  }

  const createButton = canCreate && d.contracts.save && (
    <Button type="button" label={d.createLabel ?? `Add ${d.singular}`} icon="pi pi-plus" size="small" onClick={() => setEditing({ row: null })} />
  );
  const anyRowAction = (canEdit || canRemove || rowActions.length > 0 || d.drill) && (d.form?.length || d.contracts.remove || rowActions.length || d.drill);
  const note = d.note?.(context);
  // The empty state (with its create button) is for a list with nothing in it, not for a search that matched nothing.
  const empty = list.status === 'empty' && !list.applied.filters.search.trim() && !list.applied.filters.filter;
  const searchId = `${d.idPrefix ?? d.id}-search`;

  return (
    <section className={heading || framed ? 'card resource' : 'resource'} data-testid={`resource-${d.id}`} aria-busy={loading}>
      {heading && <h2 className="resource-heading">{heading}</h2>}
      {note && (
        <p className="hint">
          {note.text}
          {note.link && (
            <>
              {' '}
              <a href={note.link.href}>{note.link.label}</a>
            </>
          )}
        </p>
      )}
      {(d.search || d.filter || (createButton && !empty)) && (
        <div className="toolbar">
          {d.filter && (
            <Dropdown value={optionOf(filters.filter)} options={[...filterOptions]} onChange={(e) => list.setFilter('filter', e.value === null || e.value === undefined ? '' : String(e.value))} placeholder={d.filter.placeholder} showClear filter aria-label={d.filter.label} />
          )}
          {d.search && (
            <span className="resource-search">
              <label htmlFor={searchId} className="sr-only">
                Search {d.plural}
              </label>
              <InputText id={searchId} type="search" value={text} onChange={(e) => list.setFilter('search', e.target.value)} placeholder="Search" />
            </span>
          )}
          <span className="toolbar-spacer" />
          {!empty && createButton}
        </div>
      )}
      {empty ? (
        <div className="resource-empty" data-testid="resource-empty">
          <p>{d.empty}</p>
          {createButton}
        </div>
      ) : (
        <ListTable
          list={list}
          value={shown}
          columns={columns}
          label="Table"
          what={`The ${d.plural}`}
          loadingMessage={`Loading ${d.plural}…`}
          emptyMessage={`No ${d.plural} match.`}
          phone={d.phone}
          after={
            anyRowAction && (
              <Column
                header={<span className="sr-only">Actions</span>}
                body={(row: R) => {
                  const label = d.rowLabel(row);
                  const editable = d.editable ? d.editable(row) : true;
                  return (
                    <div className="row-actions">
                      {rowActions
                        .filter((a) => !a.hidden?.(row, context))
                        .map((a) => {
                          const words = typeof a.label === 'function' ? a.label(row) : a.label;
                          const look = {
                            icon: typeof a.icon === 'function' ? a.icon(row) : a.icon,
                            severity: a.severity?.(row),
                            loading: busyAction === `${a.id}:${d.rowKey(row)}`,
                            disabled: a.disabled?.(row) ?? false,
                            onClick: () => startAction(a, row),
                          };
                          return a.compact ? (
                            <Button key={a.id} type="button" text rounded aria-label={a.name?.(row) ?? `${words} ${label}`} tooltip={words} tooltipOptions={{ position: 'top' }} {...look} />
                          ) : (
                            <Button key={a.id} type="button" label={words} size="small" {...look} />
                          );
                        })}
                      {canEdit && editable && <Button type="button" icon="pi pi-pencil" text rounded aria-label={`Edit ${label}`} tooltip="Edit" tooltipOptions={{ position: 'top' }} onClick={() => setEditing({ row })} />}
                      {canRemove && editable && (d.removable?.(row, context) ?? true) && <Button type="button" icon="pi pi-trash" text rounded severity="danger" aria-label={`Delete ${label}`} tooltip="Delete" tooltipOptions={{ position: 'top' }} onClick={() => remove(row)} />}
                      {d.drill && <Button type="button" icon={d.drill.icon} text rounded aria-label={d.drill.label(row)} tooltip={d.drill.tooltip} tooltipOptions={{ position: 'top' }} onClick={() => setDrill(row)} />}
                    </div>
                  );
                }}
              />
            )
          }
        />
      )}
      <ConfirmDialog group={group} />
      {editing && (
        <ResourceForm
          descriptor={d}
          context={context}
          row={editing.row}
          formApp={formApp}
          preset={editing.preset}
          onClose={() => setEditing(null)}
          onSaved={async (data) => {
            setEditing(null);
            const { row: saved, reveal } = d.saved ? d.saved(data) : { row: data as R, reveal: null };
            const toast = editing.row ? d.toasts?.saved : (d.toasts?.created ?? d.toasts?.saved);
            showToast('success', toast?.(saved) ?? `${d.rowLabel(saved)} saved`);
            if (reveal) setRevealed(reveal);
            await load();
          }}
        />
      )}
      <Dialog header={revealed?.title ?? ''} visible={revealed !== null} onHide={() => setRevealed(null)} style={{ width: 'min(420px, 95vw)' }}>
        {revealed && (
          <>
            <p>{revealed.text}</p>
            <p className="revealed-secret" data-testid="revealed-secret">
              {revealed.secret}
            </p>
            <Button type="button" label="Copy" icon="pi pi-copy" onClick={() => void navigator.clipboard?.writeText(revealed.secret)} />
          </>
        )}
      </Dialog>
      <Dialog header={reading?.title ?? ''} visible={reading !== null} onHide={() => setReading(null)} style={{ width: 'min(820px, 95vw)' }}>
        {reading && (
          <>
            <p className="read-document-meta">{reading.meta}</p>
            {/* Server-rendered and sanitised (ReadDocument): the one place a resource shows HTML. */}
            <article className="read-document" data-testid="read-document" dangerouslySetInnerHTML={{ __html: reading.html }} />
          </>
        )}
      </Dialog>
      {d.drill && (
        <Dialog header={drill ? d.drill.title(drill) : ''} visible={drill !== null} onHide={() => setDrill(null)} style={{ width: 'min(900px, 95vw)' }}>
          {drill && d.drill.panel && <DrillPanelView key={d.rowKey(drill)} panel={d.drill.panel} row={drill} />}
          {drill && <ResourceView descriptor={d.drill.resource()} context={d.drill.context(drill)} account={account} />}
        </Dialog>
      )}
    </section>
  );
}
