import { useMemo, useState } from 'react';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { confirmDialog, ConfirmDialog } from 'primereact/confirmdialog';
import { InputText } from 'primereact/inputtext';
import { Tree, type TreeCheckboxSelectionKeys } from 'primereact/tree';
import type { TreeNode } from 'primereact/treenode';
import { api } from '../../lib/http/client';
import { deleteRoleContract, saveRoleContract, type Role } from '../../lib/roles/contract';
import { showToast } from '../../lib/ui/toast-store';

interface RouteTreeNode {
  path: string;
  title: string;
  children?: RouteTreeNode[];
}

interface Props {
  initialRoles: Role[];
  routes: RouteTreeNode[];
  privateActions: { key: string; description: string }[];
  canManage: boolean;
}

const toTreeNodes = (nodes: RouteTreeNode[]): TreeNode[] =>
  nodes.map((n) => ({ key: n.path, label: n.title, data: n.path, children: n.children ? toTreeNodes(n.children) : undefined }));

/** Tree selection state (checked and partly checked groups) for a list of permitted leaf paths. */
function selectionFor(nodes: RouteTreeNode[], paths: Set<string>): TreeCheckboxSelectionKeys {
  const keys: TreeCheckboxSelectionKeys = {};
  const walk = (node: RouteTreeNode): { all: boolean; some: boolean } => {
    if (!node.children) {
      const on = paths.has(node.path);
      if (on) keys[node.path] = { checked: true, partialChecked: false };
      return { all: on, some: on };
    }
    const states = node.children.map(walk);
    const all = states.every((s) => s.all);
    const some = states.some((s) => s.some);
    if (all) keys[node.path] = { checked: true, partialChecked: false };
    else if (some) keys[node.path] = { checked: false, partialChecked: true };
    return { all, some };
  };
  nodes.forEach(walk);
  return keys;
}

function leafPaths(nodes: RouteTreeNode[], keys: TreeCheckboxSelectionKeys): string[] {
  return nodes.flatMap((n) => (n.children ? leafPaths(n.children, keys) : keys[n.path]?.checked ? [n.path] : []));
}

/** Roles and their permissions: the route table as a checkable tree plus the private actions. */
export default function RolesScreen({ initialRoles, routes, privateActions, canManage }: Props) {
  const [roles, setRoles] = useState(initialRoles);
  const [selected, setSelected] = useState<string | null>(initialRoles.find((r) => r.name !== 'root')?.name ?? null);
  const [draft, setDraft] = useState(() => draftOf(initialRoles.find((r) => r.name === selected) ?? null));
  const [busy, setBusy] = useState(false);
  const treeNodes = useMemo(() => toTreeNodes(routes), [routes]);

  function draftOf(role: Role | null) {
    return {
      isNew: !role,
      name: role?.name ?? '',
      description: role?.description ?? '',
      keys: selectionFor(routes, new Set(role?.paths ?? [])),
      actions: new Set(role?.privateActions ?? []),
    };
  }
  const choose = (role: Role | null) => {
    setSelected(role?.name ?? null);
    setDraft(draftOf(role));
  };
  const current = roles.find((r) => r.name === selected);
  const readOnly = !canManage || current?.name === 'root';

  const save = async () => {
    setBusy(true);
    try {
      const { data } = await api(saveRoleContract, { name: draft.name.trim(), description: draft.description, paths: leafPaths(routes, draft.keys), privateActions: [...draft.actions] });
      setRoles((list) => [...list.filter((r) => r.name !== data.name), data].sort((a, b) => (a.name === 'root' ? -1 : b.name === 'root' ? 1 : a.name.localeCompare(b.name))));
      choose(data);
      showToast('success', `Role ${data.name} saved`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="roles-layout">
      <section className="card roles-list" aria-label="Roles">
        <div className="toolbar">
          <h2>Roles</h2>
          <span className="toolbar-spacer" />
          {canManage && <Button label="New role" icon="pi pi-plus" size="small" onClick={() => choose(null)} />}
        </div>
        <ul>
          {roles.map((role) => (
            <li key={role.name}>
              <button type="button" className={role.name === selected ? 'active' : ''} aria-pressed={role.name === selected} onClick={() => choose(role)}>
                <strong>{role.name}</strong>
                <span>{role.accountCount} account{role.accountCount === 1 ? '' : 's'}</span>
              </button>
            </li>
          ))}
        </ul>
      </section>
      <section className="card role-editor" aria-label="Role permissions">
        {current?.name === 'root' ? (
          <p>The root role sees every route and may do every action; it has no path or private-action lists.</p>
        ) : (
          <>
            <div className="form-grid">
              <label htmlFor="role-name">Role name</label>
              <InputText id="role-name" value={draft.name} disabled={!draft.isNew || readOnly} onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
              <label htmlFor="role-description">Description</label>
              <InputText id="role-description" value={draft.description} disabled={readOnly} onChange={(e) => setDraft({ ...draft, description: e.target.value })} />
            </div>
            <div className="role-columns">
              <div>
                <h3>Screens (paths)</h3>
                <Tree
                  value={treeNodes}
                  selectionMode={readOnly ? undefined : 'checkbox'}
                  selectionKeys={draft.keys}
                  onSelectionChange={(e) => setDraft({ ...draft, keys: e.value as TreeCheckboxSelectionKeys })}
                  filter
                  filterPlaceholder="Filter screens"
                  className="role-tree"
                />
              </div>
              <div>
                <h3>Private actions</h3>
                <ul className="action-list">
                  {privateActions.map((action) => (
                    <li key={action.key}>
                      <Checkbox
                        inputId={`action-${action.key}`}
                        checked={draft.actions.has(action.key)}
                        disabled={readOnly}
                        onChange={(e) => {
                          const next = new Set(draft.actions);
                          if (e.checked) next.add(action.key);
                          else next.delete(action.key);
                          setDraft({ ...draft, actions: next });
                        }}
                      />
                      <label htmlFor={`action-${action.key}`}>
                        <code>{action.key}</code> <span className="hint">{action.description}</span>
                      </label>
                    </li>
                  ))}
                </ul>
              </div>
            </div>
            {canManage && (
              <div className="dialog-actions">
                {!draft.isNew && current && (
                  <Button
                    label="Delete role"
                    severity="danger"
                    text
                    onClick={() =>
                      confirmDialog({
                        message: `Delete the role ${current.name}?`,
                        header: 'Delete role',
                        acceptLabel: 'Yes',
                        rejectLabel: 'No',
                        accept: async () => {
                          await api(deleteRoleContract, { name: current.name });
                          setRoles((list) => list.filter((r) => r.name !== current.name));
                          choose(null);
                          showToast('success', 'Role deleted');
                        },
                      })
                    }
                  />
                )}
                <Button label="Save role" icon="pi pi-check" loading={busy} disabled={!draft.name.trim()} onClick={save} />
              </div>
            )}
          </>
        )}
      </section>
      <ConfirmDialog />
    </div>
  );
}
