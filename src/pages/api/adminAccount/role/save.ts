import { saveRoleContract } from '../../../../lib/roles/contract';
import { saveRole } from '../../../../lib/roles/service';
import { ready } from '../../../../lib/server/db';
import { endpoint } from '../../../../lib/server/endpoint';

export const POST = endpoint(saveRoleContract, async (input, ctx) => ({ data: await saveRole(await ready(), ctx, input) }));
