import type { TDepartmentNode } from '@flexpay/contract/web';
import { describe, expect, it } from 'vitest';
import { dropTarget, subtreeIds, toForest } from './tree-model.ts';

const node = (id: number, parentId: number | null): TDepartmentNode => ({
  id,
  parentId,
  name: `部门${id}`,
  sort: 0,
  leader: null,
  ownCount: 0,
  headCount: 0,
});
// 1 ─ 2 ─ 4
//   └ 3
// 5
const nodes = [node(1, null), node(2, 1), node(3, 1), node(4, 2), node(5, null)];

describe('department tree model', () => {
  it('builds the forest in the given order', () => {
    const forest = toForest(nodes);
    expect(forest.map((i) => i.node.id)).toEqual([1, 5]);
    expect(forest[0]!.children.map((i) => i.node.id)).toEqual([2, 3]);
    expect(forest[0]!.children[0]!.children.map((i) => i.node.id)).toEqual([4]);
  });

  it('finds a subtree', () => {
    expect([...subtreeIds(nodes, 1)].sort()).toEqual([1, 2, 3, 4]);
    expect([...subtreeIds(nodes, 3)]).toEqual([3]);
  });

  it('turns a drop into a parent and an index, and refuses a drop under the dragged department', () => {
    expect(dropTarget(nodes, 5, 2, 'inside')).toEqual({ parentId: 2, index: 0 });
    expect(dropTarget(nodes, 5, 3, 'before')).toEqual({ parentId: 1, index: 1 });
    expect(dropTarget(nodes, 5, 3, 'after')).toEqual({ parentId: 1, index: 2 });
    // Among its own siblings: the dragged one is left out of the count.
    expect(dropTarget(nodes, 2, 3, 'after')).toEqual({ parentId: 1, index: 1 });
    expect(dropTarget(nodes, 3, 1, 'before')).toEqual({ parentId: null, index: 0 });
    expect(dropTarget(nodes, 1, 4, 'inside')).toBeNull();
    expect(dropTarget(nodes, 1, 1, 'after')).toBeNull();
    expect(dropTarget(nodes, 2, 4, 'before')).toBeNull();
  });
});
