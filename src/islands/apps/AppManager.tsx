import '../../lib/ui/prime';
import { useStore } from '@nanostores/react';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { allAppContract, updateAppContract, type AppSummary } from '../../lib/apps/contract';
import { APP_SORT_KEYS, filterApps, labelCounts, sortApps, type AppSortKey, type DetailTab } from '../../lib/apps/manager';
import { $selectedApp, appIdOf, refreshAppLists, type AppScope } from '../../lib/apps/store';
import { api } from '../../lib/http/client';
import AppAutocomplete from '../../lib/apps/filters/AppAutocomplete';
import DebouncedInput from '../../lib/ui/filters/DebouncedInput';
import MultiSelectFilter from '../../lib/ui/filters/MultiSelectFilter';
import OsSelect from '../../lib/ui/filters/OsSelect';
import { parseOsValue, type OsFilterValue } from '../../lib/ui/filters/os-options';
import { enumCodec, listCodec, type QueryCodec } from '../../lib/ui/filters/use-query-state';
import type { ListSort } from '../../lib/ui/list/list-state';
import { useResourceList } from '../../lib/ui/list/use-resource-list';
import { showToast } from '../../lib/ui/toast-store';
import AppTable from './AppTable';
import '../../styles/data-table.css';
import './apps.css';
import { HeadLink, ScreenHead } from './parts';
import type { ActionHolder } from '../../lib/resources/define';
import type { Team } from '../../lib/apps/contract';

const AppFormDialog = lazy(() => import('./AppFormDialog'));
const AppDetailDialog = lazy(() => import('./AppDetailDialog'));
const LabelsDialog = lazy(() => import('./LabelsDialog'));

export interface AppManagerProps {
  account: AppScope;
  canEdit: boolean;
  /** The viewer's private actions: the detail panels' buttons follow their contracts' access. */
  viewer: ActionHolder;
  teams: Team[];
  /** Apps the account sees, rendered by the server so the list shows before any request. */
  initialApps: AppSummary[];
}

const osCodec: QueryCodec<OsFilterValue> = { parse: parseOsValue, serialize: (v) => (v === 0 ? null : String(v)) };
const stateCodec = enumCodec(['all', 'published', 'unpublished'] as const);
const DEFAULT_SORT: ListSort = { field: 'name', order: 'asc' };
type AppFilters = { os: string; state: string; labels: string; q: string };
const STATE_OPTIONS = [
  { label: 'All states', value: 'all' },
  { label: 'Published', value: 'published' },
  { label: 'Unpublished', value: 'unpublished' },
];

/** App Manager (/app_data/index): the visible apps with search, filters, sorting and every app action. */
export default function AppManager({ account, canEdit, viewer, teams, initialApps }: AppManagerProps) {
  // Every visible app at once (the server rendered them): search, filters and sort act on them in the browser
  // and live in the URL (os, state, labels, q; sort as `name` or `-updated`), read once mounted.
  const list = useResourceList<AppSummary, AppFilters>({
    filters: { os: '', state: '', labels: '', q: '' },
    local: ['os', 'state', 'labels', 'q'],
    clientSort: true,
    sort: DEFAULT_SORT,
    serverPaged: false,
    pageSize: 10_000,
    initial: { data: initialApps },
    load: async () => ({ data: (await api(allAppContract)).data }),
  });
  const apps = list.rows ?? initialApps;
  const os = parseOsValue(list.filters.os || null);
  const state = stateCodec.parse(list.filters.state || null);
  const labelsText = list.filters.labels;
  const labels = useMemo(() => listCodec.parse(labelsText || null), [labelsText]);
  const text = list.filters.q;
  const sortBy = list.applied.sort && (APP_SORT_KEYS as readonly string[]).includes(list.applied.sort.field) ? list.applied.sort : DEFAULT_SORT;
  const selected = useStore($selectedApp);
  const [form, setForm] = useState<{ app: AppSummary | null } | null>(null);
  const [detail, setDetail] = useState<{ appId: string; tab: DetailTab } | null>(null);
  const [labelsOpen, setLabelsOpen] = useState(false);

  const { reload } = list;
  const afterChange = useCallback(async () => {
    await Promise.all([reload(), refreshAppLists()]);
  }, [reload]);

  const shown = useMemo(
    () => sortApps(filterApps(apps, { os, state, labels, text, appId: selected ? appIdOf(selected) : null }), sortBy.field as AppSortKey, sortBy.order),
    [apps, os, state, labels, text, selected, sortBy.field, sortBy.order],
  );
  const labelOptions = useMemo(() => labelCounts(apps).map((l) => ({ title: `${l.label} (${l.apps})`, value: l.label })), [apps]);

  async function togglePublish(app: AppSummary) {
    await api(updateAppContract, { appId: app.id, data: { published: !app.published } });
    showToast('success', `${app.name} is ${app.published ? 'unpublished' : 'published'}`);
    await afterChange();
  }

  const filtered = os !== 0 || state !== 'all' || labels.length > 0 || text !== '' || selected !== null;

  return (
    <section className="card app-manager" aria-labelledby="am-title">
      <ScreenHead id="am-title" title="App Manager">
          <HeadLink href="/app_data/sdk_version" icon="pi-code" label="SDK versions" />
          <Button type="button" label="Labels" icon="pi pi-tags" size="small" outlined onClick={() => setLabelsOpen(true)} />
          {canEdit && <Button type="button" label="New app" icon="pi pi-plus" size="small" onClick={() => setForm({ app: null })} />}
      </ScreenHead>

      <div className="filter-bar" role="search" aria-label="Filter apps">
        <AppAutocomplete account={account} inputId="am-app" placeholder="App" />
        <OsSelect value={os} onChange={(v) => list.setFilter('os', osCodec.serialize(v) ?? '')} inputId="am-os" />
        <Dropdown inputId="am-state" value={state} options={STATE_OPTIONS} onChange={(e) => list.setFilter('state', stateCodec.serialize(e.value) ?? '')} aria-label="Publish state" />
        <MultiSelectFilter inputId="am-labels" options={labelOptions} value={labels} onChange={(v) => list.setFilter('labels', listCodec.serialize(v) ?? '')} placeholder="All labels" ariaLabel="Labels" />
        <DebouncedInput value={text} onChange={(v) => list.setFilter('q', v.trim())} placeholder="Search id, name, package, label…" ariaLabel="Search apps" className="am-search" />
      </div>

      <p className="am-count" aria-live="polite">
        {shown.length === apps.length ? `${apps.length} app${apps.length === 1 ? '' : 's'}` : `${shown.length} of ${apps.length} apps`}
      </p>

      <AppTable
        list={list}
        apps={shown}
        sort={sortBy}
        onSort={list.setSort}
        canEdit={canEdit}
        emptyText={apps.length === 0 ? (canEdit ? 'No app yet. Create the first one with "New app".' : 'No app is assigned to your account yet.') : filtered ? 'No app matches these filters.' : 'No app.'}
        onOpen={(app, tab) => setDetail({ appId: app.id, tab })}
        onEdit={(app) => setForm({ app })}
        onTogglePublish={togglePublish}
      />

      <Suspense fallback={null}>
        {form && (
          <AppFormDialog
            app={form.app}
            teams={teams}
            onClose={() => setForm(null)}
            onSaved={async (saved, created) => {
              setForm(null);
              await afterChange();
              if (created) setDetail({ appId: saved.id, tab: 'details' });
            }}
          />
        )}
        {detail && (
          <AppDetailDialog
            appId={detail.appId}
            tab={detail.tab}
            canEdit={canEdit}
            viewer={viewer}
            onTab={(tab) => setDetail({ ...detail, tab })}
            onClose={() => setDetail(null)}
            onEdit={(app) => {
              setDetail(null);
              setForm({ app });
            }}
            onChanged={afterChange}
          />
        )}
        {labelsOpen && <LabelsDialog apps={apps} canEdit={canEdit} onClose={() => setLabelsOpen(false)} onChanged={afterChange} />}
      </Suspense>
    </section>
  );
}
