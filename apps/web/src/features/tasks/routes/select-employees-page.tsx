import {
  SELECT_EMPLOYEES_STEP_LABELS,
  SELECT_EMPLOYEES_STEPS,
  TASK_ASSIGNABLE_STATUSES,
  screenPath,
  type TAssignBody,
  type TSelectEmployeesState,
  type TTaskRow,
  type TWorkerRow,
} from '@flexpay/contract/web';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Flex,
  Form,
  InputNumber,
  Result,
  Space,
  Steps,
  Table,
  Typography,
} from 'antd';
import type { TableColumnsType } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useWorkers } from '../../../api/get-workers.ts';
import { ContractStatusTag, RealNameStatusTag } from '../../../components/worker-status-tags.tsx';
import { ListSearchForm } from '../../../components/list-search-form.tsx';
import { ListTable } from '../../../components/list-table.tsx';
import { LoadFailed } from '../../../components/load-state.tsx';
import { TrimmedSearch } from '../../../components/trimmed-search.tsx';
import { formatMoney } from '../../../lib/format.ts';
import {
  dateRangeFilter,
  defineFilters,
  numberFilter,
  remoteSelectFilter,
  textFilter,
} from '../../../lib/list-filters.ts';
import { useListQuery, type TListQuery } from '../../../lib/use-list-query.ts';
import { useAssignWorkers } from '../api/assign-workers.ts';
import { useTask } from '../api/get-task.ts';
import { useTasks } from '../api/get-tasks.ts';
import { departmentPickOptions, jobTypePickOptions } from '../api/pick-options.ts';
import { useAssignPreview } from '../api/preview-assign.ts';
import { settlementText, TaskStatusTag, yuanToFen } from '../components/task-format.tsx';
import { keepTaskId, keptTaskId } from '../components/use-task-id.ts';
import {
  clearWizard,
  emptyWizard,
  pickFilterOf,
  readWizard,
  sameFilter,
  selectedCount,
  writeWizard,
} from '../components/wizard-state.ts';

/**
 * The wizard's URL: `whom` (the task) and `step` beside the worker list's filters, so a reload
 * or 后退 finds the step; the selection and the flash flags are in session storage.
 */
const FILTERS = defineFilters({
  whom: { ...numberFilter({ label: '任务', min: 1 }), inForm: false },
  step: { ...numberFilter({ label: '步骤', min: 0, max: 2 }), inForm: false },
  name: textFilter({ label: '姓名', maxLength: 50, width: 120 }),
  idNumber: textFilter({ label: '身份证号', maxLength: 18, width: 180 }),
  mobile: textFilter({ label: '手机号', maxLength: 11, width: 130 }),
  jobTypeId: remoteSelectFilter({ label: '工种', remote: jobTypePickOptions, width: 140 }),
  departmentId: remoteSelectFilter({ label: '部门', remote: departmentPickOptions, width: 140 }),
  joined: dateRangeFilter({ label: '入职日期', from: 'joinedFrom', to: 'joinedTo' }),
});
type TList = TListQuery<typeof FILTERS>;

/** The wizard's state: session storage's when it is for this task, else a fresh one. */
function useWizardState(whom: number | null, step: 0 | 1 | 2) {
  const [state, setState] = useState<TSelectEmployeesState>(() => {
    const stored = readWizard();
    return stored && stored.whom === whom
      ? { ...stored, step, stepName: SELECT_EMPLOYEES_STEPS[step] }
      : emptyWizard(whom, step);
  });
  // A back or forward navigation to another task or step: the state follows the URL.
  const current = state.whom === whom ? state : emptyWizard(whom, step);
  const synced = current.step === step ? current : { ...current, step, stepName: SELECT_EMPLOYEES_STEPS[step] };
  const serialized = JSON.stringify(synced);
  useEffect(() => writeWizard(JSON.parse(serialized) as TSelectEmployeesState), [serialized]);
  const update = (change: Partial<TSelectEmployeesState>) => setState({ ...synced, ...change });
  return [synced, update] as const;
}

/** 选择人员 (/taskOrderManage/selectEmployees): 选择任务 → 选择人员 → 确认. */
export function Component() {
  const list = useListQuery(FILTERS);
  const whom = list.values.whom ?? null;
  const urlStep = (list.values.step ?? 0) as 0 | 1 | 2;
  const step: 0 | 1 | 2 = whom === null ? 0 : urlStep;
  const [state, update] = useWizardState(whom, step);
  useEffect(() => {
    if (whom !== null) keepTaskId(whom);
  }, [whom]);

  const go = (next: 0 | 1 | 2, change: Partial<TSelectEmployeesState> = {}) => {
    update({
      ...change,
      // The page left is shown again with its list fetched afresh.
      flashTaskPage: change.flashTaskPage ?? (step === 0 ? true : state.flashTaskPage),
      flashWorkerPage: change.flashWorkerPage ?? (step === 1 ? true : state.flashWorkerPage),
    });
    list.setValues({ ...list.values, whom: change.whom ?? whom ?? undefined, step: next });
  };

  return (
    <Card title="选择人员">
      <Steps
        current={step}
        style={{ marginBottom: 24, maxWidth: 720 }}
        items={SELECT_EMPLOYEES_STEPS.map((s) => ({ title: SELECT_EMPLOYEES_STEP_LABELS[s] }))}
      />
      {step === 0 && <TaskStep state={state} update={update} onNext={(id) => go(1, { whom: id })} />}
      {step === 1 && whom !== null && (
        <WorkerStep list={list} state={state} update={update} onBack={() => go(0)} onNext={() => go(2)} />
      )}
      {step === 2 && whom !== null && <ConfirmStep taskId={whom} state={state} onBack={() => go(1)} />}
    </Card>
  );
}

function TaskStep({
  state,
  update,
  onNext,
}: {
  state: TSelectEmployeesState;
  update: (change: Partial<TSelectEmployeesState>) => void;
  onNext: (taskId: number) => void;
}) {
  const [page, setPage] = useState({ page: 1, limit: 10 });
  const [title, setTitle] = useState<string | undefined>(undefined);
  const [clicked, setPicked] = useState<number | null>(state.whom);
  const tasks = useTasks({ ...page, assignable: 'true', title });
  // Opened without a task (the menu, a lost query): the task the task screens were on, when it takes workers.
  const kept = useTask(state.whom === null ? keptTaskId() : undefined);
  const keptAssignable = kept.data && TASK_ASSIGNABLE_STATUSES.includes(kept.data.status) ? kept.data : undefined;
  const picked = clicked ?? keptAssignable?.id ?? null;
  const { flashTaskPage } = state;
  useEffect(() => {
    if (!flashTaskPage) return;
    void tasks.refetch();
    update({ flashTaskPage: false });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the page is shown again
  }, [flashTaskPage]);

  const columns: TableColumnsType<TTaskRow> = [
    { title: '任务编号', dataIndex: 'taskNo', width: 120 },
    { title: '任务名称', dataIndex: 'title', ellipsis: true },
    { title: '状态', dataIndex: 'status', width: 90, render: (_, t) => <TaskStatusTag status={t.status} /> },
    { title: '结算', key: 'settlement', width: 160, render: (_, t) => settlementText(t.settlement, t.unitPriceFen) },
    {
      title: '人员 / 招募',
      key: 'places',
      width: 110,
      align: 'right',
      render: (_, t) => `${t.counts.total} / ${t.headcount}`,
    },
    { title: '起止日期', key: 'dates', width: 200, render: (_, t) => `${t.startDate} 至 ${t.endDate}` },
  ];

  if (tasks.isError && !tasks.data) {
    return <LoadFailed error={tasks.error} onRetry={() => void tasks.refetch()} isRetrying={tasks.isFetching} />;
  }
  return (
    <>
      <Flex justify="space-between" style={{ marginBottom: 16 }}>
        <Typography.Text type="secondary">只有已发布、进行中的任务可以选择人员</Typography.Text>
        <TrimmedSearch
          placeholder="任务名称"
          allowClear
          style={{ width: 240 }}
          onSearch={(v: string) => {
            setTitle(v || undefined);
            setPage((p) => ({ ...p, page: 1 }));
          }}
        />
      </Flex>
      <Table<TTaskRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={tasks.data?.rows ?? []}
        loading={tasks.isFetching}
        rowSelection={{
          type: 'radio',
          selectedRowKeys: picked === null ? [] : [picked],
          onChange: (keys) => setPicked(Number(keys[0])),
        }}
        onRow={(t) => ({ onClick: () => setPicked(t.id) })}
        pagination={{
          current: page.page,
          pageSize: page.limit,
          total: tasks.data?.total ?? 0,
          showTotal: (n) => `共 ${n} 条`,
          onChange: (p, l) => setPage({ page: p, limit: l }),
        }}
        locale={{ emptyText: '暂无可选择人员的任务' }}
      />
      <Flex justify="flex-end" align="center" gap={12} style={{ marginTop: 16 }}>
        {keptAssignable && picked === keptAssignable.id && (
          <Typography.Text>{`已选任务：${keptAssignable.taskNo} ${keptAssignable.title}`}</Typography.Text>
        )}
        <Button type="primary" disabled={picked === null} onClick={() => picked !== null && onNext(picked)}>
          下一步
        </Button>
      </Flex>
    </>
  );
}

function TaskSummary({ taskId }: { taskId: number }) {
  const task = useTask(taskId);
  if (!task.data) {
    return task.isError ? (
      <LoadFailed error={task.error} onRetry={() => void task.refetch()} isRetrying={task.isFetching} />
    ) : null;
  }
  const t = task.data;
  return (
    <Alert
      type={TASK_ASSIGNABLE_STATUSES.includes(t.status) ? 'info' : 'warning'}
      showIcon
      style={{ marginBottom: 16 }}
      title={`${t.taskNo} ${t.title}：${settlementText(t.settlement, t.unitPriceFen)}，已有 ${t.counts.total} / ${t.headcount} 人，每人约定金额默认 ${formatMoney(t.defaultAgreedFen)}`}
      description={TASK_ASSIGNABLE_STATUSES.includes(t.status) ? undefined : '该任务当前不能选择人员'}
    />
  );
}

function WorkerStep({
  list,
  state,
  update,
  onBack,
  onNext,
}: {
  list: TList;
  state: TSelectEmployeesState;
  update: (change: Partial<TSelectEmployeesState>) => void;
  onBack: () => void;
  onNext: () => void;
}) {
  const filter = useMemo(() => pickFilterOf(list.query as Record<string, unknown>), [list.query]);
  const workers = useWorkers({ ...filter, status: 'active', page: list.page, limit: list.limit });
  const { flashWorkerPage } = state;
  useEffect(() => {
    if (!flashWorkerPage) return;
    void workers.refetch();
    update({ flashWorkerPage: false });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the page is shown again
  }, [flashWorkerPage]);

  const all = state.allMatching !== null;
  const allHere = sameFilter(state.allMatching, filter);
  const byIds = new Set(state.byEmployeeIds);
  const excluded = new Set(state.excludeIds);
  const rows = workers.data?.rows ?? [];
  const isTicked = (id: number) => (all ? allHere && !excluded.has(id) : byIds.has(id));
  const count = selectedCount(state, allHere ? workers.data?.total : undefined);

  const tick = (ids: number[], on: boolean) => {
    if (all) {
      const next = new Set(excluded);
      ids.forEach((id) => (on ? next.delete(id) : next.add(id)));
      update({ excludeIds: [...next] });
    } else {
      const next = new Set(byIds);
      ids.forEach((id) => (on ? next.add(id) : next.delete(id)));
      update({ byEmployeeIds: [...next] });
    }
  };

  const columns: TableColumnsType<TWorkerRow> = [
    { title: '姓名', dataIndex: 'name', width: 100 },
    { title: '身份证号', dataIndex: 'idNumber', width: 180 },
    { title: '手机号', dataIndex: 'mobile', width: 130 },
    { title: '工种', dataIndex: 'jobTypeName', width: 120, render: (v: string | null) => v ?? '-' },
    { title: '部门', dataIndex: 'departmentName', width: 120, render: (v: string | null) => v ?? '-' },
    { title: '入职日期', dataIndex: 'joinedAt', width: 110 },
    {
      title: '实名认证',
      dataIndex: 'realNameStatus',
      width: 100,
      render: (_, w) => <RealNameStatusTag status={w.realNameStatus} />,
    },
    {
      title: '签约状态',
      dataIndex: 'contractStatus',
      width: 100,
      render: (_, w) => <ContractStatusTag status={w.contractStatus} />,
    },
  ];

  return (
    <>
      <TaskSummary taskId={state.whom ?? 0} />
      <ListSearchForm list={list} query={workers} />
      <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 12 }}>
        <Typography.Text>
          {all
            ? allHere
              ? `已选择全部符合条件的 ${count ?? '…'} 人${state.excludeIds.length ? `（已排除 ${state.excludeIds.length} 人）` : ''}`
              : '已选择另一组筛选条件下的全部人员；点击“按当前条件全选”改为当前条件'
            : `已选择 ${count ?? 0} 人（可翻页继续勾选）`}
        </Typography.Text>
        <Space>
          <Button
            disabled={!workers.data?.total || (allHere && state.excludeIds.length === 0)}
            onClick={() =>
              update({ allMatching: filter as Record<string, string | number>, excludeIds: [], byEmployeeIds: [] })
            }
          >
            {`按当前条件全选${workers.data ? ` ${workers.data.total} 人` : ''}`}
          </Button>
          <Button
            disabled={!all && state.byEmployeeIds.length === 0}
            onClick={() => update({ allMatching: null, excludeIds: [], byEmployeeIds: [] })}
          >
            清空选择
          </Button>
        </Space>
      </Flex>
      <ListTable<TWorkerRow>
        query={workers}
        noun="在职员工"
        isFiltered={list.isFiltered}
        columns={columns}
        pagination={list.pagination}
        rowSelection={{
          selectedRowKeys: rows.filter((w) => isTicked(w.id)).map((w) => w.id),
          onSelect: (w, on) => tick([w.id], on),
          onSelectAll: (on) =>
            tick(
              rows.map((w) => w.id),
              on,
            ),
        }}
        scroll={{ x: 800 }}
      />
      <Flex justify="flex-end" gap={8} style={{ marginTop: 16 }}>
        <Button onClick={onBack}>上一步</Button>
        <Button
          type="primary"
          disabled={all ? allHere && count === 0 : state.byEmployeeIds.length === 0}
          onClick={onNext}
        >
          下一步
        </Button>
      </Flex>
    </>
  );
}

function ConfirmStep({ taskId, state, onBack }: { taskId: number; state: TSelectEmployeesState; onBack: () => void }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [agreedYuan, setAgreedYuan] = useState<number | null>(null);
  const body: TAssignBody = useMemo(
    () =>
      state.allMatching
        ? { filter: state.allMatching, excludeIds: state.excludeIds }
        : { workerIds: state.byEmployeeIds },
    [state.allMatching, state.excludeIds, state.byEmployeeIds],
  );
  const preview = useAssignPreview(taskId, body);
  const assign = useAssignWorkers();

  const onConfirm = async () => {
    const agreedFen = yuanToFen(agreedYuan);
    const result = await assign.mutateAsync({ taskId, body: agreedFen ? { ...body, agreedFen } : body });
    clearWizard();
    void message.success(`已添加 ${result.assigned} 人`);
    await navigate(screenPath('taskOrderDetails', { id: taskId }));
  };

  if (!state.allMatching && state.byEmployeeIds.length === 0) {
    return <Result status="warning" title="还没有选择人员" extra={<Button onClick={onBack}>上一步</Button>} />;
  }
  return (
    <>
      <TaskSummary taskId={taskId} />
      {preview.isError ? (
        <LoadFailed error={preview.error} onRetry={() => void preview.refetch()} isRetrying={preview.isFetching} />
      ) : (
        <Descriptions bordered column={2} size="middle" style={{ maxWidth: 720 }}>
          <Descriptions.Item label="所选人员">{preview.data?.matched ?? '…'}</Descriptions.Item>
          <Descriptions.Item label="将添加">{preview.data?.assigned ?? '…'}</Descriptions.Item>
          <Descriptions.Item label="已在任务中">{preview.data?.alreadyAssigned ?? '…'}</Descriptions.Item>
          <Descriptions.Item label="非在职">{preview.data?.notActive ?? '…'}</Descriptions.Item>
          <Descriptions.Item label="剩余名额">{preview.data?.placesLeft ?? '…'}</Descriptions.Item>
          <Descriptions.Item label="每人约定金额">
            {preview.data ? formatMoney(preview.data.agreedFen) : '…'}
          </Descriptions.Item>
        </Descriptions>
      )}
      <Form layout="inline" style={{ marginTop: 16 }}>
        <Form.Item label="修改约定金额" extra="不填按任务的结算方式和单价计算">
          <InputNumber
            min={0.01}
            max={100_000_000}
            precision={2}
            prefix="¥"
            suffix="元/人"
            value={agreedYuan}
            onChange={(v) => setAgreedYuan(v)}
            style={{ width: 200 }}
          />
        </Form.Item>
      </Form>
      {preview.data && preview.data.assigned > preview.data.placesLeft && (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 16 }}
          title={`将添加 ${preview.data.assigned} 人，超出剩余名额 ${preview.data.placesLeft} 人，请减少人员或先修改招募人数`}
        />
      )}
      <Flex justify="flex-end" gap={8} style={{ marginTop: 16 }}>
        <Button onClick={onBack}>上一步</Button>
        <Button
          type="primary"
          loading={assign.isPending}
          disabled={!preview.data?.assigned}
          onClick={() => void onConfirm().catch(() => undefined)}
        >
          确认添加
        </Button>
      </Flex>
    </>
  );
}
