import type { TDepartmentOption } from '@flexpay/contract/web';

export interface TDepartmentNode {
  value: number;
  title: string;
  children: TDepartmentNode[];
}

/**
 * The flat department options as a tree for a TreeSelect. A department whose parent is missing
 * (or that would close a cycle) is shown at the top level, so none is ever lost.
 */
export function toDepartmentTree(options: readonly TDepartmentOption[]): TDepartmentNode[] {
  const nodes = new Map<number, TDepartmentNode>();
  for (const option of options) nodes.set(option.id, { value: option.id, title: option.name, children: [] });
  const parentOf = new Map(options.map((option) => [option.id, option.parentId]));
  const isInCycle = (id: number): boolean => {
    const seen = new Set<number>([id]);
    for (let parent = parentOf.get(id); parent !== null && parent !== undefined; parent = parentOf.get(parent)) {
      if (seen.has(parent)) return true;
      seen.add(parent);
    }
    return false;
  };
  const roots: TDepartmentNode[] = [];
  for (const option of options) {
    const node = nodes.get(option.id);
    if (!node) continue;
    const parent = option.parentId === null ? undefined : nodes.get(option.parentId);
    if (parent && !isInCycle(option.id)) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}
