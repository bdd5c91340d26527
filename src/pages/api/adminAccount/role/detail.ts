import { roleDetailContract } from '../../../../lib/roles/contract';
import { getRole } from '../../../../lib/roles/service';
import { ready } from '../../../../lib/server/db';
import { endpoint } from '../../../../lib/server/endpoint';

export const GET = endpoint(roleDetailContract, async ({ name }) => ({ data: await getRole(await ready(), name) }));
