import {
  FEE_BEARER_LABELS,
  PAYROLL_SOURCE_LABELS,
  type TPayrollBatch,
  type TPayrollStatus,
} from '@flexpay/contract/web';
import { Descriptions, Typography } from 'antd';
import { formatMoney } from '../../../lib/format.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { BatchStatusTag, channelLabel, FeeMoney, feesComputed, formatRate } from './payroll-format.tsx';

const PAID_STATUSES: readonly TPayrollStatus[] = ['paying', 'completed', 'partial'];

/** A batch's header: who, what, and its totals. */
export function BatchSummary({ batch, column = 3 }: { batch: TPayrollBatch; column?: number }) {
  const computed = feesComputed(batch);
  return (
    <Descriptions size="small" column={column} bordered>
      <Descriptions.Item label="批次号">{batch.batchNo}</Descriptions.Item>
      <Descriptions.Item label="批次名称">{batch.title}</Descriptions.Item>
      <Descriptions.Item label="状态">
        <BatchStatusTag status={batch.status} />
      </Descriptions.Item>
      <Descriptions.Item label="发放月份">{batch.period}</Descriptions.Item>
      <Descriptions.Item label="服务商">{batch.serviceCompanyName}</Descriptions.Item>
      <Descriptions.Item label="发放渠道">{channelLabel(batch.channel)}</Descriptions.Item>
      <Descriptions.Item label="人数">
        {PAID_STATUSES.includes(batch.status) ? (
          // Paid: every item passed its check; how the payments went is 支付详情's.
          `${batch.itemCount} 人`
        ) : (
          <>
            {batch.itemCount} 人（正常 {batch.okCount}
            {batch.failedCount > 0 && <Typography.Text type="danger">，异常 {batch.failedCount}</Typography.Text>}）
          </>
        )}
      </Descriptions.Item>
      <Descriptions.Item label="应发合计">{formatMoney(batch.amountFen)}</Descriptions.Item>
      <Descriptions.Item label="服务费">
        <FeeMoney fen={batch.feeFen} computed={computed} />
        {computed && batch.feeBearer && (
          <Typography.Text type="secondary">
            （{formatRate(batch.feeRateBp)}，{FEE_BEARER_LABELS[batch.feeBearer]}）
          </Typography.Text>
        )}
      </Descriptions.Item>
      <Descriptions.Item label="实发合计">
        <FeeMoney fen={batch.netFen} computed={computed} />
      </Descriptions.Item>
      <Descriptions.Item label="扣款合计">
        {computed ? (
          <Typography.Text strong>{formatMoney(batch.debitFen)}</Typography.Text>
        ) : (
          <FeeMoney fen={batch.debitFen} computed={false} />
        )}
      </Descriptions.Item>
      <Descriptions.Item label="来源">{PAYROLL_SOURCE_LABELS[batch.source]}</Descriptions.Item>
      <Descriptions.Item label="创建人">{batch.creator.name}</Descriptions.Item>
      <Descriptions.Item label="创建时间">{formatDateTime(batch.createdAt)}</Descriptions.Item>
      <Descriptions.Item label="核对时间">{formatDateTime(batch.checkedAt)}</Descriptions.Item>
      {batch.cancelReason ? <Descriptions.Item label="取消原因">{batch.cancelReason}</Descriptions.Item> : null}
      {batch.remark ? <Descriptions.Item label="备注">{batch.remark}</Descriptions.Item> : null}
    </Descriptions>
  );
}
