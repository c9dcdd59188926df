import { describe, expect, it } from 'vitest';
import { toDepartmentTree } from './department-tree.ts';

describe('toDepartmentTree', () => {
  it('nests departments under their parents', () => {
    expect(
      toDepartmentTree([
        { id: 1, name: '总部', parentId: null },
        { id: 2, name: '华北', parentId: 1 },
        { id: 3, name: '北京', parentId: 2 },
      ]),
    ).toEqual([
      {
        value: 1,
        title: '总部',
        children: [{ value: 2, title: '华北', children: [{ value: 3, title: '北京', children: [] }] }],
      },
    ]);
  });

  it('keeps orphans and cycles at the top level', () => {
    const tree = toDepartmentTree([
      { id: 5, name: '孤儿', parentId: 99 },
      { id: 6, name: '甲', parentId: 7 },
      { id: 7, name: '乙', parentId: 6 },
    ]);
    expect(tree.map((node) => node.value).sort()).toEqual([5, 6, 7]);
  });
});
