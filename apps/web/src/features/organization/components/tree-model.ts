import type { TDepartmentNode } from '@flexpay/contract/web';

/** A department with its children, in the server's order (sort, id). */
export interface TTreeItem {
  node: TDepartmentNode;
  children: TTreeItem[];
}

/** The flat list of the API as a forest. */
export function toForest(nodes: readonly TDepartmentNode[]): TTreeItem[] {
  const items = new Map(nodes.map((n) => [n.id, { node: n, children: [] as TTreeItem[] }]));
  const roots: TTreeItem[] = [];
  for (const n of nodes) {
    const item = items.get(n.id)!;
    const parent = n.parentId === null ? undefined : items.get(n.parentId);
    (parent ? parent.children : roots).push(item);
  }
  return roots;
}

/** The id and every id under it. */
export function subtreeIds(nodes: readonly TDepartmentNode[], id: number): Set<number> {
  const ids = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const n of nodes) {
      if (n.parentId !== null && ids.has(n.parentId) && !ids.has(n.id)) {
        ids.add(n.id);
        grew = true;
      }
    }
  }
  return ids;
}

/** The children of a parent (null: top level) in order. */
export function childrenOf(nodes: readonly TDepartmentNode[], parentId: number | null): TDepartmentNode[] {
  return nodes.filter((n) => n.parentId === parentId);
}

/**
 * Where a drop puts the dragged department: into `targetId` as its first child, or before or
 * after it among its siblings. Answers the new parent and the index among the new siblings (the
 * dragged one left out), or null when the drop is under the dragged department itself.
 */
export function dropTarget(
  nodes: readonly TDepartmentNode[],
  dragId: number,
  targetId: number,
  where: 'inside' | 'before' | 'after',
): { parentId: number | null; index: number } | null {
  if (subtreeIds(nodes, dragId).has(targetId)) return null;
  const target = nodes.find((n) => n.id === targetId);
  if (!target) return null;
  if (where === 'inside') return { parentId: targetId, index: 0 };
  const siblings = childrenOf(nodes, target.parentId).filter((n) => n.id !== dragId);
  const at = siblings.findIndex((n) => n.id === targetId);
  return { parentId: target.parentId, index: where === 'before' ? at : at + 1 };
}
