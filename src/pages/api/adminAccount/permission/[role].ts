import { rolePermissionContract } from '../../../../lib/roles/contract';
import { getRole } from '../../../../lib/roles/service';
import { ready } from '../../../../lib/server/db';
import { endpoint } from '../../../../lib/server/endpoint';

export const GET = endpoint(rolePermissionContract, async ({ role }) => {
  const { paths, privateActions } = await getRole(await ready(), role);
  return { data: { paths, privateActions } };
});
