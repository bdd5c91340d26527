import { defineArea } from '../area';
import { rolesApi } from './api';
import type { RoleContext } from './resources';
import { basePermissions, listRoles } from './service';

export const rolesArea = defineArea({
  name: 'roles',
  api: rolesApi,
  resourcePages: { roles: async (db) => ({ context: basePermissions() satisfies RoleContext, initialRows: await listRoles(db) }) },
});
