import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useCallback, useEffect, useState } from 'react';
import { publishDateActionContract, publishDateDeleteContract, publishDateListContract, type AppDetail, type PublishDate } from '../../lib/apps/contract';
import { OS_NAMES } from '../../lib/apps/os';
import { api } from '../../lib/http/client';
import { dayToLocalDate, localDateToDay, todayInReportZone } from '../../lib/ui/filters/date-range';
import { confirmDelete } from '../../lib/ui/DeleteButton';
import { formatDay } from '../../lib/time/format';
import { showToast } from '../../lib/ui/toast-store';
import { OsBadge } from './parts';

interface Draft {
  id?: number;
  os: 0 | 1 | 2 | 3;
  date: string;
  version: string;
  note: string;
}

/** Publish-date history: store releases per platform, newest first; publishing and unpublishing add entries. */
export default function PublishDates({ app, canEdit }: { app: AppDetail; canEdit: boolean }) {
  const [rows, setRows] = useState<PublishDate[] | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [busy, setBusy] = useState(false);
  const osOptions = [{ label: 'All platforms', value: 0 }, ...app.os.map((o) => ({ label: OS_NAMES[o.os], value: o.os }))];

  const load = useCallback(async () => setRows((await api(publishDateListContract, { appId: app.id })).data), [app.id]);
  useEffect(() => void load(), [load]);

  async function save() {
    if (!draft) return;
    setBusy(true);
    try {
      await api(publishDateActionContract, { ...draft, appId: app.id });
      showToast('success', draft.id ? 'Publish date saved' : 'Publish date added');
      setDraft(null);
      await load();
    } finally {
      setBusy(false);
    }
  }

  function remove(row: PublishDate) {
    confirmDelete(`Delete the publish date ${formatDay(row.date)}`, async () => {
      await api(publishDateDeleteContract, { id: row.id });
      showToast('success', 'Publish date deleted');
      await load();
    });
  }

  return (
    <div className="sub-panel">
      {canEdit && !draft && (
        <Button type="button" label="Add publish date" icon="pi pi-plus" size="small" outlined onClick={() => setDraft({ os: 0, date: todayInReportZone(), version: '', note: '' })} />
      )}
      {draft && (
        <form className="inline-form" onSubmit={(e) => (e.preventDefault(), save())}>
          <Calendar inputId="pd-date" value={dayToLocalDate(draft.date)} onChange={(e) => e.value && setDraft({ ...draft, date: localDateToDay(e.value as Date) })} dateFormat="dd-mm-yy" aria-label="Date" readOnlyInput />
          <Dropdown value={draft.os} options={osOptions} onChange={(e) => setDraft({ ...draft, os: e.value })} aria-label="Platform" />
          <InputText value={draft.version} onChange={(e) => setDraft({ ...draft, version: e.target.value })} placeholder="Version" aria-label="Version" />
          <InputText value={draft.note} onChange={(e) => setDraft({ ...draft, note: e.target.value })} placeholder="Note" aria-label="Note" className="grow" />
          <Button type="submit" label="Save" size="small" loading={busy} />
          <Button type="button" label="Cancel" size="small" text onClick={() => setDraft(null)} />
        </form>
      )}
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Platform</th>
            <th scope="col">Version</th>
            <th scope="col">Note</th>
            <th scope="col">By</th>
            {canEdit && <th scope="col"><span className="sr-only">Actions</span></th>}
          </tr>
        </thead>
        <tbody>
          {rows?.length === 0 && (
            <tr>
              <td colSpan={6} className="empty-row">No publish date yet.</td>
            </tr>
          )}
          {rows?.map((row) => (
            <tr key={row.id}>
              <td className="date-time">{formatDay(row.date)}</td>
              <td>
                <OsBadge os={row.os} />
              </td>
              <td>{row.version || '—'}</td>
              <td>{row.note || '—'}</td>
              <td>{row.createdBy || '—'}</td>
              {canEdit && (
                <td className="row-actions">
                  <button type="button" className="icon-button" aria-label={`Edit the publish date ${formatDay(row.date)}`} onClick={() => setDraft({ id: row.id, os: row.os, date: row.date, version: row.version, note: row.note })}>
                    <i className="pi pi-pencil" aria-hidden="true" />
                  </button>
                  <button type="button" className="icon-button" aria-label={`Delete the publish date ${formatDay(row.date)}`} onClick={() => remove(row)}>
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
