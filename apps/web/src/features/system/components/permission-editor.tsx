import type { TElementGroup, TMenuNode } from '@flexpay/contract/web';
import { Checkbox, Empty, Flex, Tag, Tree, Typography, type TreeDataNode } from 'antd';
import { useMemo } from 'react';
import { leafCodesOf } from './menu-codes.ts';

const boxStyle = {
  border: '1px solid #f0f0f0',
  borderRadius: 6,
  padding: 12,
  maxHeight: 400,
  overflow: 'auto',
} as const;

/**
 * Tree nodes of the menus. A menu whose only child bears its own title (下载中心 > 下载中心) is
 * one entry, keyed by the child: checking it grants both, since the parent of a checked child is
 * always granted (`grantedMenuCodes`).
 */
function toTreeData(menus: readonly TMenuNode[]): TreeDataNode[] {
  return menus.map((menu) => {
    const only = menu.children?.length === 1 ? menu.children[0] : undefined;
    const node = only && only.title === menu.title && !only.children?.length ? only : menu;
    return {
      key: node.code,
      title: node.hidden ? (
        <span>
          {node.title} <Tag style={{ marginInlineStart: 4 }}>隐藏页面</Tag>
        </span>
      ) : (
        node.title
      ),
      ...(node.children?.length ? { children: toTreeData(node.children) } : {}),
    };
  });
}

interface TMenuTreeFieldProps {
  menus: readonly TMenuNode[];
  /** Checked codes; codes of menus with children are ignored (the tree derives their state). */
  value?: string[];
  onChange?: (value: string[]) => void;
  disabled?: boolean;
}

/** The checkable menu tree, as a form control. Hidden menus (detail and form pages) are listed too. */
export function MenuTreeField({ menus, value = [], onChange, disabled = false }: TMenuTreeFieldProps) {
  const treeData = useMemo(() => toTreeData(menus), [menus]);
  const leaves = useMemo(() => leafCodesOf(menus), [menus]);
  const checkedKeys = value.filter((code) => leaves.has(code));
  if (menus.length === 0) return <Empty description="暂无菜单" />;
  return (
    <div style={boxStyle}>
      <Tree
        checkable
        selectable={false}
        defaultExpandAll
        disabled={disabled}
        treeData={treeData}
        checkedKeys={checkedKeys}
        onCheck={(checked) => {
          const keys = Array.isArray(checked) ? checked : checked.checked;
          onChange?.(keys.map(String));
        }}
      />
    </div>
  );
}

interface TElementChecklistProps {
  groups: readonly TElementGroup[];
  value?: string[];
  onChange?: (value: string[]) => void;
  disabled?: boolean;
}

/** The element codes (buttons and actions) grouped by area, with a select-all per area, as a form control. */
export function ElementChecklist({ groups, value = [], onChange, disabled = false }: TElementChecklistProps) {
  if (groups.length === 0) return <Empty description="暂无操作权限" />;
  const selected = new Set(value);
  const replaceGroup = (group: TElementGroup, codes: string[]) => {
    const inGroup = new Set(group.elements.map((e) => e.code));
    onChange?.([...value.filter((code) => !inGroup.has(code)), ...codes]);
  };
  return (
    <Flex vertical gap={12} style={boxStyle}>
      {groups.map((group) => {
        const count = group.elements.filter((e) => selected.has(e.code)).length;
        return (
          <div key={group.area} role="group" aria-label={group.title}>
            <Checkbox
              checked={count > 0 && count === group.elements.length}
              indeterminate={count > 0 && count < group.elements.length}
              disabled={disabled}
              onChange={(e) => replaceGroup(group, e.target.checked ? group.elements.map((el) => el.code) : [])}
            >
              <Typography.Text strong>{group.title}</Typography.Text>
            </Checkbox>
            <div style={{ paddingInlineStart: 24, marginTop: 4 }}>
              <Checkbox.Group
                disabled={disabled}
                value={group.elements.filter((e) => selected.has(e.code)).map((e) => e.code)}
                options={group.elements.map((e) => ({ label: e.title, value: e.code }))}
                onChange={(codes) => replaceGroup(group, codes.map(String))}
              />
            </div>
          </div>
        );
      })}
    </Flex>
  );
}
