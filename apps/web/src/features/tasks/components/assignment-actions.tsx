import {
  ASSIGNMENT_AMOUNT_EDITABLE_STATUSES,
  ASSIGNMENT_TRANSITIONS,
  TASK_ANSWERABLE_STATUSES,
  TASK_ASSIGNABLE_STATUSES,
  TASK_DELIVERABLE_STATUSES,
  assignmentActionsFrom,
  screenPath,
  type TAssignment,
} from '@flexpay/contract/web';
import { App, Button, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useHasElement } from '../../../lib/session-store.ts';
import { useAnswerAssignment } from '../api/answer-assignment.ts';
import { useRemoveAssignment } from '../api/remove-assignment.ts';
import { AgreedAmountDialog } from './agreed-amount-dialog.tsx';

/**
 * A worker's actions on its assignment: those its status's transitions allow, while the task's
 * status allows them (answers while it takes workers, deliveries and review while it runs or is
 * being accepted), each only for an admin holding its element. 验收 opens `onReview`.
 */
export function AssignmentActions({
  assignment: a,
  onReview,
  onHistory,
}: {
  assignment: TAssignment;
  onReview: (a: TAssignment) => void;
  onHistory?: (a: TAssignment) => void;
}) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const answer = useAnswerAssignment();
  const remove = useRemoveAssignment();
  const T = ASSIGNMENT_TRANSITIONS;
  const holds = {
    answer: useHasElement(T.accept.element),
    assign: useHasElement(T.remove.element),
    deliver: useHasElement(T.submit.element),
    review: useHasElement(T.pass.element),
  };
  const allowed = assignmentActionsFrom(a.status);
  const answerable = TASK_ANSWERABLE_STATUSES.includes(a.taskStatus);
  const deliverable = TASK_DELIVERABLE_STATUSES.includes(a.taskStatus);
  // 修改约定金额: before any delivery, while the task still takes workers (the server's rule).
  const amountEditable =
    holds.assign &&
    ASSIGNMENT_AMOUNT_EDITABLE_STATUSES.includes(a.status) &&
    TASK_ASSIGNABLE_STATUSES.includes(a.taskStatus);
  const [editingAmount, setEditingAmount] = useState(false);

  const record = async (accept: boolean) => {
    await answer.mutateAsync({ id: a.id, accept });
    void message.success(accept ? '已记录接单' : '已记录拒绝，人员已移出任务');
  };

  return (
    <Space size={0} wrap>
      {amountEditable && (
        <Button type="link" size="small" onClick={() => setEditingAmount(true)}>
          改金额
        </Button>
      )}
      {editingAmount && <AgreedAmountDialog assignment={a} onClose={() => setEditingAmount(false)} />}
      {answerable && holds.answer && allowed.includes('accept') && (
        <Popconfirm
          title={`记录 ${a.workerName} 接单？`}
          description={
            a.taskStatus === 'published' ? `任务「${a.taskTitle}」将随之开始执行（已发布 → 进行中）。` : undefined
          }
          okText="记录接单"
          onConfirm={() => record(true).catch(() => undefined)}
        >
          <Button type="link" size="small">
            接单
          </Button>
        </Popconfirm>
      )}
      {answerable && holds.answer && allowed.includes('decline') && (
        <Popconfirm
          title={`记录 ${a.workerName} 拒绝？`}
          description="拒绝后该人员移出任务，名额空出。"
          okText="记录拒绝"
          onConfirm={() => record(false).catch(() => undefined)}
        >
          <Button type="link" size="small">
            拒绝
          </Button>
        </Popconfirm>
      )}
      {holds.assign && allowed.includes('remove') && (
        <Popconfirm
          title={`移除 ${a.workerName}？`}
          okText="移除"
          okButtonProps={{ danger: true }}
          onConfirm={() =>
            remove
              .mutateAsync(a.id)
              .then(() => void message.success('已移除'))
              .catch(() => undefined)
          }
        >
          <Button type="link" size="small" danger>
            移除
          </Button>
        </Popconfirm>
      )}
      {deliverable && holds.deliver && (allowed.includes('submit') || allowed.includes('resubmit')) && (
        <Button
          type="link"
          size="small"
          onClick={() => void navigate(screenPath('uploadAchievement', { assignmentId: a.id }))}
        >
          {allowed.includes('resubmit') ? '重新提交' : '上传成果'}
        </Button>
      )}
      {deliverable && holds.review && allowed.includes('pass') && (
        <Button type="link" size="small" onClick={() => onReview(a)}>
          验收
        </Button>
      )}
      {onHistory && a.latestDelivery && (
        <Button type="link" size="small" onClick={() => onHistory(a)}>
          成果记录
        </Button>
      )}
    </Space>
  );
}
