import { lazy, Suspense, useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { api } from '../../lib/http/client';
import { specialPostContract, updateSpecialPostContract } from '../../lib/posts/contract';
import { showToast } from '../../lib/ui/toast-store';

const PostEditor = lazy(() => import('../posts/PostEditor'));
const TITLE = 'finance_info_post';

export default function SpecialNoteDialog({ canEdit, onClose }: { canEdit: boolean; onClose: () => void }) {
  const [note, setNote] = useState<{ id: number; title: string; body: string } | null>(null);
  const [body, setBody] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    api(specialPostContract, { title: TITLE })
      .then(({ data }) => {
        setNote(data);
        setBody(data.body);
      })
      .catch(onClose);
  }, [onClose]);

  const save = async () => {
    if (!note) return;
    setBusy(true);
    try {
      await api(updateSpecialPostContract, { id: note.id, title: note.title, body });
      showToast('success', 'update successfully !');
      onClose();
      // The banner is server-rendered: show the new note.
      location.reload();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog header="Note" visible onHide={onClose} style={{ width: 'min(760px, 95vw)' }} dismissableMask={!canEdit}>
      {!note ? (
        <p>Loading…</p>
      ) : canEdit ? (
        <>
          <span id="special-note-label" className="hint">Shown to everyone as the banner above every page while it has text.</span>
          <Suspense fallback={<p>Loading the editor…</p>}>
            <PostEditor value={body} onChange={setBody} labelledBy="special-note-label" />
          </Suspense>
          <div className="dialog-actions">
            <Button label="Cancel" text onClick={onClose} />
            <Button label="Save" icon="pi pi-check" loading={busy} onClick={save} />
          </div>
        </>
      ) : note.body ? (
        // Bodies are sanitised by the server before they are stored.
        <div className="special-note-body" data-testid="special-note-body" dangerouslySetInnerHTML={{ __html: note.body }} />
      ) : (
        <p className="hint">There is no note yet.</p>
      )}
    </Dialog>
  );
}
