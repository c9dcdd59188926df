import {
  ASSIGNMENT_STATUS_LABELS,
  DELIVERY_STATUS_LABELS,
  TASK_SETTLEMENT_LABELS,
  TASK_SETTLEMENT_UNITS,
  TASK_STATUS_LABELS,
  type TAssignmentStatus,
  type TDeliveryStatus,
  type TTaskSettlement,
  type TTaskStatus,
} from '@flexpay/contract/web';
import { Tag } from 'antd';
import { formatMoney } from '../../../lib/format.ts';

const TASK_COLORS: Record<TTaskStatus, string> = {
  draft: 'default',
  published: 'blue',
  in_progress: 'processing',
  accepting: 'orange',
  completed: 'green',
  cancelled: 'default',
};
const ASSIGNMENT_COLORS: Record<TAssignmentStatus, string> = {
  pending: 'gold',
  accepted: 'blue',
  submitted: 'orange',
  passed: 'green',
  rejected: 'red',
};
const DELIVERY_COLORS: Record<TDeliveryStatus, string> = { reviewing: 'orange', passed: 'green', rejected: 'red' };

export const TaskStatusTag = ({ status }: { status: TTaskStatus }) => (
  <Tag color={TASK_COLORS[status]}>{TASK_STATUS_LABELS[status]}</Tag>
);
export const AssignmentStatusTag = ({ status }: { status: TAssignmentStatus }) => (
  <Tag color={ASSIGNMENT_COLORS[status]}>{ASSIGNMENT_STATUS_LABELS[status]}</Tag>
);
export const DeliveryStatusTag = ({ status }: { status: TDeliveryStatus }) => (
  <Tag color={DELIVERY_COLORS[status]}>{DELIVERY_STATUS_LABELS[status]}</Tag>
);

/** `按件 ¥12.00/件`, `固定金额 ¥500.00/人`. */
export function settlementText(settlement: TTaskSettlement, unitPriceFen: number): string {
  return `${TASK_SETTLEMENT_LABELS[settlement]} ${formatMoney(unitPriceFen)}/${TASK_SETTLEMENT_UNITS[settlement]}`;
}

/** Yuan typed in an InputNumber (two decimals) to integer fen; null stays null. */
export function yuanToFen(yuan: number | null | undefined): number | null {
  if (yuan === null || yuan === undefined) return null;
  return Math.round(yuan * 100);
}

export const fenToYuan = (fen: number | null | undefined): number | null =>
  fen === null || fen === undefined ? null : fen / 100;
