import { TOPUP_STATUS_LABELS, type TTopupStatus } from '@flexpay/contract/web';
import { Tag } from 'antd';

const COLORS: Record<TTopupStatus, string> = {
  approving: 'warning',
  pending: 'processing',
  confirmed: 'success',
  rejected: 'error',
  withdrawn: 'default',
};

export function TopupStatusTag({ status }: { status: TTopupStatus }) {
  return <Tag color={COLORS[status]}>{TOPUP_STATUS_LABELS[status]}</Tag>;
}
