import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useCallback, useEffect, useState } from 'react';
import { appVersionsContract, versionActionContract, versionDeleteContract, type AppDetail, type AppVersion } from '../../lib/apps/contract';
import { OS_NAMES, type OsCode } from '../../lib/apps/os';
import { api } from '../../lib/http/client';
import { showToast } from '../../lib/ui/toast-store';
import { formatDateTime } from '../../lib/time/format';
import { OsBadge } from './parts';

/** The app's versions per platform with the SDK version each runs: reported by the SDK or entered by hand. */
export default function VersionsPanel({ app, canEdit }: { app: AppDetail; canEdit: boolean }) {
  const [rows, setRows] = useState<AppVersion[] | null>(null);
  const [draft, setDraft] = useState<{ os: OsCode; version: string; sdkVersion: string } | null>(null);
  const [problem, setProblem] = useState('');

  const load = useCallback(async () => setRows((await api(appVersionsContract, { appId: app.id })).data), [app.id]);
  useEffect(() => void load(), [load]);

  async function save() {
    if (!draft) return;
    setProblem('');
    try {
      await api(versionActionContract, { appId: app.id, ...draft });
      showToast('success', `Version ${draft.version} saved`);
      setDraft(null);
      await load();
    } catch (error) {
      setProblem((error as Error).message);
    }
  }

  async function remove(row: AppVersion) {
    await api(versionDeleteContract, { appId: app.id, os: row.os, version: row.version });
    showToast('success', `Version ${row.version} removed`);
    await load();
  }

  return (
    <div className="sub-panel">
      <p className="hint">
        Versions arrive with the SDK's events; add a version by hand for builds that do not report yet.{' '}
        <a href={`/app_data/sdk_version?id=${encodeURIComponent(app.id)}&value=${encodeURIComponent(app.name)}`}>SDK versions of every app</a>
      </p>
      {canEdit && !draft && app.os.length > 0 && (
        <Button type="button" label="Add version" icon="pi pi-plus" size="small" outlined onClick={() => setDraft({ os: app.os[0]!.os, version: '', sdkVersion: '' })} />
      )}
      {draft && (
        <form className="inline-form" onSubmit={(e) => (e.preventDefault(), save())}>
          <Dropdown value={draft.os} options={app.os.map((o) => ({ label: OS_NAMES[o.os], value: o.os }))} onChange={(e) => setDraft({ ...draft, os: e.value })} aria-label="Platform" />
          <InputText value={draft.version} onChange={(e) => setDraft({ ...draft, version: e.target.value })} placeholder="App version, e.g. 1.10.0" aria-label="App version" />
          <InputText value={draft.sdkVersion} onChange={(e) => setDraft({ ...draft, sdkVersion: e.target.value })} placeholder="SDK version" aria-label="SDK version" />
          <Button type="submit" label="Save" size="small" />
          <Button type="button" label="Cancel" size="small" text onClick={() => setDraft(null)} />
          {problem && <p className="form-problem" role="alert">{problem}</p>}
        </form>
      )}
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">Platform</th>
            <th scope="col">Version</th>
            <th scope="col">SDK version</th>
            <th scope="col">Source</th>
            <th scope="col">First seen (UTC+7)</th>
            <th scope="col">Last seen (UTC+7)</th>
            {canEdit && <th scope="col"><span className="sr-only">Actions</span></th>}
          </tr>
        </thead>
        <tbody>
          {rows?.length === 0 && (
            <tr>
              <td colSpan={7} className="empty-row">No version known yet.</td>
            </tr>
          )}
          {rows?.map((row) => (
            <tr key={`${row.os}-${row.version}`}>
              <td>
                <OsBadge os={row.os} />
              </td>
              <td>{row.version}</td>
              <td>{row.sdkVersion || <span className="muted">unknown</span>}</td>
              <td>{row.source === 'sdk' ? 'SDK' : 'Manual'}</td>
              <td className="date-time">{formatDateTime(row.firstSeen)}</td>
              <td className="date-time">{formatDateTime(row.lastSeen)}</td>
              {canEdit && (
                <td className="row-actions">
                  {row.source === 'manual' && (
                    <button type="button" className="icon-button" aria-label={`Remove version ${row.version}`} onClick={() => remove(row)}>
                      <i className="pi pi-trash" aria-hidden="true" />
                    </button>
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
