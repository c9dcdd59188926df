import type { TMenuNode } from '@flexpay/contract/web';

/** Codes of the menus without children: the keys whose check state the editor keeps. */
export function leafCodesOf(menus: readonly TMenuNode[]): Set<string> {
  const leaves = new Set<string>();
  const visit = (nodes: readonly TMenuNode[]) => {
    for (const node of nodes) {
      if (node.children?.length) visit(node.children);
      else leaves.add(node.code);
    }
  };
  visit(menus);
  return leaves;
}

/**
 * The menu codes a role is granted: every checked leaf and every menu above one, in catalogue
 * order. That is the tree's checked plus half-checked keys; parents must be sent because the
 * route filter drops a child whose parent is not granted (spec section 6).
 */
export function grantedMenuCodes(menus: readonly TMenuNode[], checked: readonly string[]): string[] {
  const leaves = leafCodesOf(menus);
  const checkedLeaves = new Set(checked.filter((code) => leaves.has(code)));
  const out: string[] = [];
  const visit = (nodes: readonly TMenuNode[]): boolean => {
    let any = false;
    for (const node of nodes) {
      const at = out.length;
      const granted = node.children?.length ? visit(node.children) : checkedLeaves.has(node.code);
      if (granted) {
        out.splice(at, 0, node.code);
        any = true;
      }
    }
    return any;
  };
  visit(menus);
  return out;
}

/** Every menu code of the tree, parents included. */
export function menuCodesOf(menus: readonly TMenuNode[]): Set<string> {
  const codes = new Set<string>();
  const visit = (nodes: readonly TMenuNode[]) => {
    for (const node of nodes) {
      codes.add(node.code);
      if (node.children?.length) visit(node.children);
    }
  };
  visit(menus);
  return codes;
}

/**
 * A role's grants the editor does not offer (areas whose screens are not built yet, personal
 * pages every admin has anyway): kept as they are when the role is saved, since the editor
 * cannot show them.
 */
export function notOffered(granted: readonly string[], offered: ReadonlySet<string>): string[] {
  return granted.filter((code) => !offered.has(code));
}
