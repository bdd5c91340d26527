import '../../lib/ui/prime';
import { useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { api } from '../../lib/http/client';
import { saveWorklogContract, type WorklogRow } from '../../lib/worklogs/contract';
import { showToast } from '../../lib/ui/toast-store';
import { DayPicker } from '../common/DayPicker';
import { ProblemText } from '../common/ProblemText';
import { submitWith } from '../../lib/ui/form-submit';
import { serverMessageOf } from '../../lib/http/requester';
import { useTask } from '../../lib/ui/use-task';
import { rememberFormAppContract } from '../../lib/apps/form-app-contract';
import type { AppChoice } from '../common/AppPicker';

export interface Draft {
  id?: number;
  date: string;
  hours: number | null;
  project: string;
  task: string;
  note: string;
}

export const blankDraft = (date: string, project = ''): Draft => ({ date, hours: null, project, task: '', note: '' });
export const draftOf = (row: WorklogRow): Draft => ({ id: row.id, date: row.date, hours: row.hours, project: row.project, task: row.task, note: row.note });

/**
 * One log's form (new, or the one being edited). The server checks the rules (24 hours a day, no future
 * date, who may edit); its message is shown as the toast and under the form.
 */
export default function WorklogForm({ draft, today, projects, onSaved, onCancel }: { draft: Draft; today: string; projects: AppChoice[]; onSaved: (row: WorklogRow) => void; onCancel?: () => void }) {
  const [value, setValue] = useState(draft);
  const { busy, problem, run } = useTask(serverMessageOf);
  useEffect(() => setValue(draft), [draft]);
  const set = <K extends keyof Draft>(key: K, v: Draft[K]) => setValue((d) => ({ ...d, [key]: v }));
  const save = () =>
    run(async () => {
      const { data } = await api(saveWorklogContract, { ...(value.id ? { id: value.id } : {}), date: value.date, hours: value.hours ?? 0, project: value.project, task: value.task, note: value.note });
      showToast('success', value.id ? 'Worklog updated' : 'Worklog saved');
      // The next form starts on this app (a project that is not an app is not remembered).
      if (!value.id && projects.some((p) => p.id === data.project)) void api(rememberFormAppContract, { appId: data.project }).catch(() => undefined);
      onSaved(data);
    });
  return (
    <form
      className="worklog-form"
      aria-label={value.id ? 'Edit worklog' : 'New worklog'}
      onSubmit={submitWith(save)}
    >
      <label>
        Date
        <DayPicker value={value.date} max={today} onChange={(day) => set('date', day)} />
      </label>
      <label>
        Hours
        <InputNumber value={value.hours} onValueChange={(e) => set('hours', e.value ?? null)} min={0} max={24} step={0.25} minFractionDigits={0} maxFractionDigits={2} showButtons inputId="worklog-hours" />
      </label>
      <label>
        App / project
        <Dropdown
          value={value.project}
          options={projects.map((p) => ({ label: p.name, value: p.id }))}
          editable
          onChange={(e) => set('project', String(e.value ?? ''))}
          placeholder="App or project"
          itemTemplate={(o: { label: string; value: string }) => (
            <div className="app-option">
              <span>{o.label}</span>
              <small className="hint">{o.value}</small>
            </div>
          )}
        />
      </label>
      <label className="worklog-task">
        Task
        <InputText value={value.task} onChange={(e) => set('task', e.target.value)} maxLength={200} />
      </label>
      <label className="worklog-note">
        Note
        <InputText value={value.note} onChange={(e) => set('note', e.target.value)} maxLength={2000} />
      </label>
      <div className="worklog-actions">
        <Button type="submit" label={value.id ? 'Update' : 'Log time'} icon="pi pi-check" loading={busy} />
        {onCancel && <Button type="button" label="Cancel" text onClick={onCancel} />}
      </div>
      <ProblemText className="worklog-error" text={problem} />
    </form>
  );
}
