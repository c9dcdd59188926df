import { PAYROLL_STATUS_LABELS, screenPath } from '@flexpay/contract/web';
import { Button, Card, Result } from 'antd';
import { useNavigate } from 'react-router';
import { formatMoney } from '../../../lib/format.ts';
import { useTabDetail } from '../../../lib/use-tab-detail.ts';
import { useBatch } from '../api/get-batch.ts';
import { ApprovalSteps } from '../components/approval-timeline.tsx';
import { QueryState } from '../../../components/load-state.tsx';
import { useIdParam } from '../../../lib/use-id-param.ts';

/** 核验结果 (/EmolumentManagement/checkVerify?id=): where a submitted batch went. */
export function Component() {
  const navigate = useNavigate();
  const id = useIdParam() ?? 0; // 0: no batch, its reads stay idle
  const batch = useBatch(id);
  useTabDetail(batch.data?.title);
  if (!batch.data) return <QueryState query={batch} notFound="发放批次不存在" />;
  const b = batch.data;
  const approving = b.status === 'approving';
  const toPay = b.status === 'to_pay';
  return (
    <Card>
      <Result
        status={approving || toPay ? 'success' : 'info'}
        title={
          approving ? '已提交审批' : toPay ? '核对确认完成，待支付' : `批次当前状态：${PAYROLL_STATUS_LABELS[b.status]}`
        }
        subTitle={`${b.batchNo} ${b.title}：${b.itemCount} 人，扣款合计 ${formatMoney(b.debitFen)}${
          approving && b.approval ? `，共 ${b.approval.stepCount} 步审批，当前第 ${b.approval.currentStep} 步` : ''
        }`}
        extra={[
          <Button
            type="primary"
            key="detail"
            onClick={() => void navigate(screenPath('emolumentGrantDetails', { id: b.id }))}
          >
            查看发放详情
          </Button>,
          <Button key="list" onClick={() => void navigate(screenPath('emolumentGrant'))}>
            返回薪酬发放
          </Button>,
        ]}
      >
        {b.approval && (
          <div style={{ maxWidth: 720, margin: '0 auto' }}>
            <ApprovalSteps approval={b.approval} />
          </div>
        )}
      </Result>
    </Card>
  );
}
