import { lazy, Suspense, useState } from 'react';

const SpecialNoteDialog = lazy(() => import('./SpecialNoteDialog'));

/**
 * The page note's "More detail": opens the header special note (finance_info_post), editable for admin,
 * root and PO-Marketing, read-only for everyone else. The dialog's code loads on the first click.
 */
export default function HeaderNote({ canEdit }: { canEdit: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        More detail
      </button>
      {open && (
        <Suspense fallback={null}>
          <SpecialNoteDialog canEdit={canEdit} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
