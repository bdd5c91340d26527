import '../../lib/ui/prime';
import './worklogs.css';
import { useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { toSearchParams } from '../../lib/contract';
import { api } from '../../lib/http/client';
import { DeleteButton } from '../../lib/ui/DeleteButton';
import { exportTeamWorklogsContract, teamWorklogsContract, type WorklogRow } from '../../lib/worklogs/contract';
import { periodOf } from '../../lib/worklogs/week';
import { formatDay } from '../../lib/time/format';
import { deleteWorklog } from './delete-worklog';
import WorklogForm, { draftOf, type Draft } from './WorklogForm';
import { DayPicker } from '../common/DayPicker';
import { addDays } from '../../lib/time/day';

type View = Awaited<ReturnType<typeof load>>;
const load = async (input: { teamId?: number; period: 'week' | 'month'; day: string }) => (await api(teamWorklogsContract, input)).data;
const PERIODS = [
  { label: 'Week', value: 'week' },
  { label: 'Month', value: 'month' },
];

/**
 * Worklog By Team: the logs of the members of the teams the viewer leads, totals per person and per app
 * for a week or a month, the export, and a lead's corrections.
 */
export default function WorklogTeamScreen({ today, canExport }: { today: string; canExport: boolean }) {
  // 0: every team the viewer leads (a Dropdown shows no label for a null value).
  const [teamId, setTeamId] = useState(0);
  const [period, setPeriod] = useState<'week' | 'month'>('week');
  const [day, setDay] = useState(today);
  const [view, setView] = useState<View | null>(null);
  const [editing, setEditing] = useState<Draft | null>(null);
  const input = { ...(teamId ? { teamId } : {}), period, day };
  const refresh = async () => setView(await load(input));
  useEffect(() => void refresh().catch(() => undefined), [teamId, period, day]); // eslint-disable-line react-hooks/exhaustive-deps
  const step = (dir: 1 | -1) => {
    const { from, to } = periodOf(period, day);
    setDay(dir === 1 ? periodOf(period, addDays(to, 1)).from : periodOf(period, addDays(from, -1)).from);
  };
  const exportHref = (format: 'csv' | 'xlsx') => `${exportTeamWorklogsContract.path}?${toSearchParams({ ...input, format })}`;
  const remove = (row: WorklogRow) => deleteWorklog(row).then(refresh);
  return (
    <section className="card worklog">
      <ConfirmDialog />
      <div className="toolbar worklog-week-bar">
        <Dropdown
          value={teamId}
          options={[{ label: 'All my teams', value: 0 }, ...(view?.teams ?? []).map((t) => ({ label: t.name, value: t.id }))]}
          onChange={(e) => setTeamId(e.value)}
          aria-label="Team"
        />
        <Dropdown value={period} options={PERIODS} onChange={(e) => setPeriod(e.value)} aria-label="Period" />
        <Button icon="pi pi-chevron-left" text aria-label={`Previous ${period}`} onClick={() => step(-1)} />
        <DayPicker value={day} max={today} onChange={setDay} label="Day in the period" />
        <Button icon="pi pi-chevron-right" text aria-label={`Next ${period}`} onClick={() => step(1)} />
        {canExport && (
          <span className="worklog-total">
            <a className="p-button p-button-outlined p-button-sm" href={exportHref('xlsx')} download>
              Excel
            </a>{' '}
            <a className="p-button p-button-outlined p-button-sm" href={exportHref('csv')} download>
              CSV
            </a>
          </span>
        )}
      </div>
      {view && (
        <>
          <p>
            {formatDay(view.from)} – {formatDay(view.to)}: <strong data-testid="team-total">{view.total}</strong> h logged
            {view.teams.length === 0 && ' — you lead no team: ask an admin to add you to a team (Config Data → Team).'}
          </p>
          {editing && (
            <WorklogForm
              draft={editing}
              today={today}
              projects={[...new Set(view.logs.map((l) => l.project))].map((p) => ({ id: p, name: p }))}
              onSaved={() => {
                setEditing(null);
                void refresh();
              }}
              onCancel={() => setEditing(null)}
            />
          )}
          <div className="worklog-team-totals">
            <DataTable value={view.perPerson} dataKey="username" size="small" header="Per person" emptyMessage="No hours logged.">
              <Column field="username" header="Person" />
              <Column field="hours" header="Hours" />
            </DataTable>
            <DataTable value={view.perProject} dataKey="project" size="small" header="Per app / project" emptyMessage="No hours logged.">
              <Column field="project" header="App / project" />
              <Column field="hours" header="Hours" />
            </DataTable>
          </div>
          <div className="table-scroll" tabIndex={0} role="region" aria-label="Team worklogs">
            <DataTable value={view.logs} dataKey="id" size="small" emptyMessage="No worklog in this period.">
              <Column header="Date" body={(l: WorklogRow) => formatDay(l.date)} />
              <Column field="username" header="Person" />
              <Column field="hours" header="Hours" />
              <Column field="project" header="App / project" />
              <Column field="task" header="Task" />
              <Column field="note" header="Note" />
              <Column
                header="Actions"
                body={(l: WorklogRow) =>
                  l.editable && (
                    <span className="worklog-row-actions">
                      <Button icon="pi pi-pencil" text rounded aria-label={`Edit ${l.username} ${l.task}`} onClick={() => setEditing(draftOf(l))} />
                      <DeleteButton what={`${l.username} ${l.task}`} message={`Delete ${l.username}'s ${l.hours} h on ${formatDay(l.date)}?`} onConfirm={() => remove(l)} />
                    </span>
                  )
                }
              />
            </DataTable>
          </div>
        </>
      )}
    </section>
  );
}
