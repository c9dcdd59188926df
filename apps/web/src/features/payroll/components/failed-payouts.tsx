import { screenPath, type TPayrollBatch, type TPayrollItem } from '@flexpay/contract/web';
import { Alert, Button, Card, Table, Typography, type TableColumnsType } from 'antd';
import { useNavigate } from 'react-router';
import { formatMoney } from '../../../lib/format.ts';
import { useHasElement } from '../../../lib/session-store.ts';
import { useItems } from '../api/get-items.ts';
import { PAYROLL_ELEMENTS } from '../elements.ts';
import { channelLabel, WorkerName } from './payroll-format.tsx';

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
    render: (reason: string | null) => <Typography.Text type="danger">{reason ?? '-'}</Typography.Text>,
  },
];

/**
 * 支付详情's failed payouts (a 部分成功 batch, or one still paying): who, why, and the way to
 * 退款中心, where the money waits to be paid again once the account is fixed.
 */
export function FailedPayouts({ batch }: { batch: TPayrollBatch }) {
  const navigate = useNavigate();
  const mayRefund = useHasElement(PAYROLL_ELEMENTS.refund);
  const failed = useItems({ batchId: batch.id, payStatus: 'failed', page: 1, limit: SHOWN });
  const total = failed.data?.total ?? 0;
  if (!failed.data || total === 0) return null;
  return (
    <Card title={`支付失败 ${total} 笔`}>
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        title={`${total} 笔发放支付失败，金额已退回可用余额`}
        description="请先在员工详情中修正收款账户，再到退款中心重新支付。"
        action={
          mayRefund && (
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
