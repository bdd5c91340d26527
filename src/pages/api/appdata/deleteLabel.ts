import { deleteLabelContract } from '../../../lib/apps/contract';
import { deleteLabel } from '../../../lib/apps/service';
import { ready } from '../../../lib/server/db';
import { endpoint } from '../../../lib/server/endpoint';

export const POST = endpoint(deleteLabelContract, async ({ appId, label }, ctx) => ({ data: { appId, labels: await deleteLabel(await ready(), ctx, appId, label) } }));
