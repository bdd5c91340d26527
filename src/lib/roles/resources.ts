import { defineResource, type TreeOption } from '../resources/define';
import { deleteRoleContract, listRolesContract, saveRoleContract } from './contract';

/**
 * Roles as a resource (src/lib/resources/define.ts): the list with how many accounts hold each, and the
 * dialog that grants screens (the route table as a checkable tree) and private actions. Root is shown but not
 * editable: it holds everything. Shared by browser and server.
 */

/** What can be granted (the page reads it from the route table and the action list). */
export interface RoleContext {
  routes: { path: string; title: string; children?: RoleContext['routes'] }[];
  privateActions: { key: string; description: string }[];
}

const treeOf = (nodes: RoleContext['routes']): TreeOption[] => nodes.map((n) => ({ value: n.path, label: n.title, children: n.children ? treeOf(n.children) : undefined }));
const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export const rolesResource = defineResource({
  id: 'roles',
  singular: 'role',
  contracts: { list: listRolesContract, save: saveRoleContract, remove: deleteRoleContract },
  rowKey: (r) => r.name,
  rowLabel: (r) => r.name,
  search: 'client',
  columns: [
    { key: 'name', label: 'Role', sortable: true, hint: (r) => r.description || null },
    { key: 'paths', label: 'Screens', value: (r) => (r.name === 'root' ? 'Every screen' : count(r.paths.length, 'screen')) },
    { key: 'privateActions', label: 'Private actions', show: 'list', value: (r) => (r.name === 'root' ? ['every action'] : r.privateActions) },
    { key: 'accountCount', label: 'Accounts', sortable: true },
  ],
  form: [
    { key: 'name', label: 'Role name', input: 'text', createOnly: true },
    { key: 'description', label: 'Description', input: 'text' },
    { key: 'paths', label: 'Screens', input: 'tree', tree: (ctx: RoleContext) => treeOf(ctx.routes), help: 'Checking a group grants the screens in it today.' },
    { key: 'privateActions', label: 'Private actions', input: 'checklist', options: (ctx) => ctx.privateActions.map((a) => ({ label: a.key, value: a.key, hint: a.description })) },
  ],
  initial: () => ({ name: '', description: '', paths: [], privateActions: [] }),
  // The root role holds every permission and is not a list of grants.
  editable: (r) => r.name !== 'root',
  removable: (r) => r.accountCount === 0,
  createLabel: 'New role',
  confirm: { header: () => 'Delete role', message: (r) => `Delete the role ${r.name}?` },
  toasts: { saved: (r) => `Role ${r.name} saved`, removed: () => 'Role deleted' },
  removeInput: (r) => ({ name: r.name }),
  empty: 'No role yet.',
  idPrefix: 'role',
});
