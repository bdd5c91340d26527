import { accountLogExportContract } from '../../../../lib/logs/contract';
import { accountLogCsv } from '../../../../lib/logs/service';
import { ready } from '../../../../lib/server/db';
import { rawEndpoint } from '../../../../lib/server/endpoint';
import { nowMs } from '../../../../lib/time/clock';
import { isoWithOffset } from '../../../../lib/time/format';

export const GET = rawEndpoint(accountLogExportContract, async (filters) => {
  const csv = await accountLogCsv(await ready(), filters);
  const stamp = isoWithOffset(nowMs()).slice(0, 10); // the day in UTC+7, the zone of the file's times
  return new Response(csv, {
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="account-log-${stamp}.csv"`, 'cache-control': 'no-store' },
  });
});
