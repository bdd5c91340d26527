import '../../lib/ui/prime';
import './worklogs.css';
import { useState } from 'react';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { toSearchParams } from '../../lib/contract';
import { api } from '../../lib/http/client';
import { DeleteButton } from '../../lib/ui/DeleteButton';
import { useListAnswers } from '../../lib/ui/list/list-answer';
import type { ListColumn } from '../../lib/ui/list/columns';
import { useResourceList } from '../../lib/ui/list/use-resource-list';
import { exportTeamWorklogsContract, teamWorklogsContract, type WorklogRow } from '../../lib/worklogs/contract';
import { periodOf } from '../../lib/worklogs/week';
import { formatDay } from '../../lib/time/format';
import { deleteWorklog } from './delete-worklog';
import WorklogForm, { draftOf, type Draft } from './WorklogForm';
import { DayPicker } from '../common/DayPicker';
import { ListTable } from '../common/ListTable';
import { addDays } from '../../lib/time/day';

type TeamView = Awaited<ReturnType<typeof api<typeof teamWorklogsContract>>>['data'];
/** The URL's filters: team '' is every team the viewer leads; day '' is today. */
type Filters = { team: string; period: string; day: string };
type Period = 'week' | 'month';
const PERIODS = [
  { label: 'Week', value: 'week' },
  { label: 'Month', value: 'month' },
];
// A team lead's month of logs fits one page as a rule; longer ones page in the browser.
const PAGE_SIZE = 100;

const COLUMNS: ListColumn<WorklogRow>[] = [
  { key: 'date', header: 'Date', text: (l) => formatDay(l.date) },
  { key: 'username', header: 'Person' },
  { key: 'hours', header: 'Hours' },
  { key: 'project', header: 'App / project' },
  { key: 'task', header: 'Task' },
  { key: 'note', header: 'Note' },
];

const periodIn = (f: Filters): Period => (f.period === 'month' ? 'month' : 'week');
/** The request (and the export's query) of the filters: a hand-edited team or day that is not one falls back to all teams and today. */
function requestOf(f: Filters, today: string) {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(f.day) && f.day <= today ? f.day : today;
  return { ...(/^[1-9]\d{0,9}$/.test(f.team) ? { teamId: Number(f.team) } : {}), period: periodIn(f), day };
}

/**
 * Worklog By Team: the logs of the members of the teams the viewer leads, totals per person and per app
 * for a week or a month, the export, and a lead's corrections. On the list controller: team, period and day
 * live in the URL; the totals come with the rows of the same answer.
 */
export default function WorklogTeamScreen({ today, canExport }: { today: string; canExport: boolean }) {
  const answers = useListAnswers<TeamView>();
  const list = useResourceList<WorklogRow, Filters>({
    filters: { team: '', period: 'week', day: '' },
    pageSize: PAGE_SIZE,
    serverPaged: false,
    load: async ({ filters }) => {
      const { data } = await api(teamWorklogsContract, requestOf(filters, today));
      return { data: answers.keep(data.logs, data) };
    },
  });
  const { filters, setFilter } = list;
  const view = list.status === 'ready' || list.status === 'empty' ? answers.of(list.rows) : undefined;
  const [editing, setEditing] = useState<Draft | null>(null);
  const period = periodIn(filters);
  const day = requestOf(filters, today).day;
  const step = (dir: 1 | -1) => {
    const { from, to } = periodOf(period, day);
    setFilter('day', dir === 1 ? periodOf(period, addDays(to, 1)).from : periodOf(period, addDays(from, -1)).from);
  };
  const exportHref = (format: 'csv' | 'xlsx') => `${exportTeamWorklogsContract.path}?${toSearchParams({ ...requestOf(list.applied.filters, today), format })}`;
  const remove = (row: WorklogRow) => deleteWorklog(row).then(list.reload);
  return (
    <section className="card worklog">
      <ConfirmDialog />
      <div className="toolbar worklog-week-bar">
        <Dropdown
          // 0: every team the viewer leads (a Dropdown shows no label for a null value).
          value={requestOf(filters, today).teamId ?? 0}
          options={[{ label: 'All my teams', value: 0 }, ...(answers.of(list.rows)?.teams ?? []).map((t) => ({ label: t.name, value: t.id }))]}
          onChange={(e) => setFilter('team', e.value ? String(e.value) : '')}
          aria-label="Team"
        />
        <Dropdown value={period} options={PERIODS} onChange={(e) => setFilter('period', e.value === 'month' ? 'month' : 'week')} aria-label="Period" />
        <Button icon="pi pi-chevron-left" text aria-label={`Previous ${period}`} onClick={() => step(-1)} />
        <DayPicker value={day} max={today} onChange={(next) => setFilter('day', next === today ? '' : next)} label="Day in the period" />
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
                void list.reload();
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
        </>
      )}
      <ListTable
        list={list}
        columns={COLUMNS}
        label="Team worklogs"
        what="The team's worklogs"
        loadingMessage="Loading the team's worklogs…"
        emptyMessage="No worklog in this period."
        dataKey="id"
        after={
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
        }
      />
    </section>
  );
}
