import './prime';
import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';

/** Asks "Yes"/"No" before a deletion; the screen renders one <ConfirmDialog /> that this opens. */
export function confirmDelete(header: string, accept: () => Promise<void> | void, message = 'Are you sure to delete this?'): void {
  confirmDialog({ message, header, acceptLabel: 'Yes', rejectLabel: 'No', acceptClassName: 'p-button-danger', accept: () => void accept() });
}

/**
 * The row "delete" icon of the admin tables: asks first ("Yes"/"No"), then runs the deletion. The screen
 * renders one <ConfirmDialog /> that this opens.
 */
export function DeleteButton({ what, message, header = 'Delete', onConfirm }: { what: string; message: string; header?: string; onConfirm: () => Promise<void> | void }) {
  return (
    <Button
      icon="pi pi-trash"
      text
      rounded
      severity="danger"
      aria-label={`Delete ${what}`}
      tooltip="Delete"
      onClick={() => confirmDelete(header, onConfirm, message)}
    />
  );
}
