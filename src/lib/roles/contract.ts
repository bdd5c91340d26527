import { z } from 'zod';
import { emptyRequest, contractsFor } from '../contract';
import { roleNameSchema, stringList } from '../accounts/rules';

const ROLE_ROUTE = '/adminAccount/permission';

export const roleSchema = z.object({
  name: z.string(),
  description: z.string(),
  paths: z.array(z.string()),
  privateActions: z.array(z.string()),
  accountCount: z.number().int(),
});
export type Role = z.infer<typeof roleSchema>;

const roleApi = contractsFor({ route: ROLE_ROUTE });
const roleManageApi = contractsFor({ route: ROLE_ROUTE, actions: ['role_manage'] });

export const listRolesContract = roleApi.get('/api/adminAccount/role/listRoles', emptyRequest, z.array(roleSchema));

export const roleDetailContract = roleApi.get('/api/adminAccount/role/detail', z.object({ name: roleNameSchema }), roleSchema);

export const rolePermissionContract = roleApi.get(
  '/api/adminAccount/permission/:role',
  z.object({ role: roleNameSchema }),
  z.object({ paths: z.array(z.string()), privateActions: z.array(z.string()) }),
);

interface TreeNode {
  path: string;
  title: string;
  children?: TreeNode[];
}
const treeNode: z.ZodType<TreeNode> = z.lazy(() => z.object({ path: z.string(), title: z.string(), children: z.array(treeNode).optional() }));

export const basePermissionContract = roleApi.get(
  '/api/adminAccount/getListBasePermission',
  emptyRequest,
  /** What a role or account can be granted: the route tree and the private actions. */
  z.object({ routes: z.array(treeNode), privateActions: z.array(z.object({ key: z.string(), description: z.string() })) }),
);

export const saveRoleContract = roleManageApi.post(
  '/api/adminAccount/role/save',
  z.object({
    name: roleNameSchema,
    description: z.string().trim().max(200).default(''),
    paths: stringList(),
    privateActions: stringList(),
  }),
  roleSchema,
);

export const deleteRoleContract = roleManageApi.delete(
  '/api/adminAccount/role/delete',
  z.object({ name: roleNameSchema }),
  z.object({ name: z.string() }),
);
