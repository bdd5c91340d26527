import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';

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
      onClick={() =>
        confirmDialog({ message, header, acceptLabel: 'Yes', rejectLabel: 'No', acceptClassName: 'p-button-danger', accept: () => void onConfirm() })
      }
    />
  );
}
