import {
  APPROVAL_DECISION_LABELS,
  APPROVAL_STATUS_LABELS,
  APPROVAL_STEP_MODE_LABELS,
  type TApprovalRequest,
} from '@flexpay/contract/web';
import { App, Button, Form, Modal, Space, Steps, Tag, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { useDecideApproval } from '../api/decide-approval.ts';
import { TrimmedTextArea } from '../../../components/trimmed-text-area.tsx';

type TStatus = TApprovalRequest['status'];
/** How the steps show an approval's state, and its tag's colour. */
const STEPS_STATUS: Record<TStatus, 'wait' | 'process' | 'finish' | 'error'> = {
  pending: 'process',
  approved: 'finish',
  rejected: 'error',
  withdrawn: 'wait',
};
const STATUS_COLOR: Record<TStatus, string> = {
  pending: 'processing',
  approved: 'success',
  rejected: 'error',
  withdrawn: 'default',
};

/** An approval's steps: done, current (or where it was rejected), to come; who decided each step. */
export function ApprovalSteps({ approval }: { approval: TApprovalRequest }) {
  const current = approval.status === 'pending' ? approval.currentStep - 1 : approval.stepCount;
  const rejectedAt = approval.actions.find((a) => a.decision === 'reject')?.step;
  return (
    <Steps
      size="small"
      current={rejectedAt !== undefined ? rejectedAt - 1 : current}
      status={STEPS_STATUS[approval.status]}
      items={Array.from({ length: approval.stepCount }, (_, i) => {
        const decided = approval.actions.filter((a) => a.step === i + 1);
        const step = approval.steps[i];
        const waiting = i + 1 === approval.currentStep && approval.status === 'pending';
        // Who is to decide: the step's approvers, fixed when the approval started.
        const who = step
          ? `${step.approvers.map((a) => a.name).join('、')}${step.approvers.length > 1 ? `（${APPROVAL_STEP_MODE_LABELS[step.mode]}）` : ''}`
          : '';
        return {
          title: `第 ${i + 1} 步`,
          content: (
            <Space orientation="vertical" size={0}>
              {decided.length > 0 && (
                <span>{decided.map((a) => `${a.adminName} ${APPROVAL_DECISION_LABELS[a.decision]}`).join('、')}</span>
              )}
              {(decided.length === 0 || waiting) && (
                <Typography.Text type="secondary">
                  {waiting ? '审批中' : '待审批'}
                  {who && `：${who}`}
                </Typography.Text>
              )}
            </Space>
          ),
        };
      })}
    />
  );
}

/** A batch's approval: its steps, the decisions so far, and 同意/驳回 for an approver of the current step. */
export function ApprovalPanel({ approval }: { approval: TApprovalRequest }) {
  const { message } = App.useApp();
  const decide = useDecideApproval();
  const [deciding, setDeciding] = useState<'approve' | 'reject' | undefined>();
  const [form] = Form.useForm<{ comment: string }>();
  const onOk = async () => {
    if (!deciding) return;
    // An invalid form shows its messages under the fields.
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    const { comment } = values;
    try {
      await decide.mutateAsync({ id: approval.id, decision: deciding, comment: comment ?? '' });
      void message.success(deciding === 'approve' ? '已同意' : '已驳回');
      setDeciding(undefined);
      form.resetFields();
    } catch {
      // the request layer has shown why
    }
  };

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Space>
        <Typography.Text>审批状态</Typography.Text>
        <Tag color={STATUS_COLOR[approval.status]}>{APPROVAL_STATUS_LABELS[approval.status]}</Tag>
        <Typography.Text type="secondary">
          发起人 {approval.creator.name}，{formatDateTime(approval.createdAt)}
        </Typography.Text>
      </Space>
      <ApprovalSteps approval={approval} />
      {approval.actions.length > 0 && (
        <Timeline
          items={approval.actions.map((a) => ({
            color: a.decision === 'approve' ? 'green' : 'red',
            content: (
              <Space orientation="vertical" size={0}>
                <span>
                  第 {a.step} 步 · {a.adminName} · {APPROVAL_DECISION_LABELS[a.decision]}
                </span>
                {a.comment && <Typography.Text type="secondary">意见：{a.comment}</Typography.Text>}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {formatDateTime(a.createdAt)}
                </Typography.Text>
              </Space>
            ),
          }))}
        />
      )}
      {approval.status === 'pending' && !approval.canDecide && (
        <Typography.Text type="secondary">等待第 {approval.currentStep} 步的审批人处理。</Typography.Text>
      )}
      {approval.canDecide && (
        <Space>
          <Button type="primary" onClick={() => setDeciding('approve')}>
            同意
          </Button>
          <Button danger onClick={() => setDeciding('reject')}>
            驳回
          </Button>
        </Space>
      )}
      <Modal
        open={deciding !== undefined}
        title={deciding === 'approve' ? '同意发放' : '驳回发放'}
        okText={deciding === 'approve' ? '同意' : '驳回'}
        okButtonProps={{ danger: deciding === 'reject', loading: decide.isPending }}
        onOk={() => void onOk()}
        onCancel={() => setDeciding(undefined)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="comment"
            label="审批意见"
            rules={[
              ...(deciding === 'reject' ? [{ required: true, whitespace: true, message: '请填写驳回原因' }] : []),
              { max: 200, message: '最多 200 个字' },
            ]}
          >
            <TrimmedTextArea rows={3} placeholder={deciding === 'reject' ? '请填写驳回原因' : '选填'} />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
