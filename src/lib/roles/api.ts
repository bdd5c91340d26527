import { handle, type ApiHandler } from '../server/api/handler';
import { basePermissionContract, deleteRoleContract, listRolesContract, roleDetailContract, rolePermissionContract, saveRoleContract } from './contract';
import { basePermissions, deleteRole, getRole, listRoles, saveRole } from './service';

/** Roles and the permission presets. Listed in the area's manifest (./area.ts). */
export const rolesApi: ApiHandler[] = [
  handle(basePermissionContract, async () => ({ data: basePermissions() })),
  handle(rolePermissionContract, async ({ role }, ctx) => {
    const { paths, privateActions } = await getRole(ctx.db, role);
    return { data: { paths, privateActions } };
  }),
  handle(deleteRoleContract, async ({ name }, ctx) => {
    await deleteRole(ctx.db, ctx.actor, name);
    return { data: { name } };
  }),
  handle(roleDetailContract, async ({ name }, ctx) => ({ data: await getRole(ctx.db, name) })),
  handle(listRolesContract, async (_input, ctx) => ({ data: await listRoles(ctx.db) })),
  handle(saveRoleContract, async (input, ctx) => ({ data: await saveRole(ctx.db, ctx.actor, input) })),
];
