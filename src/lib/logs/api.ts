import { handle, handleRaw, type ApiHandler } from '../server/api/handler';
import { nowMs } from '../time/clock';
import { accountLogContract, accountLogExportContract, apiLogContract } from './contract';
import { reportDay } from '../time/day';
import { formatDay } from '../time/format';
import { accountLogCsv, listAccountLog, listApiLog } from './service';

/** The account log (with its CSV export) and the API log. Listed in the area's manifest (./area.ts). */
export const logsApi: ApiHandler[] = [
  handle(accountLogContract, async (filters, ctx) => listAccountLog(ctx.db, filters)),
  handleRaw(accountLogExportContract, async (filters, ctx) => {
    const csv = await accountLogCsv(ctx.db, filters);
    // The day of download as every file name writes a day (docs/decisions.md, "Dates one way").
    const stamp = formatDay(reportDay(nowMs()));
    return new Response(csv, {
      headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="account-log-${stamp}.csv"`, 'cache-control': 'no-store' },
    });
  }),
  handle(apiLogContract, async (filters, ctx) => listApiLog(ctx.db, filters)),
];
