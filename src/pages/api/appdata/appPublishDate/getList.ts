import { publishDateListContract } from '../../../../lib/apps/contract';
import { listPublishDates } from '../../../../lib/apps/service';
import { ready } from '../../../../lib/server/db';
import { endpoint } from '../../../../lib/server/endpoint';

export const GET = endpoint(publishDateListContract, async ({ appId }, ctx) => ({ data: await listPublishDates(await ready(), ctx.account, appId) }));
