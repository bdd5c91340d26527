import { useState } from 'react';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { Tag } from 'primereact/tag';
import { api } from '../../lib/http/client';
import { jobRunsContract, listJobsContract, runJobContract, updateJobContract, type Job } from '../../lib/jobs/contract';
import { formatDateTime } from '../../lib/time/format';
import { showToast } from '../../lib/ui/toast-store';

type Run = { id: number; trigger: string; startedAt: string; finishedAt: string | null; durationMs: number | null; status: string; result: string | null; error: string | null; runner: string };
const statusTag = (status: string) => <Tag value={status} severity={status === 'success' ? 'success' : status === 'running' ? 'info' : 'danger'} />;

/** The in-server scheduler's jobs: schedule, enabled flag, last run, run now and history. */
export default function JobScheduleScreen({ initialJobs, canRun }: { initialJobs: Job[]; canRun: boolean }) {
  const [jobs, setJobs] = useState(initialJobs);
  const [editing, setEditing] = useState<Job | null>(null);
  const [history, setHistory] = useState<{ job: string; runs: Run[] } | null>(null);
  const [running, setRunning] = useState<string | null>(null);
  const reload = async () => setJobs((await api(listJobsContract)).data);

  const runNow = async (job: Job) => {
    setRunning(job.name);
    try {
      const { data } = await api(runJobContract, { name: job.name });
      showToast(data.status === 'success' ? 'success' : 'error', `${job.name}: ${data.status}`);
      await reload();
    } finally {
      setRunning(null);
    }
  };

  return (
    <section className="card">
      <DataTable value={jobs} dataKey="name" size="small" emptyMessage="No job.">
        <Column header="Job" body={(j: Job) => (<div><strong>{j.name}</strong><div className="hint">{j.description}</div></div>)} />
        <Column header="Schedule" body={(j: Job) => (<div><code>{j.cron}</code><div className="hint">{j.timeZone}</div></div>)} />
        <Column header="Enabled" body={(j: Job) => <Tag value={j.enabled ? 'On' : 'Off'} severity={j.enabled ? 'success' : 'secondary'} />} />
        <Column bodyClassName="date-time" header="Next run (UTC+7)" body={(j: Job) => (j.enabled ? formatDateTime(j.nextRunAt) : '—')} />
        <Column
          header="Last run"
          body={(j: Job) =>
            j.lastRun ? (
              <div>
                {statusTag(j.running ? 'running' : j.lastRun.status)} <span className="hint">{formatDateTime(j.lastRun.startedAt)} · {j.lastRun.durationMs ?? '—'} ms · {j.lastRun.trigger}</span>
                {j.lastRun.error && <div className="form-problem">{j.lastRun.error}</div>}
                {j.lastRun.result && <div className="hint">{j.lastRun.result}</div>}
              </div>
            ) : (
              <span className="hint">never</span>
            )
          }
        />
        <Column
          header="Actions"
          body={(j: Job) => (
            <div className="row-actions">
              {canRun && <Button label="Run now" size="small" icon="pi pi-play" loading={running === j.name} disabled={j.running} onClick={() => void runNow(j)} />}
              {canRun && <Button icon="pi pi-pencil" text rounded aria-label={`Edit schedule of ${j.name}`} tooltip="Edit schedule" onClick={() => setEditing(j)} />}
              <Button icon="pi pi-history" text rounded aria-label={`History of ${j.name}`} tooltip="Run history" onClick={async () => setHistory({ job: j.name, runs: (await api(jobRunsContract, { name: j.name, limit: 50 })).data })} />
            </div>
          )}
        />
      </DataTable>
      {editing && <ScheduleDialog job={editing} onClose={() => setEditing(null)} onSaved={async () => { setEditing(null); showToast('success', 'Schedule saved'); await reload(); }} />}
      <Dialog header={`Run history — ${history?.job ?? ''}`} visible={Boolean(history)} onHide={() => setHistory(null)} style={{ width: 'min(900px, 95vw)' }}>
        <DataTable value={history?.runs ?? []} dataKey="id" size="small" emptyMessage="This job has not run yet.">
          <Column bodyClassName="date-time" header="Started (UTC+7)" body={(r: Run) => formatDateTime(r.startedAt)} />
          <Column field="trigger" header="Trigger" />
          <Column header="Status" body={(r: Run) => statusTag(r.status)} />
          <Column header="Duration" body={(r: Run) => (r.durationMs === null ? '—' : `${r.durationMs} ms`)} />
          <Column header="Result or error" body={(r: Run) => r.error ?? r.result ?? ''} />
          <Column field="runner" header="Process" />
        </DataTable>
      </Dialog>
    </section>
  );
}

function ScheduleDialog({ job, onClose, onSaved }: { job: Job; onClose: () => void; onSaved: () => void }) {
  const [cron, setCron] = useState(job.cron);
  const [timeZone, setTimeZone] = useState(job.timeZone);
  const [enabled, setEnabled] = useState(job.enabled);
  const [problem, setProblem] = useState('');
  const save = async () => {
    try {
      await api(updateJobContract, { name: job.name, cron, timeZone, enabled });
      onSaved();
    } catch (error) {
      setProblem((error as Error).message);
    }
  };
  return (
    <Dialog header={`Schedule — ${job.name}`} visible onHide={onClose} style={{ width: 'min(520px, 95vw)' }}>
      <div className="form-grid">
        <label htmlFor="job-cron">Cron</label>
        <InputText id="job-cron" value={cron} onChange={(e) => setCron(e.target.value)} />
        <label htmlFor="job-tz">Time zone</label>
        <InputText id="job-tz" value={timeZone} onChange={(e) => setTimeZone(e.target.value)} />
        <label htmlFor="job-enabled">Enabled</label>
        <InputSwitch inputId="job-enabled" checked={enabled} onChange={(e) => setEnabled(Boolean(e.value))} />
      </div>
      <p className="hint">Five fields: minute hour day month weekday; several schedules may be joined with ";".</p>
      {problem && <p className="form-problem" role="alert">{problem}</p>}
      <div className="dialog-actions">
        <Button label="Cancel" text onClick={onClose} />
        <Button label="Save" icon="pi pi-check" onClick={save} />
      </div>
    </Dialog>
  );
}
