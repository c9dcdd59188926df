import {
  APPROVAL_STEP_MODE_LABELS,
  FEE_BEARER_LABELS,
  PAYROLL_STATUS_LABELS,
  screenPath,
  type TApprovalPreview,
} from '@flexpay/contract/web';
import { Alert, App, Button, Card, Descriptions, Space, Spin, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { Permission } from '../../../components/permission.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { useHasElement } from '../../../lib/session-store.ts';
import { useBalances } from '../../../api/get-balances.ts';
import { useTabDetail } from '../../../lib/use-tab-detail.ts';
import { useBatch } from '../api/get-batch.ts';
import { useSubmitPreview } from '../api/get-submit-preview.ts';
import { useSubmitBatch } from '../api/submit-batch.ts';
import { formatRate } from '../components/payroll-format.tsx';
import { PAYROLL_ELEMENTS } from '../elements.ts';
import { QueryState } from '../../../components/load-state.tsx';
import { useIdParam } from '../../../lib/use-id-param.ts';

/** 核对确认 (/EmolumentManagement/emolumentCheckVerify?id=): the totals against the balance, then submit. */
export function Component() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const id = useIdParam() ?? 0; // 0: no batch, its reads stay idle
  const batch = useBatch(id);
  useTabDetail(batch.data?.title);
  // The balance needs 资金管理's view element (人事专员 submits batches without it).
  const canSeeBalance = useHasElement('money:view');
  const balances = useBalances(canSeeBalance);
  const submit = useSubmitBatch();
  const preview = useSubmitPreview(id, batch.data?.status === 'confirming');

  if (!batch.data) return <QueryState query={batch} notFound="发放批次不存在" />;
  const b = batch.data;
  const available = balances.data?.find((x) => x.serviceCompanyId === b.serviceCompanyId)?.availableFen ?? 0;
  const short = canSeeBalance && balances.data ? b.debitFen - available : 0;

  const onSubmit = async () => {
    try {
      const done = await submit.mutateAsync(b.id);
      void message.success(done.status === 'approving' ? '已提交审批' : '核对确认完成，待支付');
      await navigate(screenPath('checkVerify', { id: b.id }));
    } catch {
      // the request layer has shown why
    }
  };

  return (
    <Card title="核对确认">
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        {b.status === 'draft' || b.status === 'checking' ? (
          <Alert
            type="warning"
            showIcon
            title={`批次当前为“${PAYROLL_STATUS_LABELS[b.status]}”，尚未全部核对通过，不能提交`}
            action={
              <Button size="small" onClick={() => void navigate(screenPath('emolumentCheck', { id: b.id }))}>
                去核对
              </Button>
            }
          />
        ) : b.status !== 'confirming' ? (
          <Alert
            type="info"
            showIcon
            title={`该批次已过核对确认，当前为“${PAYROLL_STATUS_LABELS[b.status]}”`}
            action={
              <Button size="small" onClick={() => void navigate(screenPath('emolumentGrantDetails', { id: b.id }))}>
                查看发放详情
              </Button>
            }
          />
        ) : null}
        <Descriptions bordered column={2} size="middle">
          <Descriptions.Item label="批次">{`${b.batchNo} ${b.title}`}</Descriptions.Item>
          <Descriptions.Item label="服务商">{b.serviceCompanyName}</Descriptions.Item>
          <Descriptions.Item label="发放人数">{b.itemCount} 人</Descriptions.Item>
          <Descriptions.Item label="应发合计">{formatMoney(b.amountFen)}</Descriptions.Item>
          <Descriptions.Item label="服务费">
            {formatMoney(b.feeFen)}（费率 {formatRate(b.feeRateBp)}，
            {b.feeBearer ? FEE_BEARER_LABELS[b.feeBearer] : '-'}）
          </Descriptions.Item>
          <Descriptions.Item label="实发合计">{formatMoney(b.netFen)}</Descriptions.Item>
          <Descriptions.Item label="扣款合计">
            <Typography.Text strong style={{ fontSize: 16 }}>
              {formatMoney(b.debitFen)}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="可用余额">
            {canSeeBalance ? formatMoney(available) : <Typography.Text type="secondary">无权查看</Typography.Text>}
          </Descriptions.Item>
        </Descriptions>
        {short > 0 && (
          <Alert
            type="warning"
            showIcon
            title={`可用余额不足，还差 ${formatMoney(short)}`}
            description="可以先提交审批；支付时余额须足以支付扣款合计，请及时充值。"
          />
        )}
        {b.status === 'confirming' && <SubmitOutcome preview={preview.data} failed={preview.isError} />}
        <Space>
          <Permission element={PAYROLL_ELEMENTS.check}>
            <Button
              type="primary"
              disabled={b.status !== 'confirming' || !!preview.data?.blocked}
              loading={submit.isPending}
              onClick={() => void onSubmit()}
            >
              确认提交
            </Button>
          </Permission>
          <Button onClick={() => void navigate(screenPath('emolumentCheck', { id: b.id }))}>返回核对明细</Button>
          <Button onClick={() => void navigate(screenPath('emolumentCheckList'))}>返回列表</Button>
        </Space>
      </Space>
    </Card>
  );
}

/** What 确认提交 will do, said before it: straight to 待支付, or the approval and its approvers. */
function SubmitOutcome({ preview, failed }: { preview: TApprovalPreview | undefined; failed: boolean }) {
  if (failed) return <Alert type="warning" showIcon title="未能读取审批流程，提交后将按企业的发放审批流程处理" />;
  if (!preview) return <Spin size="small" />;
  if (preview.blocked) return <Alert type="error" showIcon title="不能提交" description={preview.blocked} />;
  if (!preview.required) {
    return (
      <Alert
        type="success"
        showIcon
        title="提交后无需审批，直接进入待支付"
        description={
          preview.thresholdFen !== null ? `扣款合计低于发放审批金额 ${formatMoney(preview.thresholdFen)}` : undefined
        }
      />
    );
  }
  return (
    <Alert
      type="info"
      showIcon
      title={`提交后需审批（扣款合计不低于 ${formatMoney(preview.thresholdFen ?? 0)}），审批通过后进入待支付`}
      description={
        <ol style={{ margin: 0, paddingLeft: 20 }}>
          {preview.steps.map((s, i) => (
            <li key={i}>
              第 {i + 1} 步（{APPROVAL_STEP_MODE_LABELS[s.mode]}）：{s.approvers.map((a) => a.name).join('、')}
            </li>
          ))}
        </ol>
      }
    />
  );
}
