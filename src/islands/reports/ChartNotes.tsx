import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { ConfirmDialog, confirmDialog } from 'primereact/confirmdialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useEffect, useState } from 'react';
import { ANALYTIC_NOTE_MAX, analyticNoteContract, analyticNoteDeleteContract, analyticNoteListContract, type AnalyticNote } from '../../lib/analytics/play/notes-contract';
import { api } from '../../lib/http/client';
import { dayToLocalDate, localDateToDay } from '../../lib/ui/filters/date-range';
import { showToast } from '../../lib/ui/toast-store';
import { formatDay } from '../../lib/time/format';

/** The chart annotations of the apps in view over the shown range; reloads when they change. */
export function useChartNotes(view: { apps: string[]; from: string; to: string } | null): { notes: AnalyticNote[]; reload: () => void } {
  const key = view ? JSON.stringify(view) : '';
  const [notes, setNotes] = useState<AnalyticNote[]>([]);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (!view || view.apps.length === 0) return setNotes([]);
    let live = true;
    api(analyticNoteListContract, view)
      .then((body) => live && setNotes(body.data))
      .catch(() => undefined);
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, version]);
  return { notes, reload: () => setVersion((v) => v + 1) };
}

export interface ChartNotesProps {
  notes: AnalyticNote[];
  reload: () => void;
  /** The apps in view with their names (a mark belongs to one app). */
  apps: { id: string; name: string }[];
  /** The shown range: a new mark defaults to its last day. */
  to: string;
  canEdit: boolean;
}

/**
 * The marks under a report's chart, as text (the chart draws them as lines), and, for holders of
 * analytic_note_edit, marking a day ("2.4 released") and removing a mark after a confirmation.
 */
export default function ChartNotes({ notes, reload, apps, to, canEdit }: ChartNotesProps) {
  const [draft, setDraft] = useState<{ appId: string; day: string; note: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const nameOf = (id: string) => apps.find((a) => a.id === id)?.name ?? id;
  const several = apps.length > 1;

  const save = async (event: { preventDefault: () => void }) => {
    event.preventDefault();
    if (!draft) return;
    setSaving(true);
    try {
      await api(analyticNoteContract, draft);
      showToast('success', 'Chart mark saved');
      setDraft(null);
      reload();
    } catch {
      // The client showed the server's message.
    } finally {
      setSaving(false);
    }
  };
  const remove = (note: AnalyticNote) =>
    confirmDialog({
      group: 'chart-notes',
      header: 'Remove mark',
      message: `Remove the mark "${note.note}" of ${formatDay(note.day)}?`,
      acceptLabel: 'Yes',
      rejectLabel: 'No',
      acceptClassName: 'p-button-danger',
      accept: () =>
        void api(analyticNoteDeleteContract, { id: note.id })
          .then(() => {
            showToast('success', 'Chart mark removed');
            reload();
          })
          .catch(() => undefined),
    });

  return (
    <div className="chart-notes" aria-label="Chart marks" data-testid="chart-notes">
      <span className="filter-label">Marked days</span>
      {notes.length === 0 && <span className="chart-notes-none">None in this range.</span>}
      {notes.map((n) => (
        <span key={n.id} className="chart-note" title={`Marked by ${n.createdBy}`}>
          {formatDay(n.day)} · {several ? `${nameOf(n.appId)}: ` : ''}
          {n.note}
          {canEdit && <button type="button" className="chart-note-remove" aria-label={`Remove mark ${n.note}`} onClick={() => remove(n)}>×</button>}
        </span>
      ))}
      {canEdit && !draft && apps.length > 0 && (
        <Button type="button" label="Mark a day" icon="pi pi-flag" size="small" text onClick={() => setDraft({ appId: apps[0]!.id, day: to, note: '' })} />
      )}
      {draft && (
        <form className="chart-note-form" onSubmit={save} aria-label="Mark a day">
          {several && (
            <Dropdown value={draft.appId} options={apps.map((a) => ({ label: a.name, value: a.id }))} onChange={(e) => setDraft({ ...draft, appId: e.value })} aria-label="App" />
          )}
          <Calendar value={dayToLocalDate(draft.day)} onChange={(e) => e.value && setDraft({ ...draft, day: localDateToDay(e.value as Date) })} dateFormat="dd-mm-yy" readOnlyInput aria-label="Day" inputClassName="chart-note-day" />
          <InputText value={draft.note} onChange={(e) => setDraft({ ...draft, note: e.target.value })} maxLength={ANALYTIC_NOTE_MAX} placeholder="2.4 released" aria-label="Mark text" autoFocus />
          <Button type="submit" label="Save" size="small" loading={saving} disabled={!draft.note.trim()} />
          <Button type="button" label="Cancel" size="small" text onClick={() => setDraft(null)} />
        </form>
      )}
      <ConfirmDialog group="chart-notes" />
    </div>
  );
}
