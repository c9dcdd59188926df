import {
  ASSIGNMENT_STATUS_LABELS,
  TASK_DELIVERABLE_STATUSES,
  TASK_QUANTITY_MAX,
  TASK_SETTLEMENT_UNITS,
  screenPath,
  type TAssignmentDetail,
  type TUploadedFile,
} from '@flexpay/contract/web';
import { Alert, App, Button, Card, Descriptions, Form, InputNumber, Result, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { applyFieldErrors } from '../../../components/apply-field-errors.ts';
import { QueryState } from '../../../components/load-state.tsx';
import { RemoteSelect } from '../../../components/remote-select.tsx';
import { TrimmedTextArea } from '../../../components/trimmed-text-area.tsx';
import { formatMoney } from '../../../lib/format.ts';
import type { TRemoteOptions } from '../../../lib/list-filters.ts';
import { useDeliver } from '../api/deliver.ts';
import { getAssignments } from '../api/get-assignments.ts';
import { getAssignment, useAssignment } from '../api/get-assignment.ts';
import { getTask, useTask } from '../api/get-task.ts';
import { getTasks } from '../api/get-tasks.ts';
import { AssignmentStatusTag, DeliveryStatusTag } from '../components/task-format.tsx';
import { TaskFilesUpload } from '../components/task-files.tsx';
import { useIdParam } from '../../../lib/use-id-param.ts';
import { keepTaskId, keptTaskId } from '../components/use-task-id.ts';

/**
 * 上传成果 (/taskOrderManage/uploadAchievement?assignmentId=): a worker's delivery (files and a
 * description, the quantity for 按件/按时), or 重新提交 after a rejection. Opened from the menu,
 * it first asks for the task and the worker.
 */
export function Component() {
  const assignmentId = useIdParam('assignmentId');
  return (
    <Card title="上传成果">
      {assignmentId === undefined ? <PickAssignment /> : <DeliveryForm assignmentId={assignmentId} />}
    </Card>
  );
}

/** Options found per search: the first ones of each status, the user narrows by typing. */
const PICK_LIMIT = 20;

/** Tasks running or being accepted whose title contains what was typed. */
const deliverableTasks: TRemoteOptions = {
  queryKey: ['tasks', 'deliverableTasks'],
  search: async (keyword) => {
    const pages = await Promise.all(
      TASK_DELIVERABLE_STATUSES.map((status) =>
        getTasks({ page: 1, limit: PICK_LIMIT, status, ...(keyword ? { title: keyword } : {}) }),
      ),
    );
    return pages.flatMap((p) => p.rows).map((t) => ({ value: t.id, label: `${t.taskNo} ${t.title}` }));
  },
  resolve: async (id) => {
    const t = await getTask(id);
    return { value: t.id, label: `${t.taskNo} ${t.title}` };
  },
};

/** The task's workers who may deliver (已接单, 已驳回) whose name starts with what was typed. */
const deliverableWorkers = (taskId: number): TRemoteOptions => ({
  queryKey: ['tasks', 'deliverableWorkers', taskId],
  search: async (keyword) => {
    const pages = await Promise.all(
      (['accepted', 'rejected'] as const).map((status) =>
        getAssignments(taskId, { page: 1, limit: PICK_LIMIT, status, ...(keyword ? { name: keyword } : {}) }),
      ),
    );
    return pages
      .flatMap((p) => p.rows)
      .map((a) => ({
        value: a.id,
        label: `${a.workerName}（${a.idNumberMasked}，${ASSIGNMENT_STATUS_LABELS[a.status]}）`,
      }));
  },
  resolve: async (id) => {
    const a = await getAssignment(id);
    return { value: a.id, label: `${a.workerName}（${a.idNumberMasked}）` };
  },
});

/**
 * The task, then the worker: each found by the server as the user types (a task may have
 * 100,000 workers), the first ones shown when the list opens.
 */
function PickAssignment() {
  const [, setParams] = useSearchParams();
  // The task the task screens were on, when opened without a worker (the menu, a lost query).
  const [taskId, setTaskId] = useState<number | undefined>(keptTaskId);
  return (
    <Form layout="vertical" style={{ maxWidth: 520 }}>
      <Form.Item label="任务" htmlFor="upload-task" extra="进行中、待验收的任务，输入标题搜索">
        <RemoteSelect
          id="upload-task"
          remote={deliverableTasks}
          noun="进行中的任务"
          placeholder="请选择任务"
          value={taskId}
          onChange={setTaskId}
        />
      </Form.Item>
      <Form.Item label="人员" htmlFor="upload-worker" extra="已接单或成果被驳回的人员，输入姓名搜索">
        {taskId === undefined ? (
          <Select id="upload-worker" placeholder="请先选择任务" disabled />
        ) : (
          <RemoteSelect
            key={taskId}
            id="upload-worker"
            remote={deliverableWorkers(taskId)}
            noun="可上传成果的人员"
            placeholder="请选择人员"
            onChange={(id) => {
              if (id !== undefined) setParams({ assignmentId: String(id) });
            }}
          />
        )}
      </Form.Item>
    </Form>
  );
}

interface TDeliveryValues {
  description: string;
  files: TUploadedFile[];
  quantity: number | null;
}

function DeliveryForm({ assignmentId }: { assignmentId: number }) {
  const navigate = useNavigate();
  const assignment = useAssignment(assignmentId);
  const back = <Button onClick={() => void navigate(screenPath('taskCenterIndex'))}>返回任务中心</Button>;
  if (!assignment.data) return <QueryState query={assignment} notFound="任务人员不存在" extra={back} />;
  return <DeliveryFormOf assignment={assignment.data} />;
}

function DeliveryFormOf({ assignment: a }: { assignment: TAssignmentDetail }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<TDeliveryValues>();
  const task = useTask(a.taskId);
  useEffect(() => keepTaskId(a.taskId), [a.taskId]);
  const deliver = useDeliver();
  const settlement = task.data?.settlement;
  const latest = a.deliveries[0];
  const canDeliver =
    (a.status === 'accepted' || a.status === 'rejected') && TASK_DELIVERABLE_STATUSES.includes(a.taskStatus);

  const onFinish = async (v: TDeliveryValues) => {
    try {
      await deliver.mutateAsync({
        id: a.id,
        body: {
          description: v.description,
          fileIds: v.files.map((f) => f.id),
          ...(v.quantity ? { quantity: v.quantity } : {}),
        },
      });
    } catch (error) {
      applyFieldErrors(form, error, { description: 'description', fileIds: 'files', quantity: 'quantity' });
      return;
    }
    void message.success('成果已提交');
    await navigate(screenPath('taskOrderDetails', { id: a.taskId }));
  };

  return (
    <>
      <Descriptions column={3} size="small" style={{ marginBottom: 16 }}>
        <Descriptions.Item label="任务">{`${a.taskNo} ${a.taskTitle}`}</Descriptions.Item>
        <Descriptions.Item label="人员">{`${a.workerName}（${a.idNumberMasked}）`}</Descriptions.Item>
        <Descriptions.Item label="状态">
          <AssignmentStatusTag status={a.status} />
        </Descriptions.Item>
        <Descriptions.Item label="约定金额">{formatMoney(a.agreedFen)}</Descriptions.Item>
        {latest && (
          <Descriptions.Item label="上一轮">
            <Space>
              {`第 ${latest.round} 轮`}
              <DeliveryStatusTag status={latest.status} />
            </Space>
          </Descriptions.Item>
        )}
      </Descriptions>
      {latest?.rejectReason && (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={`上一轮被驳回：${latest.rejectReason}`} />
      )}
      {!canDeliver ? (
        <Result
          status="info"
          title={`${ASSIGNMENT_STATUS_LABELS[a.status]}的人员不能上传成果`}
          subTitle="只有已接单、成果被驳回的人员，在任务进行中或待验收时可以上传成果"
          extra={
            <Button onClick={() => void navigate(screenPath('taskOrderDetails', { id: a.taskId }))}>
              查看任务详情
            </Button>
          }
        />
      ) : (
        <Form<TDeliveryValues>
          form={form}
          labelCol={{ flex: '100px' }}
          style={{ maxWidth: 720 }}
          initialValues={{ description: '', files: [], quantity: null }}
          onFinish={(v) => void onFinish(v)}
        >
          <Form.Item
            name="description"
            label="成果说明"
            dependencies={['files']}
            rules={[
              { max: 2000, message: '成果说明最多 2000 个字' },
              ({ getFieldValue }) => ({
                validator: (_, text: string) =>
                  text || (getFieldValue('files') as TUploadedFile[]).length
                    ? Promise.resolve()
                    : Promise.reject(new Error('请填写成果说明或上传成果文件')),
              }),
            ]}
          >
            <TrimmedTextArea rows={4} maxLength={2000} showCount />
          </Form.Item>
          <Form.Item name="files" label="成果文件">
            <TaskFilesUpload buttonText="上传成果文件" />
          </Form.Item>
          {settlement && settlement !== 'fixed' && (
            <Form.Item name="quantity" label="完成数量" extra="不填按约定金额结算">
              <InputNumber
                min={0.01}
                max={TASK_QUANTITY_MAX}
                precision={2}
                suffix={TASK_SETTLEMENT_UNITS[settlement]}
                style={{ width: 180 }}
              />
            </Form.Item>
          )}
          <Form.Item label=" " colon={false}>
            <Space>
              <Button type="primary" htmlType="submit" loading={deliver.isPending}>
                {a.status === 'rejected' ? '重新提交' : '提交成果'}
              </Button>
              <Button onClick={() => void navigate(screenPath('taskOrderDetails', { id: a.taskId }))}>取消</Button>
            </Space>
          </Form.Item>
        </Form>
      )}
    </>
  );
}
