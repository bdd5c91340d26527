import type { AppSummary } from '../../lib/apps/contract';
import type { AppSortKey, SortDirection } from '../../lib/apps/manager';
import { HIGHLIGHT_OPTIONS } from '../../lib/apps/rules';
import type { DetailTab } from '../../lib/apps/manager';
import { AppIcon, OsBadge, RelativeTime, StateTag } from './parts';

interface AppTableProps {
  apps: AppSummary[];
  sort: AppSortKey;
  dir: SortDirection;
  onSort: (key: AppSortKey) => void;
  canEdit: boolean;
  emptyText: string;
  onOpen: (app: AppSummary, tab: DetailTab) => void;
  onEdit: (app: AppSummary) => void;
  onTogglePublish: (app: AppSummary) => void;
}

function SortHeader({ label, field, sort, dir, onSort }: { label: string; field: AppSortKey; sort: AppSortKey; dir: SortDirection; onSort: (key: AppSortKey) => void }) {
  const active = sort === field;
  return (
    <th scope="col" aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button type="button" className="sort-button" onClick={() => onSort(field)}>
        {label}
        <i className={`pi ${active ? (dir === 'asc' ? 'pi-sort-up-fill' : 'pi-sort-down-fill') : 'pi-sort-alt'}`} aria-hidden="true" />
      </button>
    </th>
  );
}

/** The App Manager's list: sortable columns, platform badges, publish state and row actions. */
export default function AppTable({ apps, sort, dir, onSort, canEdit, emptyText, onOpen, onEdit, onTogglePublish }: AppTableProps) {
  const header = { sort, dir, onSort };
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label="Apps table">
      <table className="data-table app-table">
        <thead>
          <tr>
            <SortHeader label="App" field="name" {...header} />
            <th scope="col">Platforms</th>
            <SortHeader label="Team" field="team" {...header} />
            <th scope="col">Game types</th>
            <th scope="col">Labels</th>
            <SortHeader label="State" field="state" {...header} />
            <SortHeader label="Updated (UTC+7)" field="updated" {...header} />
            <th scope="col" className="actions-col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {apps.length === 0 && (
            <tr>
              <td colSpan={8} className="empty-row">{emptyText}</td>
            </tr>
          )}
          {apps.map((app) => {
            const highlight = HIGHLIGHT_OPTIONS.find((h) => h.value === app.highlight && h.value);
            return (
              <tr key={app.id} data-app-id={app.id}>
                <th scope="row">
                  <div className="app-cell">
                    <AppIcon icon={app.icon} name={app.name} />
                    <button type="button" className="link-button app-name" onClick={() => onOpen(app, 'details')}>
                      {app.name}
                    </button>
                    <span className="app-id">{app.id}</span>
                    {highlight && <span className="highlight-dot" style={{ background: highlight.color }} title={`Finance highlight: ${highlight.title}`} />}
                  </div>
                </th>
                <td>
                  <span className="os-badges">
                    {app.os.map((o) => (
                      <OsBadge key={o.os} os={o.os} title={o.packageId} />
                    ))}
                  </span>
                </td>
                <td>{app.team || <span className="muted">—</span>}</td>
                <td className="tags-cell">{app.gameTypes.join(', ') || <span className="muted">—</span>}</td>
                <td className="tags-cell">
                  {app.labels.length ? app.labels.map((l) => <span key={l} className="label-chip">{l}</span>) : <span className="muted">—</span>}
                </td>
                <td>
                  <StateTag published={app.published} />
                </td>
                <td>
                  <RelativeTime iso={app.updatedAt} />
                </td>
                <td className="row-actions">
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
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
