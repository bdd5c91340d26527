import { Tree, type TreeCheckboxSelectionKeys } from 'primereact/tree';
import type { TreeNode } from 'primereact/treenode';
import { useMemo } from 'react';
import type { TreeOption } from '../../lib/resources/define';

const toNodes = (options: readonly TreeOption[]): TreeNode[] =>
  options.map((o) => ({ key: o.value, label: o.label, data: o.value, children: o.children ? toNodes(o.children) : undefined }));

/** The tree's checked and partly checked groups for a list of chosen leaves. */
function selectionFor(options: readonly TreeOption[], chosen: ReadonlySet<string>): TreeCheckboxSelectionKeys {
  const keys: TreeCheckboxSelectionKeys = {};
  const walk = (node: TreeOption): { all: boolean; some: boolean } => {
    if (!node.children) {
      const on = chosen.has(node.value);
      if (on) keys[node.value] = { checked: true, partialChecked: false };
      return { all: on, some: on };
    }
    const states = node.children.map(walk);
    const all = states.every((s) => s.all);
    const some = states.some((s) => s.some);
    if (all) keys[node.value] = { checked: true, partialChecked: false };
    else if (some) keys[node.value] = { checked: false, partialChecked: true };
    return { all, some };
  };
  options.forEach(walk);
  return keys;
}

function chosenLeaves(options: readonly TreeOption[], keys: TreeCheckboxSelectionKeys): string[] {
  return options.flatMap((o) => (o.children ? chosenLeaves(o.children, keys) : keys[o.value]?.checked ? [o.value] : []));
}

/**
 * A tree of checkable leaves (a role's screens): checking a group checks its leaves; the value is only the
 * leaves, so a group added to the route table later is not granted by accident.
 */
export default function TreeField(props: { id: string; label: string; options: readonly TreeOption[]; value: readonly string[]; disabled: boolean; onChange: (leaves: string[]) => void }) {
  const { options, value } = props;
  const nodes = useMemo(() => toNodes(options), [options]);
  const keys = useMemo(() => selectionFor(options, new Set(value)), [options, value]);
  return (
    <Tree
      id={props.id}
      aria-label={props.label}
      value={nodes}
      selectionMode={props.disabled ? undefined : 'checkbox'}
      selectionKeys={keys}
      onSelectionChange={(e) => props.onChange(chosenLeaves(options, e.value as TreeCheckboxSelectionKeys))}
      filter
      filterPlaceholder={`Filter ${props.label.toLowerCase()}`}
      className="tree-field"
    />
  );
}
