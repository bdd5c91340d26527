import '../../lib/ui/prime';
import './worklogs.css';
import { useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { addDays } from '../../lib/time/day';
import { api } from '../../lib/http/client';
import { DeleteButton } from '../../lib/ui/DeleteButton';
import { myWorklogsContract, type WorklogRow } from '../../lib/worklogs/contract';
import { AUTHOR_EDIT_DAYS, roundHours } from '../../lib/worklogs/rules';
import { mondayOf, weekDays, weekdayName } from '../../lib/worklogs/week';
import { formatDay } from '../../lib/time/format';
import { deleteWorklog } from './delete-worklog';
import WorklogForm, { blankDraft, draftOf, type Draft } from './WorklogForm';
import { startingApp } from '../../lib/ui/starting-app';
import type { AppChoice } from '../common/AppPicker';

/** Worklog: the signed-in person's week, a day per block with its total, and the form to log or fix a day. */
export default function WorklogScreen({ today, projects, formApp }: { today: string; projects: AppChoice[]; formApp?: string | null }) {
  const [monday, setMonday] = useState(mondayOf(today));
  const [logs, setLogs] = useState<WorklogRow[]>([]);
  const [draft, setDraft] = useState<Draft>(blankDraft(today, startingApp(projects.map((p) => p.id), formApp) ?? ''));
  const days = weekDays(monday);
  const load = async () => setLogs((await api(myWorklogsContract, { from: days[0]!, to: days[6]! })).data.logs);
  useEffect(() => void load().catch(() => undefined), [monday]); // eslint-disable-line react-hooks/exhaustive-deps
  const total = roundHours(logs.reduce((s, l) => s + l.hours, 0));
  const remove = (row: WorklogRow) => deleteWorklog(row).then(load);
  return (
    <section className="card worklog">
      <ConfirmDialog />
      <WorklogForm
        draft={draft}
        today={today}
        projects={projects}
        onSaved={(row) => {
          setDraft(blankDraft(row.date, row.project));
          if (row.date < days[0]! || row.date > days[6]!) setMonday(mondayOf(row.date));
          else void load();
        }}
        onCancel={draft.id ? () => setDraft(blankDraft(today, draft.project)) : undefined}
      />
      <div className="toolbar worklog-week-bar">
        <Button icon="pi pi-chevron-left" text aria-label="Previous week" onClick={() => setMonday(addDays(monday, -7))} />
        <strong>
          Week of {formatDay(days[0]!)} – {formatDay(days[6]!)}
        </strong>
        <Button icon="pi pi-chevron-right" text aria-label="Next week" disabled={addDays(monday, 7) > today} onClick={() => setMonday(addDays(monday, 7))} />
        <span className="worklog-total" data-testid="week-total">
          Week total: <strong>{total}</strong> h
        </span>
      </div>
      <p className="hint">You can change a log for {AUTHOR_EDIT_DAYS} days after its date; after that, ask your team lead.</p>
      <div className="worklog-days">
        {days.map((d) => {
          const rows = logs.filter((l) => l.date === d);
          return (
            <div key={d} className="worklog-day" data-day={d}>
              <div className="worklog-day-head">
                <span>
                  {weekdayName(d)} {formatDay(d)}
                </span>
                <span>{roundHours(rows.reduce((s, l) => s + l.hours, 0))} h</span>
              </div>
              {rows.length === 0 ? (
                <p className="muted">{d > today ? '' : 'Nothing logged.'}</p>
              ) : (
                <ul>
                  {rows.map((l) => (
                    <li key={l.id}>
                      <span className="worklog-hours">{l.hours} h</span>
                      <span className="worklog-what">
                        <strong>{l.task}</strong>
                        <small>
                          {l.project}
                          {l.note && ` · ${l.note}`}
                        </small>
                      </span>
                      {l.editable && (
                        <span className="worklog-row-actions">
                          <Button icon="pi pi-pencil" text rounded aria-label={`Edit ${l.task}`} onClick={() => setDraft(draftOf(l))} />
                          <DeleteButton what={l.task} message={`Delete ${l.hours} h of ${l.task} on ${formatDay(l.date)}?`} onConfirm={() => remove(l)} />
                        </span>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          );
        })}
      </div>
    </section>
  );
}
