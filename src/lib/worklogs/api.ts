import { fileResponse } from '../reports/export';
import { handle, handleRaw, type ApiHandler } from '../server/api/handler';
import { deleteWorklogContract, exportTeamWorklogsContract, myWorklogsContract, saveWorklogContract, teamWorklogsContract } from './contract';
import { deleteWorklog, myWorklogs, saveWorklog, teamWorklogs } from './service';

/** HCNS worklogs: the author's own days and the team leads' view. */
export const worklogsApi: ApiHandler[] = [
  handle(myWorklogsContract, async (input, ctx) => ({ data: await myWorklogs(ctx.db, ctx.viewer, input) })),
  handle(saveWorklogContract, async (input, ctx) => ({ data: await saveWorklog(ctx.db, ctx.actor, input) })),
  handle(deleteWorklogContract, async (input, ctx) => ({ data: await deleteWorklog(ctx.db, ctx.actor, input.id) })),
  handle(teamWorklogsContract, async (input, ctx) => ({ data: await teamWorklogs(ctx.db, ctx.viewer, input) })),
  handleRaw(exportTeamWorklogsContract, async (input, ctx) => {
    const view = await teamWorklogs(ctx.db, ctx.viewer, input);
    const grid = [
      ['Date', 'Person', 'Hours', 'App / project', 'Task', 'Note'],
      ...view.logs.map((l) => [l.date, l.username, l.hours, l.project, l.task, l.note]),
      ['Total', '', view.total, '', '', ''],
    ];
    return fileResponse('Worklogs', grid, input.format, `worklogs-${input.period}-${view.from}`);
  }),
];
