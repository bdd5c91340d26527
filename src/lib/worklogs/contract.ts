import { z } from 'zod';
import { MAX_SERIAL_ID, contractsFor, removedId, serialId } from '../contract';
import { day } from '../reports/filters';
import { MAX_DAY_HOURS, WORKLOG_ROUTE, WORKLOG_TEAM_ROUTE } from './rules';

export const worklogRow = z.object({
  id: z.number(),
  username: z.string(),
  date: z.string(),
  hours: z.number(),
  project: z.string(),
  task: z.string(),
  note: z.string(),
  updatedAt: z.string(),
  /** Whether the viewer may change it now (author within the window, or a lead of the author). */
  editable: z.boolean(),
});
export type WorklogRow = z.infer<typeof worklogRow>;

const hours = z.coerce
  .number({ error: 'must be a number of hours' })
  .gt(0, 'must be more than 0')
  .max(MAX_DAY_HOURS, `must be at most ${MAX_DAY_HOURS}`)
  .refine((h) => Math.abs(h * 4 - Math.round(h * 4)) < 1e-9, 'must be in quarter hours (0.25, 0.5, 1.75)');

const worklogApi = contractsFor({ route: WORKLOG_ROUTE });

/** The author's own logs of a range (the week view asks a week). */
export const myWorklogsContract = worklogApi.get(
  '/api/hcns/worklog',
  z.object({ from: day, to: day }).refine((r) => r.from <= r.to, { message: 'must not be before from', path: ['to'] }),
  z.object({ logs: z.array(worklogRow), today: z.string() }),
);

/** Creates the viewer's log (no id) or changes one (author within the window, or a lead of its author). */
export const saveWorklogContract = worklogApi.post(
  '/api/hcns/worklog/save',
  z.object({
    id: z.number().int().positive().max(MAX_SERIAL_ID).optional(),
    date: day,
    hours,
    project: z.string().trim().min(1, 'is required').max(80, 'must be at most 80 characters'),
    task: z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
    note: z.string().trim().max(2000, 'must be at most 2000 characters').default(''),
  }),
  worklogRow,
);

export const deleteWorklogContract = worklogApi.delete('/api/hcns/worklog/:id', z.object({ id: serialId() }), removedId);

export const teamPeriod = z.enum(['week', 'month']);

const teamRequest = {
  /** A team the viewer leads; absent: all of them. */
  teamId: serialId().optional(),
  period: teamPeriod.default('week'),
  /** Any day of the week (Monday first) or month to show. */
  day,
};

export const teamWorklogsContract = contractsFor({ route: WORKLOG_TEAM_ROUTE }).get(
  '/api/hcns/worklogByTeam',
  z.object(teamRequest),
  z.object({
    teams: z.array(z.object({ id: z.number(), name: z.string(), members: z.array(z.string()) })),
    from: z.string(),
    to: z.string(),
    logs: z.array(worklogRow),
    perPerson: z.array(z.object({ username: z.string(), hours: z.number() })),
    perProject: z.array(z.object({ project: z.string(), hours: z.number() })),
    total: z.number(),
  }),
);

/** The team view's logs as CSV or Excel, like the reports' exports (export_report needed). */
export const exportTeamWorklogsContract = contractsFor({ route: WORKLOG_TEAM_ROUTE, actions: ['export_report'] }).get(
  '/api/hcns/worklogByTeam/export',
  z.object({ ...teamRequest, format: z.enum(['csv', 'xlsx']).default('xlsx') }),
  z.unknown(),
);
