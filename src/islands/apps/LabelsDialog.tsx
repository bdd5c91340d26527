import '../../lib/ui/prime';
import { ConfirmDialog, confirmDialog } from 'primereact/confirmdialog';
import { Dialog } from 'primereact/dialog';
import { useMemo } from 'react';
import { clearLabelOfAllAppsContract, type AppSummary } from '../../lib/apps/contract';
import { labelCounts } from '../../lib/apps/manager';
import { api } from '../../lib/http/client';
import { showToast } from '../../lib/ui/toast-store';

/** Every label in use with its app count; a label can be removed from every app at once. */
export default function LabelsDialog({ apps, canEdit, onClose, onChanged }: { apps: AppSummary[]; canEdit: boolean; onClose: () => void; onChanged: () => Promise<void> | void }) {
  const labels = useMemo(() => labelCounts(apps), [apps]);

  function clear(label: string, count: number) {
    confirmDialog({
      header: `Remove the label ${label}`,
      message: `Remove "${label}" from ${count} app${count === 1 ? '' : 's'}?`,
      acceptLabel: 'Yes',
      rejectLabel: 'No',
      acceptClassName: 'p-button-danger',
      accept: async () => {
        const { data } = await api(clearLabelOfAllAppsContract, { label });
        showToast('success', `Label ${label} removed from ${data.apps} app${data.apps === 1 ? '' : 's'}`);
        await onChanged();
      },
    });
  }

  return (
    <Dialog visible header="Labels" onHide={onClose} style={{ width: 'min(480px, 96vw)' }}>
      <ConfirmDialog />
      {labels.length === 0 ? (
        <p className="muted">No app has a label yet. Add labels in an app's edit dialog.</p>
      ) : (
        <ul className="labels-list">
          {labels.map((l) => (
            <li key={l.label}>
              <span className="label-chip">{l.label}</span>
              <span className="muted">
                {l.apps} app{l.apps === 1 ? '' : 's'}
              </span>
              {canEdit && (
                <button type="button" className="link-button danger" onClick={() => clear(l.label, l.apps)}>
                  Remove from all apps
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
