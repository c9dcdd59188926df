import { RECONCILE_DAY_STATUS_LABELS, type TReconcileDayStatus } from '@flexpay/contract/web';
import { Tag } from 'antd';

export function ReconcileDayStatusTag({ status }: { status: TReconcileDayStatus }) {
  return <Tag color={status === 'done' ? 'success' : 'error'}>{RECONCILE_DAY_STATUS_LABELS[status]}</Tag>;
}
