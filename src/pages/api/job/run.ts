import { runJobContract } from '../../../lib/jobs/contract';
import { runNow } from '../../../lib/jobs/scheduler';
import { writeAudit } from '../../../lib/server/audit';
import { ready } from '../../../lib/server/db';
import { endpoint } from '../../../lib/server/endpoint';

export const POST = endpoint(runJobContract, async ({ name }, ctx) => {
  const db = await ready();
  const run = await runNow(db, name);
  await writeAudit(db, { accountId: ctx.account.id, username: ctx.account.username, action: 'run', entity: 'job', entityId: name, after: run, ip: ctx.ip, requestId: ctx.requestId });
  return { data: run };
});
