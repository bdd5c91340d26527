import { lazy, Suspense, useState } from 'react';

// The dialog and PrimeReact's theme load on the first click: the chrome itself carries neither.
const SpecialNoteDialog = lazy(() =>
  Promise.all([import('./SpecialNoteDialog'), import('../../lib/ui/prime-css-on-demand').then((m) => m.ensurePrimeCss())]).then(([m]) => m),
);

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
