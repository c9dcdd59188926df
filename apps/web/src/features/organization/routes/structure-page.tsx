import {
  WORKER_STATUS_LABELS,
  screenPath,
  type TDepartmentNode,
  type TWorkerRow,
  type TWorkerStatus,
} from '@flexpay/contract/web';
import { PlusOutlined, SwapOutlined, TeamOutlined } from '@ant-design/icons';
import {
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Flex,
  Row,
  Space,
  Spin,
  Tag,
  Tree,
  Typography,
  type TableColumnsType,
  type TreeDataNode,
  type TreeProps,
} from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useWorkers } from '../../../api/get-workers.ts';
import { ConfirmAction } from '../../../components/confirm-action.tsx';
import { ListError } from '../../../components/list-error.tsx';
import { ListTable, ListToolbar } from '../../../components/list-table.tsx';
import { Permission } from '../../../components/permission.tsx';
import { useHasElement } from '../../../lib/session-store.ts';
import { useDeleteDepartment } from '../api/delete-department.ts';
import { useDepartmentTree } from '../api/get-department-tree.ts';
import { useMoveDepartment } from '../api/move-department.ts';
import {
  DepartmentNameModal,
  LeaderModal,
  MoveDepartmentModal,
  MoveWorkersModal,
} from '../components/department-modals.tsx';
import { dropTarget, subtreeIds, toForest, type TTreeItem } from '../components/tree-model.ts';
import { ORG_ELEMENTS } from '../elements.ts';

type TDialog = 'add' | 'addTop' | 'rename' | 'leader' | 'move' | 'moveWorkers' | null;

const PAGE_SIZES = [10, 20, 50];

function NodeTitle({ node }: { node: TDepartmentNode }) {
  return (
    <span data-testid={`department-${node.id}`}>
      {node.name}
      <Typography.Text type="secondary" style={{ marginLeft: 6 }}>
        {node.headCount} 人
      </Typography.Text>
    </span>
  );
}

/** 组织架构 (/organization/structure). */
export function Component() {
  const { message } = App.useApp();
  const tree = useDepartmentTree();
  const canEdit = useHasElement(ORG_ELEMENTS.edit);
  const move = useMoveDepartment();
  const remove = useDeleteDepartment();
  const nodes = useMemo(() => tree.data ?? [], [tree.data]);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [expanded, setExpanded] = useState<React.Key[] | null>(null);
  const [dialog, setDialog] = useState<TDialog>(null);
  const [page, setPage] = useState({ page: 1, limit: 10 });
  const [chosen, setChosen] = useState<number[]>([]);

  const selected = nodes.find((n) => n.id === selectedId) ?? null;
  const workers = useWorkers({ ...page, ...(selected ? { departmentId: selected.id } : {}) });

  const treeData = useMemo(() => {
    const walk = (items: TTreeItem[]): TreeDataNode[] =>
      items.map((i) => ({ key: i.node.id, title: <NodeTitle node={i.node} />, children: walk(i.children) }));
    return walk(toForest(nodes));
  }, [nodes]);
  // Every department with children starts open (the demo's three levels fit).
  const expandedKeys = expanded ?? nodes.filter((n) => nodes.some((c) => c.parentId === n.id)).map((n) => n.id);

  const select = (id: number | null) => {
    setSelectedId(id);
    setPage((p) => ({ ...p, page: 1 }));
    setChosen([]);
  };

  const onDrop: TreeProps['onDrop'] = (info) => {
    if (move.isPending) return;
    const dragId = Number(info.dragNode.key);
    const targetId = Number(info.node.key);
    const pos = info.node.pos.split('-');
    const relative = info.dropPosition - Number(pos[pos.length - 1]);
    const where = !info.dropToGap ? 'inside' : relative === -1 ? 'before' : 'after';
    const to = dropTarget(nodes, dragId, targetId, where);
    if (!to) {
      void message.error('不能移动到该部门自身或其下级部门之下');
      return;
    }
    move.mutate({ id: dragId, ...to }, { onSuccess: () => void message.success('部门已移动') });
  };

  const allowDrop: TreeProps['allowDrop'] = ({ dragNode, dropNode, dropPosition }) => {
    const dragId = Number(dragNode.key);
    const inside = subtreeIds(nodes, dragId);
    if (inside.has(Number(dropNode.key))) return false;
    return dropPosition === 0 || !inside.has(Number(dropNode.key));
  };

  const onDelete = async () => {
    if (!selected) return;
    try {
      await remove.mutateAsync(selected.id);
    } catch {
      return;
    }
    void message.success('部门已删除');
    select(null);
  };

  const columns: TableColumnsType<TWorkerRow> = [
    {
      title: '姓名',
      dataIndex: 'name',
      width: 100,
      render: (name: string, w) => <Link to={screenPath('detailEmployee', { id: w.id })}>{name}</Link>,
    },
    { title: '手机号', dataIndex: 'mobile', width: 120 },
    { title: '部门', dataIndex: 'departmentName', width: 120, render: (n: string | null) => n ?? '-' },
    { title: '工种', dataIndex: 'jobTypeName', width: 100, render: (n: string | null) => n ?? '-' },
    {
      title: '状态',
      dataIndex: 'status',
      width: 80,
      render: (s: TWorkerStatus) => <Tag color={s === 'active' ? 'green' : 'default'}>{WORKER_STATUS_LABELS[s]}</Tag>,
    },
  ];

  if (tree.isError && !tree.data) {
    return (
      <Card>
        <ListError error={tree.error} onRetry={() => void tree.refetch()} isRetrying={tree.isFetching} />
      </Card>
    );
  }

  const hasChildren = selected ? nodes.some((n) => n.parentId === selected.id) : false;
  const deleteBlocked = !selected
    ? undefined
    : hasChildren
      ? '该部门下还有下级部门，不能删除'
      : selected.ownCount > 0
        ? '该部门下还有员工，不能删除'
        : undefined;

  return (
    <Row gutter={16} wrap={false} style={{ alignItems: 'flex-start' }}>
      <Col flex="340px">
        <Card
          title={
            <span>
              <TeamOutlined /> 部门
            </span>
          }
          extra={
            <Permission element={ORG_ELEMENTS.edit}>
              <Button size="small" icon={<PlusOutlined />} onClick={() => setDialog('addTop')}>
                新增顶级部门
              </Button>
            </Permission>
          }
          styles={{ body: { padding: 12 } }}
        >
          <Button
            type={selected ? 'link' : 'primary'}
            size="small"
            onClick={() => select(null)}
            style={{ marginBottom: 8 }}
          >
            全部员工
          </Button>
          {tree.isPending ? (
            <Spin />
          ) : nodes.length === 0 ? (
            <Empty description="暂无部门，可点击“新增顶级部门”" />
          ) : (
            <Tree
              aria-label="部门树"
              blockNode
              draggable={canEdit && !move.isPending ? { icon: false } : false}
              treeData={treeData}
              expandedKeys={expandedKeys}
              onExpand={(keys) => setExpanded(keys)}
              selectedKeys={selected ? [selected.id] : []}
              onSelect={(keys) => select(keys.length ? Number(keys[0]) : null)}
              allowDrop={allowDrop}
              onDrop={onDrop}
            />
          )}
          {canEdit && nodes.length > 0 && (
            <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0, fontSize: 12 }}>
              拖动部门可调整顺序或上级；也可选中部门后点击“移动”。
            </Typography.Paragraph>
          )}
        </Card>
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        <Card>
          {selected ? (
            <>
              <Flex justify="space-between" align="flex-start" wrap gap={8}>
                <Descriptions
                  size="small"
                  column={3}
                  // Wide enough that 部门, 负责人 and 人数 never break inside a value: the actions wrap below instead.
                  style={{ flex: 1, minWidth: 480 }}
                  items={[
                    { key: 'name', label: '部门', children: selected.name },
                    {
                      key: 'leader',
                      label: '负责人',
                      children: selected.leader
                        ? `${selected.leader.name}（${selected.leader.kind === 'admin' ? '管理员' : '员工'}）`
                        : '未设置',
                    },
                    { key: 'count', label: '在职人数（含下级）', children: `${selected.headCount} 人` },
                  ]}
                />
                <Permission element={ORG_ELEMENTS.edit}>
                  <Space wrap>
                    <Button size="small" onClick={() => setDialog('add')}>
                      新增下级
                    </Button>
                    <Button size="small" onClick={() => setDialog('rename')}>
                      重命名
                    </Button>
                    <Button size="small" onClick={() => setDialog('leader')}>
                      设置负责人
                    </Button>
                    <Button size="small" onClick={() => setDialog('move')}>
                      移动
                    </Button>
                    <ConfirmAction
                      look="button"
                      label="删除"
                      title="删除部门"
                      description={`确定删除“${selected.name}”吗？`}
                      danger
                      blockedReason={deleteBlocked}
                      onConfirm={onDelete}
                    />
                  </Space>
                </Permission>
              </Flex>
            </>
          ) : (
            <Typography.Paragraph type="secondary">
              全部员工；选择左侧部门查看该部门及其下级部门的员工。
            </Typography.Paragraph>
          )}

          <ListToolbar>
            <Permission element={ORG_ELEMENTS.edit}>
              <Button
                icon={<SwapOutlined />}
                disabled={chosen.length === 0 || nodes.length === 0}
                onClick={() => setDialog('moveWorkers')}
              >
                调动部门{chosen.length ? `（${chosen.length}）` : ''}
              </Button>
            </Permission>
          </ListToolbar>
          <ListTable<TWorkerRow>
            query={workers}
            noun="员工"
            isFiltered={selected !== null}
            empty="暂无员工"
            columns={columns}
            rowSelection={
              canEdit
                ? {
                    selectedRowKeys: chosen,
                    onChange: (keys) => setChosen(keys.map(Number)),
                    preserveSelectedRowKeys: true,
                  }
                : undefined
            }
            pagination={(total) => ({
              current: page.page,
              pageSize: page.limit,
              total,
              showSizeChanger: true,
              pageSizeOptions: PAGE_SIZES,
              showTotal: (n) => `共 ${n} 条`,
              onChange: (p, limit) => setPage({ page: limit === page.limit ? p : 1, limit }),
            })}
            scroll={{ x: 560 }}
          />
        </Card>
      </Col>

      <DepartmentNameModal
        open={dialog === 'add' || dialog === 'addTop' || dialog === 'rename'}
        parent={dialog === 'add' ? selected : null}
        department={dialog === 'rename' ? selected : null}
        onClose={() => setDialog(null)}
        onCreated={(id) => {
          if (dialog === 'add' && selected) setExpanded([...expandedKeys, selected.id]);
          select(id);
        }}
      />
      {selected && dialog === 'leader' && <LeaderModal open department={selected} onClose={() => setDialog(null)} />}
      {selected && dialog === 'move' && (
        <MoveDepartmentModal open department={selected} nodes={nodes} onClose={() => setDialog(null)} />
      )}
      {dialog === 'moveWorkers' && (
        <MoveWorkersModal
          open
          workerIds={chosen}
          nodes={nodes}
          onClose={() => setDialog(null)}
          onMoved={() => setChosen([])}
        />
      )}
    </Row>
  );
}
