import { PAYOUT_RECONCILING_NOTE, screenPath, type TPayrollBatch, type TPayrollItem } from '@flexpay/contract/web';
import { Alert, Button, Card, Table, Typography, type TableColumnsType } from 'antd';
import { useNavigate } from 'react-router';
import { formatMoney } from '../../../lib/format.ts';
import { useHasElement } from '../../../lib/session-store.ts';
import { useItems } from '../api/get-items.ts';
import { PAYROLL_ELEMENTS } from '../elements.ts';
import { channelLabel, WorkerName } from './payroll-format.tsx';
import { ReconcilingStatus } from './reconciling-status.tsx';

/** Failed payouts shown on 支付详情 at most (the rest are in 退款中心). */
const SHOWN = 50;

const columns: TableColumnsType<TPayrollItem> = [
  { title: '序号', dataIndex: 'rowNo', width: 70 },
  {
    title: '姓名',
    dataIndex: 'name',
    width: 100,
    render: (name: string, item: TPayrollItem) => <WorkerName name={name} workerId={item.workerId} />,
  },
  {
    title: '收款账户',
    dataIndex: 'account',
    width: 220,
    render: (account: TPayrollItem['account']) =>
      account ? `${channelLabel(account.channel)} ${account.accountMasked}` : '-',
  },
  { title: '实发金额', dataIndex: 'netFen', width: 120, align: 'right', render: formatMoney },
  {
    title: '失败原因',
    dataIndex: 'payFailReason',
    // 对账中 (ADR 0030): the failure is what the platform is checking, its money not back.
    render: (reason: string | null, item: TPayrollItem) =>
      item.reconciling ? <ReconcilingStatus /> : <Typography.Text type="danger">{reason ?? '-'}</Typography.Text>,
  },
];

const REPAY_HINT = '请先在员工详情中修正收款账户，再到退款中心重新支付。';

/**
 * What the card's notice says of the failed payouts: their money is back, except those held by
 * 对账, whose money waits in suspense until the platform has checked them. `held` counts the
 * held ones among the shown rows; `all` says whether every failed payout is shown.
 */
function failureNotice(total: number, held: number, all: boolean) {
  if (held === 0) return { title: `${total} 笔发放支付失败，金额已退回可用余额`, description: REPAY_HINT, repay: true };
  if (all && held === total)
    return { title: `${total} 笔发放支付失败，对账中，平台核实中`, description: PAYOUT_RECONCILING_NOTE, repay: false };
  return {
    title: all
      ? `${total} 笔发放支付失败，其中 ${held} 笔对账中，其余金额已退回可用余额`
      : `${total} 笔发放支付失败，对账中的除外，金额已退回可用余额`,
    description: (
      <>
        <div>对账中的：{PAYOUT_RECONCILING_NOTE}</div>
        <div>其余的{REPAY_HINT}</div>
      </>
    ),
    repay: true,
  };
}

/**
 * 支付详情's failed payouts (a 部分成功 batch, or one still paying): who, why, and the way to
 * 退款中心, where the money waits to be paid again once the account is fixed; one held by 对账
 * says 对账中 in the platform's words instead (its money in suspense, not back).
 */
export function FailedPayouts({ batch }: { batch: TPayrollBatch }) {
  const navigate = useNavigate();
  const mayRefund = useHasElement(PAYROLL_ELEMENTS.refund);
  const failed = useItems({ batchId: batch.id, payStatus: 'failed', page: 1, limit: SHOWN });
  const total = failed.data?.total ?? 0;
  if (!failed.data || total === 0) return null;
  const held = failed.data.rows.filter((i) => i.reconciling).length;
  const notice = failureNotice(total, held, total <= failed.data.rows.length);
  return (
    <Card title={`支付失败 ${total} 笔`}>
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        title={notice.title}
        description={notice.description}
        action={
          mayRefund &&
          notice.repay && (
            <Button size="small" type="primary" onClick={() => void navigate(screenPath('refundCenter'))}>
              去退款中心
            </Button>
          )
        }
      />
      <Table<TPayrollItem>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={failed.data.rows}
        pagination={false}
        footer={total > SHOWN ? () => `仅显示前 ${SHOWN} 笔，全部见退款中心` : undefined}
      />
    </Card>
  );
}
