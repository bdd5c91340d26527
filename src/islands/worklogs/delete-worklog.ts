import { api } from '../../lib/http/client';
import { showToast } from '../../lib/ui/toast-store';
import { deleteWorklogContract, type WorklogRow } from '../../lib/worklogs/contract';

/** Deletes a worklog (the person's own, or a lead's correction) and says so; the screen then reloads its view. */
export async function deleteWorklog(row: WorklogRow): Promise<void> {
  await api(deleteWorklogContract, { id: row.id });
  showToast('success', 'Worklog deleted');
}
