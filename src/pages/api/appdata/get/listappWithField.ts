import { listAppWithFieldContract } from '../../../../lib/apps/contract';
import { listAppsWithFields } from '../../../../lib/apps/service';
import { ready } from '../../../../lib/server/db';
import { endpoint } from '../../../../lib/server/endpoint';

export const GET = endpoint(listAppWithFieldContract, async ({ field }, ctx) => ({ data: await listAppsWithFields(await ready(), ctx.account, field) }));
