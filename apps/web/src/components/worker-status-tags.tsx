import {
  CONTRACT_STATUS_LABELS,
  REAL_NAME_STATUS_LABELS,
  type TContractStatus,
  type TRealNameStatus,
} from '@flexpay/contract/web';
import { Space, Tag } from 'antd';

/**
 * A worker's 实名认证 and 签约 states as tags, and why the payroll check would refuse them (issue
 * 43): shown by the worker screens, 选择人员 and 任务确认 alike.
 */
const REAL_NAME_COLORS: Record<TRealNameStatus, string> = {
  unverified: 'default',
  verifying: 'processing',
  verified: 'success',
  failed: 'error',
};
const CONTRACT_COLORS: Record<TContractStatus, string> = {
  unsigned: 'warning',
  signing: 'processing',
  signed: 'success',
};

export function RealNameStatusTag({ status }: { status: TRealNameStatus }) {
  return <Tag color={REAL_NAME_COLORS[status]}>{REAL_NAME_STATUS_LABELS[status]}</Tag>;
}

export function ContractStatusTag({ status }: { status: TContractStatus }) {
  return <Tag color={CONTRACT_COLORS[status]}>{CONTRACT_STATUS_LABELS[status]}</Tag>;
}

/** Why the check would refuse the worker, one tag per reason; 可发放 when nothing stands in the way. */
export function PayBlockerTags({ reasons }: { reasons: readonly string[] }) {
  if (!reasons.length) return <Tag color="success">可发放</Tag>;
  return (
    <Space size={[0, 4]} wrap>
      {reasons.map((r) => (
        <Tag key={r} color="error">
          {r}
        </Tag>
      ))}
    </Space>
  );
}
