import { listRolesContract } from '../../../../lib/roles/contract';
import { listRoles } from '../../../../lib/roles/service';
import { ready } from '../../../../lib/server/db';
import { endpoint } from '../../../../lib/server/endpoint';

export const GET = endpoint(listRolesContract, async () => ({ data: await listRoles(await ready()) }));
