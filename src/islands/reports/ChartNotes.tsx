import { Button } from 'primereact/button';
import { lazy, Suspense, useEffect, useState } from 'react';
import { analyticNoteDeleteContract, analyticNoteListContract, type AnalyticNote } from '../../lib/analytics/play/notes-contract';
import { api } from '../../lib/http/client';
import { showToast } from '../../lib/ui/toast-store';
import { formatDay } from '../../lib/time/format';

// Loaded on first use: neither the form nor the confirmation is part of a report's first visit (issue 41).
const ChartNoteForm = lazy(() => import('./ChartNoteForm'));
const ChartNoteRemoval = lazy(() => import('./ChartNoteRemoval'));

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
  // The mark asked about stays after the dialog closes (its text must not vanish while it fades out).
  const [removing, setRemoving] = useState<{ note: AnalyticNote; open: boolean } | null>(null);
  const nameOf = (id: string) => apps.find((a) => a.id === id)?.name ?? id;
  const several = apps.length > 1;

  const remove = (note: AnalyticNote) =>
    void api(analyticNoteDeleteContract, { id: note.id })
      .then(() => {
        showToast('success', 'Chart mark removed');
        reload();
      })
      .catch(() => undefined);

  return (
    <div className="chart-notes" aria-label="Chart marks" data-testid="chart-notes">
      <span className="filter-label">Marked days</span>
      {notes.length === 0 && <span className="chart-notes-none">None in this range.</span>}
      {notes.map((n) => (
        <span key={n.id} className="chart-note" title={`Marked by ${n.createdBy}`}>
          {formatDay(n.day)} · {several ? `${nameOf(n.appId)}: ` : ''}
          {n.note}
          {canEdit && <button type="button" className="chart-note-remove" aria-label={`Remove mark ${n.note}`} onClick={() => setRemoving({ note: n, open: true })}>×</button>}
        </span>
      ))}
      {canEdit && !draft && apps.length > 0 && (
        <Button type="button" label="Mark a day" icon="pi pi-flag" size="small" text onClick={() => setDraft({ appId: apps[0]!.id, day: to, note: '' })} />
      )}
      {draft && (
        <Suspense fallback={null}>
          <ChartNoteForm apps={apps} draft={draft} onDraft={setDraft} onSaved={reload} />
        </Suspense>
      )}
      {removing && (
        <Suspense fallback={null}>
          <ChartNoteRemoval note={removing.note} visible={removing.open} onHide={() => setRemoving({ ...removing, open: false })} onAccept={remove} />
        </Suspense>
      )}
    </div>
  );
}
