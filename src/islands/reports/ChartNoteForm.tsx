import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { ANALYTIC_NOTE_MAX, analyticNoteContract } from '../../lib/analytics/play/notes-contract';
import { api } from '../../lib/http/client';
import { dayToLocalDate, localDateToDay } from '../../lib/ui/filters/date-range';
import { showToast } from '../../lib/ui/toast-store';

export interface ChartNoteFormProps {
  /** The apps in view with their names; the dropdown shows when there are several. */
  apps: { id: string; name: string }[];
  /** The mark being written (first app, the range's last day). */
  draft: { appId: string; day: string; note: string };
  onDraft: (draft: { appId: string; day: string; note: string } | null) => void;
  onSaved: () => void;
}

/**
 * Marking a day on a report's chart ("2.4 released"). A chunk of its own, loaded when "Mark a day" is first
 * pressed: a report's first visit does not carry the form (issue 41).
 */
export default function ChartNoteForm({ apps, draft, onDraft, onSaved }: ChartNoteFormProps) {
  const [saving, setSaving] = useState(false);
  const save = async (event: { preventDefault: () => void }) => {
    event.preventDefault();
    setSaving(true);
    try {
      await api(analyticNoteContract, draft);
      showToast('success', 'Chart mark saved');
      onDraft(null);
      onSaved();
    } catch {
      // The client showed the server's message.
    } finally {
      setSaving(false);
    }
  };
  return (
    <form className="chart-note-form" onSubmit={save} aria-label="Mark a day">
      {apps.length > 1 && (
        <Dropdown value={draft.appId} options={apps.map((a) => ({ label: a.name, value: a.id }))} onChange={(e) => onDraft({ ...draft, appId: e.value })} aria-label="App" />
      )}
      <Calendar value={dayToLocalDate(draft.day)} onChange={(e) => e.value && onDraft({ ...draft, day: localDateToDay(e.value as Date) })} dateFormat="dd-mm-yy" readOnlyInput aria-label="Day" inputClassName="chart-note-day" />
      <InputText value={draft.note} onChange={(e) => onDraft({ ...draft, note: e.target.value })} maxLength={ANALYTIC_NOTE_MAX} placeholder="2.4 released" aria-label="Mark text" autoFocus />
      <Button type="submit" label="Save" size="small" loading={saving} disabled={!draft.note.trim()} />
      <Button type="button" label="Cancel" size="small" text onClick={() => onDraft(null)} />
    </form>
  );
}
