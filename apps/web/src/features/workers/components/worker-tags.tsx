import {
  CONTRACT_STATUS_LABELS,
  REAL_NAME_STATUS_LABELS,
  WORKER_STATUS_LABELS,
  type TContractStatus,
  type TRealNameStatus,
  type TWorkerStatus,
} from '@flexpay/contract/web';
import { Tag } from 'antd';

const STATUS_COLORS: Record<TWorkerStatus, string> = { active: 'success', left: 'default' };
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

/** What each contract status means for the company, shown on the detail. */
export const CONTRACT_STATUS_HINTS: Record<TContractStatus, string> = {
  unsigned: '员工尚未与服务商签署灵活用工协议，签约完成后方可为其发放薪酬。',
  signing: '签约短信已发送，员工签署后即为已签约。',
  signed: '员工已与服务商签署灵活用工协议，可以为其发放薪酬。',
};

export function WorkerStatusTag({ status }: { status: TWorkerStatus }) {
  return <Tag color={STATUS_COLORS[status]}>{WORKER_STATUS_LABELS[status]}</Tag>;
}

export function RealNameStatusTag({ status }: { status: TRealNameStatus }) {
  return <Tag color={REAL_NAME_COLORS[status]}>{REAL_NAME_STATUS_LABELS[status]}</Tag>;
}

export function ContractStatusTag({ status }: { status: TContractStatus }) {
  return <Tag color={CONTRACT_COLORS[status]}>{CONTRACT_STATUS_LABELS[status]}</Tag>;
}
