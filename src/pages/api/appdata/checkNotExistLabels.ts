import { checkNotExistLabelsContract } from '../../../lib/apps/contract';
import { labelsNotInUse } from '../../../lib/apps/service';
import { ready } from '../../../lib/server/db';
import { endpoint } from '../../../lib/server/endpoint';

export const POST = endpoint(checkNotExistLabelsContract, async ({ labels }) => ({ data: { notExist: await labelsNotInUse(await ready(), labels) } }));
