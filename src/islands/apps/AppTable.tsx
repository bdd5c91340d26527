import { Column } from 'primereact/column';
import type { DataTableStateEvent } from 'primereact/datatable';
import type { AppSummary } from '../../lib/apps/contract';
import type { DetailTab } from '../../lib/apps/manager';
import { HIGHLIGHT_OPTIONS } from '../../lib/apps/rules';
import type { ListColumn } from '../../lib/ui/list/columns';
import type { ListSort } from '../../lib/ui/list/list-state';
import { ListTable, type ListView } from '../common/ListTable';
import { AppIcon, OsBadge, RelativeTime, StateTag } from './parts';

interface AppTableProps {
  /** The App Manager's list (every visible app, answered at once). */
  list: ListView<AppSummary>;
  /** The rows to show: the list's, filtered and sorted by the screen (src/lib/apps/manager.ts). */
  apps: AppSummary[];
  sort: ListSort;
  onSort: (sort: ListSort) => void;
  canEdit: boolean;
  emptyText: string;
  onOpen: (app: AppSummary, tab: DetailTab) => void;
  onEdit: (app: AppSummary) => void;
  onTogglePublish: (app: AppSummary) => void;
}

const dash = <span className="muted">—</span>;

/** A header clicked: the same column turns its order round; another starts ascending, "Updated" newest first. */
export function nextAppSort(current: ListSort, field: string): ListSort {
  if (field === current.field) return { field, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { field, order: field === 'updated' ? 'desc' : 'asc' };
}

/**
 * The App Manager's list on ListTable: sortable columns, platform badges, publish state and row actions. The
 * screen filters and sorts the rows itself (its comparators order teams, states and times as people expect),
 * so the table is told its rows are given (lazy): it draws them in that order and only reports a header click.
 */
export default function AppTable({ list, apps, sort, onSort, canEdit, emptyText, onOpen, onEdit, onTogglePublish }: AppTableProps) {
  const view: ListView<AppSummary> = {
    ...list,
    tableProps: {
      ...list.tableProps,
      lazy: true,
      paginator: false,
      first: 0,
      totalRecords: apps.length,
      sortField: sort.field,
      sortOrder: sort.order === 'asc' ? 1 : -1,
      onSort: (e: DataTableStateEvent) => onSort(nextAppSort(sort, e.sortField)),
    },
  };
  const columns: ListColumn<AppSummary>[] = [
    {
      key: 'name',
      header: 'App',
      sortable: true,
      text: (app) => app.name,
      body: (app) => {
        const highlight = HIGHLIGHT_OPTIONS.find((h) => h.value === app.highlight && h.value);
        return (
          <div className="app-cell">
            <AppIcon icon={app.icon} name={app.name} />
            <button type="button" className="link-button app-name" onClick={() => onOpen(app, 'details')}>
              {app.name}
            </button>
            <span className="app-id">{app.id}</span>
            {highlight && <span className="highlight-dot" style={{ background: highlight.color }} title={`Finance highlight: ${highlight.title}`} />}
          </div>
        );
      },
    },
    {
      key: 'os',
      header: 'Platforms',
      body: (app) => (
        <span className="os-badges">
          {app.os.map((o) => (
            <OsBadge key={o.os} os={o.os} title={o.packageId} />
          ))}
        </span>
      ),
    },
    { key: 'team', header: 'Team', sortable: true, body: (app) => app.team || dash },
    { key: 'gameTypes', header: 'Game types', className: 'tags-cell', body: (app) => app.gameTypes.join(', ') || dash },
    {
      key: 'labels',
      header: 'Labels',
      className: 'tags-cell',
      body: (app) => (app.labels.length ? app.labels.map((l) => <span key={l} className="label-chip">{l}</span>) : dash),
    },
    { key: 'state', header: 'State', sortable: true, body: (app) => <StateTag published={app.published} /> },
    { key: 'updated', header: 'Updated (UTC+7)', sortable: true, body: (app) => <RelativeTime iso={app.updatedAt} /> },
  ];
  return (
    <ListTable
      list={view}
      value={apps}
      columns={columns}
      label="Apps table"
      tableClassName="app-table"
      dataKey="id"
      rowAttributes={(app) => ({ 'data-app-id': app.id })}
      what="The apps"
      emptyMessage={emptyText}
      after={
        <Column
          header={<span className="sr-only">Actions</span>}
          headerClassName="actions-col"
          bodyClassName="row-actions"
          body={(app: AppSummary) => (
            <>
              <button type="button" className="icon-button" title="Details and SDK keys" aria-label={`Details of ${app.name}`} onClick={() => onOpen(app, 'details')}>
                <i className="pi pi-eye" aria-hidden="true" />
              </button>
              <button type="button" className="icon-button" title="Config" aria-label={`Config of ${app.name}`} onClick={() => onOpen(app, 'config')}>
                <i className="pi pi-code" aria-hidden="true" />
              </button>
              {canEdit && (
                <>
                  <button type="button" className="icon-button" title="Edit" aria-label={`Edit ${app.name}`} onClick={() => onEdit(app)}>
                    <i className="pi pi-pencil" aria-hidden="true" />
                  </button>
                  <button
                    type="button"
                    className="icon-button"
                    title={app.published ? 'Unpublish' : 'Publish'}
                    aria-label={`${app.published ? 'Unpublish' : 'Publish'} ${app.name}`}
                    onClick={() => onTogglePublish(app)}
                  >
                    <i className={`pi ${app.published ? 'pi-ban' : 'pi-send'}`} aria-hidden="true" />
                  </button>
                </>
              )}
            </>
          )}
        />
      }
    />
  );
}
