import '../../lib/ui/prime';
import { labelled } from '../../lib/labels';
import { Button } from 'primereact/button';
import { ConfirmDialog, confirmDialog } from 'primereact/confirmdialog';
import { Dialog } from 'primereact/dialog';
import { useCallback, useEffect, useState } from 'react';
import { appDetailContract, deleteAppContract, deleteLabelContract, regenerateKeyContract, type AppDetail } from '../../lib/apps/contract';
import { OS_NAMES, OS_PACKAGE_LABEL } from '../../lib/platform';
import { HIGHLIGHT_OPTIONS } from '../../lib/apps/rules';
import { api } from '../../lib/http/client';
import { showToast } from '../../lib/ui/toast-store';
import type { DetailTab } from '../../lib/apps/manager';
import ConfigEditor from './ConfigEditor';
import { formatDateTime } from '../../lib/time/format';
import { AppIcon, copyText, OsBadge, StateTag } from './parts';
import { gameItemsResource, pTrackingResource, publishDatesResource, versionsResource, type AppPanelContext } from '../../lib/apps/resources';
import type { ActionHolder } from '../../lib/resources/define';
import ResourceView from '../resources/ResourceView';
import { storeKeyResource } from '../../lib/iap/resources';

const TABS: { key: DetailTab; label: string }[] = labelled({
  details: 'Details',
  config: 'Config',
  dates: 'Publish dates',
  ptracking: 'pTracking',
  storekey: 'App Store key',
  versions: 'Versions',
  items: 'Items',
});

interface AppDetailDialogProps {
  appId: string;
  tab: DetailTab;
  canEdit: boolean;
  viewer: ActionHolder;
  onTab: (tab: DetailTab) => void;
  onClose: () => void;
  onEdit: (app: AppDetail) => void;
  onChanged: () => Promise<void> | void;
}

const panelContext = (app: AppDetail): AppPanelContext => ({ appId: app.id, appName: app.name, os: app.os.map((o) => o.os) });

/** One app: platforms with SDK app keys, labels, config, publish dates, pTracking and versions. */
export default function AppDetailDialog({ appId, tab, canEdit, viewer, onTab, onClose, onEdit, onChanged }: AppDetailDialogProps) {
  const [app, setApp] = useState<AppDetail | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async () => {
    try {
      setApp((await api(appDetailContract, { appId })).data);
    } catch {
      setFailed(true);
    }
  }, [appId]);
  useEffect(() => void load(), [load]);

  const changed = async () => {
    await load();
    await onChanged();
  };

  function regenerate(os: 1 | 2 | 3) {
    confirmDialog({
      header: `New ${OS_NAMES[os]} SDK key`,
      message: 'The current key stops working at once: builds that still send it are refused. Continue?',
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: 'Yes',
      rejectLabel: 'No',
      accept: async () => {
        await api(regenerateKeyContract, { appId, os });
        showToast('success', `New ${OS_NAMES[os]} SDK key generated`);
        await changed();
      },
    });
  }

  async function removeLabel(label: string) {
    await api(deleteLabelContract, { appId, label });
    showToast('success', `Label ${label} removed`);
    await changed();
  }

  function remove() {
    confirmDialog({
      header: `Delete ${app?.name}`,
      message: 'Are you sure to delete this? Only an app without SDK data can be deleted; otherwise unpublish it.',
      icon: 'pi pi-exclamation-triangle',
      acceptClassName: 'p-button-danger',
      acceptLabel: 'Yes',
      rejectLabel: 'No',
      accept: async () => {
        await api(deleteAppContract, { appId });
        showToast('success', `App ${app?.name} deleted`);
        onClose();
        await onChanged();
      },
    });
  }

  const highlight = HIGHLIGHT_OPTIONS.find((h) => h.value === app?.highlight && h.value);

  return (
    <Dialog
      visible
      onHide={onClose}
      style={{ width: 'min(920px, 96vw)' }}
      header={
        app ? (
          <span className="detail-title">
            <AppIcon icon={app.icon} name={app.name} size={28} />
            <span>{app.name}</span>
            <StateTag published={app.published} />
          </span>
        ) : (
          'App'
        )
      }
    >
      {/* The one confirmation host for every tab of this dialog (each host would show every confirmDialog call). */}
      <ConfirmDialog />
      {failed && <p className="form-problem">This app could not be loaded.</p>}
      {!app && !failed && <p className="muted">Loading…</p>}
      {app && (
        <>
          <div className="tabs" role="tablist" aria-label="App sections">
            {TABS.map((t) => (
              <button key={t.key} type="button" role="tab" id={`tab-${t.key}`} aria-selected={tab === t.key} aria-controls={`panel-${t.key}`} className={tab === t.key ? 'active' : ''} onClick={() => onTab(t.key)}>
                {t.label}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="tab-panel">
            {tab === 'details' && (
              <div className="app-details">
                <dl className="facts">
                  <dt>App id</dt>
                  <dd>
                    <code>{app.id}</code>
                  </dd>
                  <dt>Team</dt>
                  <dd>{app.team || '—'}</dd>
                  <dt>Game types</dt>
                  <dd>{app.gameTypes.join(', ') || '—'}</dd>
                  <dt>Labels</dt>
                  <dd>
                    {app.labels.length === 0 && '—'}
                    {app.labels.map((l) => (
                      <span key={l} className="label-chip">
                        {l}
                        {canEdit && (
                          <button type="button" className="chip-remove" aria-label={`Remove label ${l}`} title="Remove this label from the app" onClick={() => removeLabel(l)}>
                            ×
                          </button>
                        )}
                      </span>
                    ))}
                  </dd>
                  <dt>Finance</dt>
                  <dd>
                    {app.showFinance ? 'Shown in finance' : 'Hidden from finance'} · {app.reportMonth ? 'in the monthly report' : 'not in the monthly report'}
                    {highlight ? ` · highlight: ${highlight.title}` : ''}
                  </dd>
                  <dt>Created</dt>
                  <dd>{formatDateTime(app.createdAt)} (UTC+7)</dd>
                  <dt>Updated</dt>
                  <dd>{formatDateTime(app.updatedAt)} (UTC+7)</dd>
                </dl>
                <h3>Platforms and SDK app keys</h3>
                <table className="data-table platforms-table">
                  <thead>
                    <tr>
                      <th scope="col">Platform</th>
                      <th scope="col">Store id</th>
                      <th scope="col">Store</th>
                      <th scope="col">SDK app key</th>
                    </tr>
                  </thead>
                  <tbody>
                    {app.os.map((o) => (
                      <tr key={o.os} data-os={o.os}>
                        <td>
                          <OsBadge os={o.os} />
                        </td>
                        <td>
                          <code title={OS_PACKAGE_LABEL[o.os]}>{o.packageId}</code>
                        </td>
                        <td>{o.storeUrl ? <a href={o.storeUrl} target="_blank" rel="noopener noreferrer">Open <i className="pi pi-external-link" aria-hidden="true" /></a> : <span className="muted">—</span>}</td>
                        <td className="key-cell">
                          <code className="sdk-key" data-testid={`sdk-key-${o.os}`}>{o.sdkAppKey}</code>
                          <button type="button" className="icon-button" title="Copy the key" aria-label={`Copy the ${OS_NAMES[o.os]} SDK key`} onClick={() => copyText(o.sdkAppKey, 'SDK key', showToast)}>
                            <i className="pi pi-copy" aria-hidden="true" />
                          </button>
                          {canEdit && (
                            <button type="button" className="icon-button" title="Generate a new key" aria-label={`New ${OS_NAMES[o.os]} SDK key`} onClick={() => regenerate(o.os)}>
                              <i className="pi pi-refresh" aria-hidden="true" />
                            </button>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                <p className="hint">The game SDK sends this key with every event batch; keep one key per platform build.</p>
                {canEdit && (
                  <div className="detail-actions">
                    <Button type="button" label="Edit app" icon="pi pi-pencil" size="small" outlined onClick={() => onEdit(app)} />
                    <Button type="button" label="Delete" icon="pi pi-trash" size="small" severity="danger" text onClick={remove} />
                  </div>
                )}
              </div>
            )}
            {tab === 'config' && <ConfigEditor app={app} canEdit={canEdit} onSaved={changed} />}
            {tab === 'dates' && <ResourceView descriptor={publishDatesResource} context={panelContext(app)} account={viewer} />}
            {tab === 'ptracking' && <ResourceView descriptor={pTrackingResource} context={panelContext(app)} account={viewer} />}
            {tab === 'versions' && <ResourceView descriptor={versionsResource} context={panelContext(app)} account={viewer} />}
            {tab === 'items' && <ResourceView descriptor={gameItemsResource} context={panelContext(app)} account={viewer} />}
            {tab === 'storekey' && <ResourceView descriptor={storeKeyResource} context={panelContext(app)} account={viewer} />}
          </div>
        </>
      )}
    </Dialog>
  );
}
