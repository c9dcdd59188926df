import { TASK_AUTO_START_RULE, TASK_TRANSITIONS, type TTaskAction } from '@flexpay/contract/web';
import { App, Button, Form, Modal, Popconfirm } from 'antd';
import { useState } from 'react';
import { TrimmedTextArea } from '../../../components/trimmed-text-area.tsx';
import { useHasElement } from '../../../lib/session-store.ts';
import { useMoveTask } from '../api/move-task.ts';
import { TASK_ELEMENTS } from '../elements.ts';

const CONFIRM_TEXT: Record<Exclude<TTaskAction, 'cancel'>, string> = {
  publish: '发布后可以选择人员。',
  start: `现在开始执行，不等人员接单。${TASK_AUTO_START_RULE}。`,
  finish: '结束作业后不能再记录接单，进入成果验收。',
  complete: '完成后任务不能再修改。',
};

/**
 * The task's transitions the admin may take: `actions` are those allowed now (by the status, or
 * the detail's conditions), shown only when the admin holds the action's element. 取消任务 asks
 * for a reason.
 */
export function TaskActionButtons({
  taskId,
  actions,
  size = 'small',
  link = true,
}: {
  taskId: number;
  actions: readonly TTaskAction[];
  size?: 'small' | 'middle';
  link?: boolean;
}) {
  const { message } = App.useApp();
  const moveTask = useMoveTask();
  const canPublish = useHasElement(TASK_ELEMENTS.publish);
  const canReview = useHasElement(TASK_ELEMENTS.review);
  const [cancelling, setCancelling] = useState(false);
  const holds = (a: TTaskAction) => (TASK_TRANSITIONS[a].element === 'task:review' ? canReview : canPublish);
  const shown = actions.filter(holds);
  const type = link ? 'link' : 'default';

  const run = async (action: TTaskAction) => {
    await moveTask.mutateAsync({ id: taskId, action });
    void message.success(`${TASK_TRANSITIONS[action].label}成功`);
  };

  return (
    <>
      {shown.map((action) =>
        action === 'cancel' ? (
          <Button key={action} type={type} size={size} danger onClick={() => setCancelling(true)}>
            {TASK_TRANSITIONS.cancel.label}
          </Button>
        ) : (
          <Popconfirm
            key={action}
            title={`确定${TASK_TRANSITIONS[action].label}？`}
            description={CONFIRM_TEXT[action]}
            okText={TASK_TRANSITIONS[action].label}
            onConfirm={() => run(action).catch(() => undefined)}
          >
            <Button type={action === 'publish' && !link ? 'primary' : type} size={size}>
              {TASK_TRANSITIONS[action].label}
            </Button>
          </Popconfirm>
        ),
      )}
      {cancelling && <CancelTaskDialog taskId={taskId} onClose={() => setCancelling(false)} />}
    </>
  );
}

function CancelTaskDialog({ taskId, onClose }: { taskId: number; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const moveTask = useMoveTask();
  const onOk = async () => {
    const { reason } = await form.validateFields();
    await moveTask.mutateAsync({ id: taskId, action: 'cancel', reason });
    void message.success('任务已取消');
    onClose();
  };
  return (
    <Modal
      open
      title="取消任务"
      okText="取消任务"
      cancelText="返回"
      okButtonProps={{ danger: true, loading: moveTask.isPending }}
      onOk={() => void onOk().catch(() => undefined)}
      onCancel={onClose}
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="reason"
          label="取消原因"
          rules={[
            { required: true, whitespace: true, message: '请填写取消原因' },
            { max: 200, message: '取消原因最多 200 个字' },
          ]}
        >
          <TrimmedTextArea rows={3} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
