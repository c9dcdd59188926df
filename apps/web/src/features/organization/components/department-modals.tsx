import type { TDepartmentNode, TLeaderOption } from '@flexpay/contract/web';
import { useQuery, keepPreviousData } from '@tanstack/react-query';
import { App, Form, Modal, Select, TreeSelect } from 'antd';
import { useMemo, useState } from 'react';
import { applyFieldErrors } from '../../../components/apply-field-errors.ts';
import { useDebouncedValue } from '../../../components/remote-select.tsx';
import { TrimmedInput } from '../../../components/trimmed-input.tsx';
import { useCreateDepartment } from '../api/create-department.ts';
import { useMoveDepartment } from '../api/move-department.ts';
import { useMoveWorkers } from '../api/move-workers.ts';
import { useRenameDepartment } from '../api/rename-department.ts';
import { searchLeaderOptions } from '../api/search-leader-options.ts';
import { useSetDepartmentLeader } from '../api/set-department-leader.ts';
import { childrenOf, subtreeIds, toForest, type TTreeItem } from './tree-model.ts';

interface TTreeSelectOption {
  value: number;
  title: string;
  disabled?: boolean;
  children: TTreeSelectOption[];
}

/** The departments as TreeSelect options; those in `disabled` cannot be chosen. */
export function departmentOptions(nodes: readonly TDepartmentNode[], disabled = new Set<number>()) {
  const walk = (items: TTreeItem[]): TTreeSelectOption[] =>
    items.map((i) => ({
      value: i.node.id,
      title: i.node.name,
      disabled: disabled.has(i.node.id),
      children: walk(i.children),
    }));
  return walk(toForest(nodes));
}

/** 新增部门 (under `parent`, or at the top) and 重命名 (`department`). */
export function DepartmentNameModal({
  open,
  parent,
  department,
  onClose,
  onCreated,
}: {
  open: boolean;
  parent: TDepartmentNode | null;
  department: TDepartmentNode | null;
  onClose: () => void;
  onCreated?: (id: number) => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();
  const create = useCreateDepartment();
  const rename = useRenameDepartment();
  const isSaving = create.isPending || rename.isPending;

  const onFinish = async ({ name }: { name: string }) => {
    if (isSaving) return;
    try {
      if (department) await rename.mutateAsync({ id: department.id, name: name.trim() });
      else onCreated?.((await create.mutateAsync({ name: name.trim(), parentId: parent?.id ?? null })).id);
    } catch (error) {
      applyFieldErrors(form, error, ['name']);
      return;
    }
    void message.success(department ? '部门已重命名' : '部门已添加');
    onClose();
  };

  const title = department ? '重命名部门' : parent ? `新增下级部门（${parent.name}）` : '新增顶级部门';
  return (
    <Modal
      open={open}
      title={title}
      okText="保存"
      okButtonProps={{ loading: isSaving }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} initialValues={{ name: department?.name ?? '' }} onFinish={(v) => void onFinish(v)}>
        <Form.Item
          name="name"
          label="部门名称"
          rules={[
            { required: true, whitespace: true, message: '请输入部门名称' },
            { max: 50, message: '部门名称最多 50 个字' },
          ]}
        >
          <TrimmedInput placeholder="请输入部门名称" maxLength={50} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

const leaderValue = (l: { kind: string; id: number }) => `${l.kind}:${l.id}`;

/** 设置负责人: one of the company's admins or in-service workers, or none. */
export function LeaderModal({
  open,
  department,
  onClose,
}: {
  open: boolean;
  department: TDepartmentNode;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const setLeader = useSetDepartmentLeader();
  const [keyword, setKeyword] = useState('');
  const debounced = useDebouncedValue(keyword.trim(), 300);
  const [value, setValue] = useState<string | undefined>(
    department.leader ? leaderValue(department.leader) : undefined,
  );
  const found = useQuery({
    queryKey: ['organization', 'leaderOptions', debounced],
    queryFn: ({ signal }) => searchLeaderOptions(debounced, signal),
    placeholderData: keepPreviousData,
    enabled: open,
  });
  const options = useMemo(() => {
    const list: TLeaderOption[] = [...(found.data ?? [])];
    const current = department.leader;
    if (current && !list.some((o) => leaderValue(o) === leaderValue(current))) {
      list.unshift({ ...current, hint: current.kind === 'admin' ? '管理员' : '员工' });
    }
    return list.map((o) => ({ value: leaderValue(o), label: `${o.name}（${o.hint}）` }));
  }, [found.data, department.leader]);

  const onOk = async () => {
    if (setLeader.isPending) return;
    const [kind, id] = value ? value.split(':') : [];
    try {
      await setLeader.mutateAsync({
        id: department.id,
        leader: kind && id ? { kind: kind as 'admin' | 'worker', id: Number(id) } : null,
      });
    } catch {
      return; // the request layer has shown why
    }
    void message.success(value ? '负责人已设置' : '负责人已清除');
    onClose();
  };

  return (
    <Modal
      open={open}
      title={`设置负责人（${department.name}）`}
      okText="保存"
      okButtonProps={{ loading: setLeader.isPending }}
      onOk={() => void onOk()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label="负责人" htmlFor="department-leader" extra="可从管理员或在职员工中选择；清空即不设负责人">
          <Select
            id="department-leader"
            showSearch={{ filterOption: false, onSearch: setKeyword }}
            allowClear
            placeholder="输入姓名搜索"
            value={value}
            onChange={(v) => setValue(v)}
            options={options}
            loading={found.isFetching}
            notFoundContent={found.isFetching ? '加载中…' : '没有匹配的人员'}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

const TOP = -1;

/** 移动部门: the keyboard's way to what drag and drop does: a new parent, placed last. */
export function MoveDepartmentModal({
  open,
  department,
  nodes,
  onClose,
}: {
  open: boolean;
  department: TDepartmentNode;
  nodes: readonly TDepartmentNode[];
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const move = useMoveDepartment();
  const [parent, setParent] = useState<number>(department.parentId ?? TOP);
  const treeData = useMemo(
    () => [
      { value: TOP, title: '（顶级）', children: [] },
      ...departmentOptions(nodes, subtreeIds(nodes, department.id)),
    ],
    [nodes, department.id],
  );
  const onOk = async () => {
    if (move.isPending) return;
    const parentId = parent === TOP ? null : parent;
    const index = childrenOf(nodes, parentId).filter((n) => n.id !== department.id).length;
    try {
      await move.mutateAsync({ id: department.id, parentId, index });
    } catch {
      return;
    }
    void message.success('部门已移动');
    onClose();
  };
  return (
    <Modal
      open={open}
      title={`移动部门（${department.name}）`}
      okText="移动"
      okButtonProps={{ loading: move.isPending }}
      onOk={() => void onOk()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item
          label="移动到"
          htmlFor="move-department-parent"
          extra="移到所选部门之下，排在最后；不能移到自身或下级部门之下"
        >
          <TreeSelect
            id="move-department-parent"
            value={parent}
            onChange={(v: number) => setParent(v)}
            treeData={treeData}
            treeDefaultExpandAll
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 调动部门: the chosen workers into one department. */
export function MoveWorkersModal({
  open,
  workerIds,
  nodes,
  onClose,
  onMoved,
}: {
  open: boolean;
  workerIds: number[];
  nodes: readonly TDepartmentNode[];
  onClose: () => void;
  onMoved: () => void;
}) {
  const { message } = App.useApp();
  const moveWorkers = useMoveWorkers();
  const [target, setTarget] = useState<number | undefined>(undefined);
  const treeData = useMemo(() => departmentOptions(nodes), [nodes]);
  const onOk = async () => {
    if (moveWorkers.isPending) return;
    if (target === undefined) {
      void message.warning('请选择调入的部门');
      return;
    }
    try {
      const { moved } = await moveWorkers.mutateAsync({ workerIds, departmentId: target });
      void message.success(`已调动 ${moved} 名员工`);
    } catch {
      return;
    }
    onMoved();
    onClose();
  };
  return (
    <Modal
      open={open}
      title={`调动部门（已选 ${workerIds.length} 人）`}
      okText="调动"
      okButtonProps={{ loading: moveWorkers.isPending }}
      onOk={() => void onOk()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label="调入部门" htmlFor="move-workers-target" required>
          <TreeSelect
            id="move-workers-target"
            value={target}
            onChange={(v: number) => setTarget(v)}
            treeData={treeData}
            treeDefaultExpandAll
            placeholder="请选择部门"
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
