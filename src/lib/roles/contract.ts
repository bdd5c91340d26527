import { z } from 'zod';
import { defineContract, emptyRequest } from '../contract';
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

export const listRolesContract = defineContract({
  method: 'GET',
  path: '/api/adminAccount/role/listRoles',
  request: emptyRequest,
  data: z.array(roleSchema),
  access: { route: ROLE_ROUTE },
});

export const roleDetailContract = defineContract({
  method: 'GET',
  path: '/api/adminAccount/role/detail',
  request: z.object({ name: roleNameSchema }),
  data: roleSchema,
  access: { route: ROLE_ROUTE },
});

export const rolePermissionContract = defineContract({
  method: 'GET',
  path: '/api/adminAccount/permission/:role',
  request: z.object({ role: roleNameSchema }),
  data: z.object({ paths: z.array(z.string()), privateActions: z.array(z.string()) }),
  access: { route: ROLE_ROUTE },
});

interface TreeNode {
  path: string;
  title: string;
  children?: TreeNode[];
}
const treeNode: z.ZodType<TreeNode> = z.lazy(() => z.object({ path: z.string(), title: z.string(), children: z.array(treeNode).optional() }));

export const basePermissionContract = defineContract({
  method: 'GET',
  path: '/api/adminAccount/getListBasePermission',
  request: emptyRequest,
  /** What a role or account can be granted: the route tree and the private actions. */
  data: z.object({ routes: z.array(treeNode), privateActions: z.array(z.object({ key: z.string(), description: z.string() })) }),
  access: { route: ROLE_ROUTE },
});

export const saveRoleContract = defineContract({
  method: 'POST',
  path: '/api/adminAccount/role/save',
  request: z.object({
    name: roleNameSchema,
    description: z.string().trim().max(200).default(''),
    paths: stringList(),
    privateActions: stringList(),
  }),
  data: roleSchema,
  access: { route: ROLE_ROUTE, actions: ['role_manage'] },
});

export const deleteRoleContract = defineContract({
  method: 'DELETE',
  path: '/api/adminAccount/role/delete',
  request: z.object({ name: roleNameSchema }),
  data: z.object({ name: z.string() }),
  access: { route: ROLE_ROUTE, actions: ['role_manage'] },
});
