import {
  APPROVAL_DECISION_LABELS,
  APPROVAL_STATUS_LABELS,
  APPROVAL_STEP_MODE_LABELS,
  type TApprovalRequest,
} from '@flexpay/contract/web';
import { App, Button, Descriptions, Drawer, Popconfirm, Space, Steps, Tag, Typography } from 'antd';
import { QueryState } from '../../../components/load-state.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { useTopup } from '../api/get-topup.ts';
import { useWithdrawTopup } from '../api/withdraw-topup.ts';
import { TopupStatusTag } from './money-format.tsx';
import { TopupVoucher } from './topup-voucher.tsx';

const APPROVAL_COLOR: Record<TApprovalRequest['status'], string> = {
  pending: 'processing',
  approved: 'success',
  rejected: 'error',
  withdrawn: 'default',
};
const STEPS_STATUS: Record<TApprovalRequest['status'], 'wait' | 'process' | 'finish' | 'error'> = {
  pending: 'process',
  approved: 'finish',
  rejected: 'error',
  withdrawn: 'wait',
};

/** The company's approval of a top-up: each step's approvers and who decided, with their comments. */
function TopupApproval({ approval }: { approval: TApprovalRequest }) {
  const rejectedAt = approval.actions.find((a) => a.decision === 'reject')?.step;
  const current = rejectedAt ?? (approval.status === 'pending' ? approval.currentStep : approval.stepCount + 1);
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Space wrap>
        <Tag color={APPROVAL_COLOR[approval.status]}>{APPROVAL_STATUS_LABELS[approval.status]}</Tag>
        <Typography.Text type="secondary">发起于 {formatDateTime(approval.createdAt)}</Typography.Text>
      </Space>
      <Steps
        size="small"
        orientation="vertical"
        current={current - 1}
        status={STEPS_STATUS[approval.status]}
        items={approval.steps.map((step, i) => {
          const decided = approval.actions.filter((a) => a.step === i + 1);
          const who = `${step.approvers.map((a) => a.name).join('、')}${
            step.approvers.length > 1 ? `（${APPROVAL_STEP_MODE_LABELS[step.mode]}）` : ''
          }`;
          return {
            title: `第 ${i + 1} 步：${who}`,
            content: decided.length ? (
              decided.map((a) => (
                <div key={`${a.adminId}-${a.createdAt}`}>
                  {a.adminName} {APPROVAL_DECISION_LABELS[a.decision]}（{formatDateTime(a.createdAt)}）
                  {a.comment && `：${a.comment}`}
                </div>
              ))
            ) : (
              <Typography.Text type="secondary">
                {approval.status === 'pending' && i + 1 === approval.currentStep ? '审批中' : '未审批'}
              </Typography.Text>
            ),
          };
        })}
      />
    </Space>
  );
}

/**
 * 充值详情 from 充值记录: the top-up's fields and status, its approval in the company's flow,
 * its transfer voucher, and 撤回 while it is 审批中 or 待确认 (for its submitter or an admin
 * holding 账户充值; the server decides, the button follows its `canWithdraw`).
 */
export function TopupDrawer({
  id,
  open,
  onClose,
  afterClose,
}: {
  id: number;
  open: boolean;
  onClose: () => void;
  afterClose?: () => void;
}) {
  const { message } = App.useApp();
  const detail = useTopup(id);
  const withdraw = useWithdrawTopup();
  const topup = detail.data;

  const onWithdraw = async () => {
    try {
      await withdraw.mutateAsync(id);
      void message.success('充值已撤回');
    } catch {
      // the request layer has shown why; the detail reloads to show where the top-up is
      void detail.refetch();
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      afterOpenChange={(visible) => {
        if (!visible) afterClose?.();
      }}
      size={720}
      destroyOnHidden
      title={
        <Space>
          <span>充值详情</span>
          {topup && <TopupStatusTag status={topup.status} />}
        </Space>
      }
      extra={
        topup?.canWithdraw ? (
          <Popconfirm
            title="撤回充值"
            description={
              <div style={{ maxWidth: 300 }}>
                撤回后平台不再处理这笔充值{topup.status === 'approving' ? '，进行中的审批随之结束' : ''}
                ；如已转账，请重新提交充值或联系平台。确定撤回？
              </div>
            }
            okText="撤回"
            okButtonProps={{ danger: true, loading: withdraw.isPending }}
            cancelText="取消"
            onConfirm={() => onWithdraw()}
          >
            <Button danger loading={withdraw.isPending}>
              撤回
            </Button>
          </Popconfirm>
        ) : null
      }
    >
      {!topup ? (
        <QueryState query={detail} notFound="充值记录不存在" />
      ) : (
        topup && (
          <Space orientation="vertical" size={24} style={{ width: '100%' }}>
            <Descriptions column={2} size="small" bordered>
              <Descriptions.Item label="充值金额" span={2}>
                <Typography.Text strong style={{ fontSize: 18 }}>
                  {formatMoney(topup.amountFen)}
                </Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label="服务商" span={2}>
                {topup.serviceCompanyName}
              </Descriptions.Item>
              <Descriptions.Item label="付款银行">{topup.payer.bank}</Descriptions.Item>
              <Descriptions.Item label="付款户名">{topup.payer.accountName}</Descriptions.Item>
              <Descriptions.Item label="付款账号" span={2}>
                {topup.payer.accountNo}
              </Descriptions.Item>
              <Descriptions.Item label="状态">
                <TopupStatusTag status={topup.status} />
              </Descriptions.Item>
              <Descriptions.Item label="提交人">{topup.createdByName || '—'}</Descriptions.Item>
              <Descriptions.Item label="提交时间">{formatDateTime(topup.createdAt)}</Descriptions.Item>
              <Descriptions.Item label={topup.status === 'withdrawn' ? '撤回时间' : '处理时间'}>
                {formatDateTime(topup.decidedAt)}
              </Descriptions.Item>
              {topup.rejectReason && (
                <Descriptions.Item label="驳回原因" span={2}>
                  <Typography.Text type="danger">{topup.rejectReason}</Typography.Text>
                </Descriptions.Item>
              )}
              <Descriptions.Item label="备注" span={2}>
                {topup.remark || '—'}
              </Descriptions.Item>
            </Descriptions>
            <div>
              <Typography.Title level={5}>审批</Typography.Title>
              {topup.approval ? (
                <TopupApproval approval={topup.approval} />
              ) : (
                <Typography.Text type="secondary">无需公司内部审批，提交后直接由平台确认。</Typography.Text>
              )}
            </div>
            <div>
              <Typography.Title level={5}>转账凭证</Typography.Title>
              <TopupVoucher fileId={topup.voucherFileId} />
            </div>
          </Space>
        )
      )}
    </Drawer>
  );
}
