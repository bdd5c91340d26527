import { deleteRoleContract } from '../../../../lib/roles/contract';
import { deleteRole } from '../../../../lib/roles/service';
import { ready } from '../../../../lib/server/db';
import { endpoint } from '../../../../lib/server/endpoint';

export const DELETE = endpoint(deleteRoleContract, async ({ name }, ctx) => {
  await deleteRole(await ready(), ctx, name);
  return { data: { name } };
});
