import {
  PAYROLL_CANCELLABLE_STATUSES,
  PAYROLL_EDITABLE_STATUSES,
  PAYROLL_WITHDRAWABLE_STATUSES,
  screenPath,
} from '@flexpay/contract/web';
import { App, Button, Card, Empty, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Permission } from '../../../components/permission.tsx';
import { useTabDetail } from '../../../lib/use-tab-detail.ts';
import { useBatch } from '../api/get-batch.ts';
import { useWithdrawBatch } from '../api/withdraw-batch.ts';
import { ApprovalPanel } from '../components/approval-timeline.tsx';
import { BatchSummary } from '../components/batch-summary.tsx';
import { CancelBatchDialog } from '../components/cancel-batch-dialog.tsx';
import { PAYROLL_ELEMENTS } from '../elements.ts';
import { QueryState } from '../../../components/load-state.tsx';
import { useIdParam } from '../../../lib/use-id-param.ts';

/**
 * 发放详情 (/EmolumentManagement/emolumentGrantDetails?id=): the batch, its approval and what the
 * viewer may do (同意/驳回 as an approver of the current step, 核对, 撤回 while in approval, 取消).
 */
export function Component() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const withdraw = useWithdrawBatch();
  const id = useIdParam() ?? 0; // 0: no batch, its reads stay idle
  const batch = useBatch(id);
  useTabDetail(batch.data?.title);
  const [cancelling, setCancelling] = useState(false);
  if (!batch.data)
    return (
      <QueryState
        query={batch}
        notFound="发放批次不存在"
        frame={['发放详情', '审批记录']}
        loadingLabel="正在加载发放批次…"
        extra={<Button onClick={() => void navigate(screenPath('emolumentGrant'))}>返回薪酬发放</Button>}
      />
    );
  const b = batch.data;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title="发放详情"
        extra={
          <Space>
            <Button onClick={() => void navigate(screenPath('emolumentDetail', { id: b.id }))}>发放明细</Button>
            {PAYROLL_EDITABLE_STATUSES.includes(b.status) && (
              <Permission element={PAYROLL_ELEMENTS.check}>
                <Button type="primary" onClick={() => void navigate(screenPath('emolumentCheck', { id: b.id }))}>
                  核对
                </Button>
              </Permission>
            )}
            {PAYROLL_WITHDRAWABLE_STATUSES.includes(b.status) && (
              <Permission element={PAYROLL_ELEMENTS.check}>
                <Popconfirm
                  title="撤回审批？"
                  description="批次回到待确认，审批结束，可修改后重新提交。"
                  okText="撤回"
                  onConfirm={async () => {
                    try {
                      await withdraw.mutateAsync(b.id);
                      void message.success('已撤回，批次回到待确认');
                    } catch {
                      // the request layer has shown why
                    }
                  }}
                >
                  <Button loading={withdraw.isPending}>撤回审批</Button>
                </Popconfirm>
              </Permission>
            )}
            {PAYROLL_CANCELLABLE_STATUSES.includes(b.status) && (
              <Permission element={PAYROLL_ELEMENTS.check}>
                <Button danger onClick={() => setCancelling(true)}>
                  取消批次
                </Button>
              </Permission>
            )}
          </Space>
        }
      >
        <BatchSummary batch={b} />
      </Card>
      <Card title="审批记录">
        {b.approval ? (
          <ApprovalPanel approval={b.approval} />
        ) : (
          <Empty description={b.status === 'to_pay' ? '金额未达审批门槛，无需审批' : '尚未提交审批'} />
        )}
      </Card>
      <CancelBatchDialog batch={b} open={cancelling} onClose={() => setCancelling(false)} />
    </Space>
  );
}
