import { defineResource } from '../resources/define';
import { formatDateTime } from '../time/format';
import { jobRunsContract, listJobsContract, runJobContract, updateJobContract, type Job } from './contract';

/**
 * The job schedule as resources (src/lib/resources/define.ts): the jobs (edit the schedule, run now) and
 * the run history of one job (server-paged). Shared by browser and server.
 */

const severity = (status: string) => (status === 'success' || status === 'On' ? 'success' : status === 'running' ? 'info' : status === 'Off' ? 'secondary' : 'danger');

/** What the history of one job is listed for. */
export interface JobRunsContext {
  name: string;
}

export const jobRunsResource = defineResource({
  id: 'job-runs',
  singular: 'run',
  contracts: { list: jobRunsContract },
  rowLabel: (r) => `run ${r.id}`,
  listInput: (ctx: JobRunsContext) => ({ name: ctx.name }),
  columns: [
    { key: 'startedAt', label: 'Started (UTC+7)', show: 'dateTime' },
    { key: 'trigger', label: 'Trigger' },
    { key: 'status', label: 'Status', show: 'status', severity },
    { key: 'durationMs', label: 'Duration', value: (r) => (r.durationMs === null ? null : `${r.durationMs} ms`) },
    { key: 'result', label: 'Result or error', value: (r) => r.error ?? r.result },
    { key: 'runner', label: 'Process' },
  ],
  empty: 'This job has not run yet.',
  pageSize: 20,
});

function lastRunHint(j: Job): string | null {
  if (!j.lastRun) return null;
  const { startedAt, durationMs, trigger, error, result } = j.lastRun;
  return [formatDateTime(startedAt), `${durationMs ?? '—'} ms`, trigger, error ?? result].filter(Boolean).join(' · ');
}

export const jobsResource = defineResource({
  id: 'jobs',
  singular: 'job',
  contracts: { list: listJobsContract, save: updateJobContract },
  rowKey: (r) => r.name,
  rowLabel: (r) => `schedule of ${r.name}`,
  columns: [
    { key: 'name', label: 'Job', hint: (j) => j.description, sortable: true },
    { key: 'cron', label: 'Schedule', show: 'code', hint: (j) => j.timeZone },
    { key: 'enabled', label: 'Enabled', show: 'status', value: (j) => (j.enabled ? 'On' : 'Off'), severity },
    { key: 'nextRunAt', label: 'Next run (UTC+7)', show: 'dateTime', value: (j) => (j.enabled ? j.nextRunAt : null) },
    { key: 'lastRun', label: 'Last run', show: 'status', value: (j) => (j.lastRun ? (j.running ? 'running' : j.lastRun.status) : 'never'), severity: (s) => (s === 'never' ? 'secondary' : severity(s)), hint: lastRunHint },
  ],
  form: [
    { key: 'cron', label: 'Cron', input: 'text', help: 'Five fields: minute hour day month weekday; several schedules may be joined with ";".' },
    { key: 'timeZone', label: 'Time zone', input: 'text' },
    { key: 'enabled', label: 'Enabled', input: 'switch' },
  ],
  // The jobs are the server's own: their schedule changes, the list does not.
  create: false,
  fixed: (_ctx, row) => ({ name: row?.name }),
  editTitle: (j) => `Schedule — ${j.name}`,
  toasts: { saved: () => 'Schedule saved' },
  empty: 'No job.',
  rowActions: [
    {
      id: 'run',
      label: 'Run now',
      icon: 'pi pi-play',
      contract: runJobContract,
      input: (j) => ({ name: j.name }),
      disabled: (j) => j.running,
      done: (j, data) => {
        const status = (data as { status: string }).status;
        return { severity: status === 'success' ? 'success' : 'error', text: `${j.name}: ${status}` };
      },
    },
  ],
  drill: { label: (j) => `History of ${j.name}`, icon: 'pi pi-history', tooltip: 'Run history', title: (j) => `Run history — ${j.name}`, resource: () => jobRunsResource, context: (j) => ({ name: j.name }) },
  idPrefix: 'job',
});
