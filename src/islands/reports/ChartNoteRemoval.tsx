import { ConfirmDialog } from 'primereact/confirmdialog';
import type { AnalyticNote } from '../../lib/analytics/play/notes-contract';
import { formatDay } from '../../lib/time/format';

export interface ChartNoteRemovalProps {
  /** The mark asked about (kept while the dialog closes, so its text does not vanish mid-animation). */
  note: AnalyticNote;
  visible: boolean;
  onHide: () => void;
  onAccept: (note: AnalyticNote) => void;
}

/**
 * "Remove the mark …?" under a report's chart. A chunk of its own, loaded when a mark's × is first pressed:
 * PrimeReact's ConfirmDialog and Dialog (~11 KB) are not part of a report's first visit (issue 41).
 */
export default function ChartNoteRemoval({ note, visible, onHide, onAccept }: ChartNoteRemovalProps) {
  return (
    <ConfirmDialog
      visible={visible}
      onHide={onHide}
      header="Remove mark"
      message={`Remove the mark "${note.note}" of ${formatDay(note.day)}?`}
      acceptLabel="Yes"
      rejectLabel="No"
      acceptClassName="p-button-danger"
      accept={() => onAccept(note)}
    />
  );
}
