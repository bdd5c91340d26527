import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Chips } from 'primereact/chips';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useCallback, useEffect, useState } from 'react';
import { pTrackingActionContract, pTrackingDeleteContract, pTrackingListContract, type AppDetail, type PTracking } from '../../lib/apps/contract';
import { OS_NAMES } from '../../lib/apps/os';
import { PTRACKING_PARTNERS, type PTrackingPartner } from '../../lib/apps/rules';
import { api } from '../../lib/http/client';
import { confirmDelete } from '../../lib/ui/DeleteButton';
import { showToast } from '../../lib/ui/toast-store';
import { OsBadge } from './parts';

interface Draft {
  id?: number;
  os: 0 | 1 | 2 | 3;
  partner: PTrackingPartner;
  trackingId: string;
  events: string[];
  enabled: boolean;
  note: string;
}

/** pTracking: the attribution partners the app reports to, per platform, with the events forwarded. */
export default function PTrackingPanel({ app, canEdit }: { app: AppDetail; canEdit: boolean }) {
  const [rows, setRows] = useState<PTracking[] | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [problem, setProblem] = useState('');
  const osOptions = [{ label: 'All platforms', value: 0 }, ...app.os.map((o) => ({ label: OS_NAMES[o.os], value: o.os }))];

  const load = useCallback(async () => setRows((await api(pTrackingListContract, { appId: app.id })).data), [app.id]);
  useEffect(() => void load(), [load]);

  async function save() {
    if (!draft) return;
    setProblem('');
    try {
      await api(pTrackingActionContract, { ...draft, appId: app.id });
      showToast('success', 'pTracking saved');
      setDraft(null);
      await load();
    } catch (error) {
      setProblem((error as Error).message);
    }
  }

  function remove(row: PTracking) {
    confirmDelete(`Delete ${row.partner}`, async () => {
      await api(pTrackingDeleteContract, { id: row.id });
      showToast('success', 'pTracking deleted');
      await load();
    });
  }

  return (
    <div className="sub-panel">
      {canEdit && !draft && (
        <Button type="button" label="Add partner" icon="pi pi-plus" size="small" outlined onClick={() => setDraft({ os: 0, partner: 'appsflyer', trackingId: '', events: [], enabled: true, note: '' })} />
      )}
      {draft && (
        <form className="inline-form" onSubmit={(e) => (e.preventDefault(), save())}>
          <Dropdown value={draft.os} options={osOptions} onChange={(e) => setDraft({ ...draft, os: e.value })} aria-label="Platform" />
          <Dropdown value={draft.partner} options={[...PTRACKING_PARTNERS]} onChange={(e) => setDraft({ ...draft, partner: e.value })} aria-label="Partner" />
          <InputText value={draft.trackingId} onChange={(e) => setDraft({ ...draft, trackingId: e.target.value })} placeholder="Tracking id / dev key" aria-label="Tracking id" />
          <Chips value={draft.events} onChange={(e) => setDraft({ ...draft, events: e.value ?? [] })} placeholder="Events (Enter after each)" aria-label="Events" separator="," addOnBlur className="grow" />
          <span className="flag">
            <Checkbox inputId="pt-enabled" checked={draft.enabled} onChange={(e) => setDraft({ ...draft, enabled: Boolean(e.checked) })} />
            <label htmlFor="pt-enabled">Enabled</label>
          </span>
          <Button type="submit" label="Save" size="small" />
          <Button type="button" label="Cancel" size="small" text onClick={() => setDraft(null)} />
          {problem && <p className="form-problem" role="alert">{problem}</p>}
        </form>
      )}
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">Platform</th>
            <th scope="col">Partner</th>
            <th scope="col">Tracking id</th>
            <th scope="col">Events</th>
            <th scope="col">State</th>
            {canEdit && <th scope="col"><span className="sr-only">Actions</span></th>}
          </tr>
        </thead>
        <tbody>
          {rows?.length === 0 && (
            <tr>
              <td colSpan={6} className="empty-row">No partner configured.</td>
            </tr>
          )}
          {rows?.map((row) => (
            <tr key={row.id}>
              <td>
                <OsBadge os={row.os} />
              </td>
              <td>{row.partner}</td>
              <td>
                <code>{row.trackingId}</code>
              </td>
              <td>{row.events.join(', ') || '—'}</td>
              <td>{row.enabled ? 'Enabled' : 'Disabled'}</td>
              {canEdit && (
                <td className="row-actions">
                  <button type="button" className="icon-button" aria-label={`Edit ${row.partner}`} onClick={() => setDraft({ id: row.id, os: row.os, partner: row.partner, trackingId: row.trackingId, events: row.events, enabled: row.enabled, note: row.note })}>
                    <i className="pi pi-pencil" aria-hidden="true" />
                  </button>
                  <button type="button" className="icon-button" aria-label={`Delete ${row.partner}`} onClick={() => remove(row)}>
                    <i className="pi pi-trash" aria-hidden="true" />
                  </button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
