import { checkGrants } from '../accounts/admin-service';
import { authorizeRoleChange } from '../accounts/authority';
import type { Actor } from '../auth/types';
import { PRIVATE_ACTIONS } from '../permissions';
import { routeTable, type RouteNode } from '../routes';
import { auditAs } from '../server/audit';
import type { Db, Sql } from '../server/db';
import { HttpError, conflict, notFound } from '../server/errors';
import type { Role } from './contract';

const SELECT = `SELECT r.name, r.description, r.paths, r.private_actions,
  (SELECT count(*)::int FROM accounts a WHERE a.role = r.name) AS account_count FROM roles r`;
type Row = { name: string; description: string; paths: string[]; private_actions: string[]; account_count: number };
const toRole = (r: Row): Role => ({ name: r.name, description: r.description, paths: r.paths, privateActions: r.private_actions, accountCount: r.account_count });

export async function listRoles(db: Sql): Promise<Role[]> {
  return (await db.query<Row>(`${SELECT} ORDER BY r.name = 'root' DESC, r.name`)).map(toRole);
}

export async function getRole(db: Sql, name: string): Promise<Role> {
  const row = await db.one<Row>(`${SELECT} WHERE r.name = $1`, [name]);
  if (!row) throw notFound(`Role "${name}" does not exist.`);
  return toRole(row);
}

/** The route table without hidden routes, as a tree of path and title, for the permission editor. */
export function basePermissions() {
  interface TreeNode { path: string; title: string; children?: TreeNode[] }
  const strip = (nodes: RouteNode[]): TreeNode[] =>
    nodes.filter((n) => !n.hidden).map((n) => (n.children ? { path: n.path, title: n.title, children: strip(n.children) } : { path: n.path, title: n.title }));
  return {
    routes: strip(routeTable),
    privateActions: Object.entries(PRIVATE_ACTIONS).map(([key, description]) => ({ key, description })),
  };
}

/** Creates or updates a role; every account of the role gets the change at its next request. */
export async function saveRole(db: Db, actor: Actor, input: { name: string; description: string; paths: string[]; privateActions: string[] }): Promise<Role> {
  if (input.name === 'root') throw new HttpError(403, 'The root role has every permission and cannot be edited.');
  checkGrants(input.paths, input.privateActions);
  return db.transaction(async (tx) => {
    const before = await tx.one<Row>(`${SELECT} WHERE r.name = $1 FOR UPDATE OF r`, [input.name]);
    // A role change reaches every account holding it: the authority judges the role and each of them.
    await authorizeRoleChange(tx, actor, {
      name: input.name,
      before: before ? { paths: before.paths, actions: before.private_actions } : null,
      after: { paths: input.paths, actions: input.privateActions },
    });
    await tx.query(
      `INSERT INTO roles (name, description, paths, private_actions) VALUES ($1, $2, $3::jsonb, $4::jsonb)
       ON CONFLICT (name) DO UPDATE SET description = EXCLUDED.description, paths = EXCLUDED.paths, private_actions = EXCLUDED.private_actions, updated_at = now()`,
      [input.name, input.description, JSON.stringify([...new Set(input.paths)]), JSON.stringify([...new Set(input.privateActions)])],
    );
    const after = await getRole(tx, input.name);
    await auditAs(tx, actor, { action: before ? 'update' : 'create', entity: 'role', entityId: input.name, before: before ? toRole(before) : undefined, after });
    return after;
  });
}

export async function deleteRole(db: Db, actor: Actor, name: string): Promise<void> {
  if (name === 'root') throw new HttpError(403, 'The root role cannot be deleted.');
  await db.transaction(async (tx) => {
    const before = await getRole(tx, name);
    await authorizeRoleChange(tx, actor, { name, before: { paths: before.paths, actions: before.privateActions }, after: null });
    if (before.accountCount > 0) throw conflict(`Role "${name}" is used by ${before.accountCount} account(s): give them another role first.`);
    await tx.query('DELETE FROM roles WHERE name = $1', [name]);
    await auditAs(tx, actor, { action: 'delete', entity: 'role', entityId: name, before });
  });
}
