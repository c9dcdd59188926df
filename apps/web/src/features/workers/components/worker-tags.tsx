import { WORKER_STATUS_LABELS, type TContractStatus, type TWorkerStatus } from '@flexpay/contract/web';
import { Tag } from 'antd';

// The 实名认证 and 签约 tags are shared with the task screens (选择人员, 任务确认).
export { ContractStatusTag, RealNameStatusTag } from '../../../components/worker-status-tags.tsx';

const STATUS_COLORS: Record<TWorkerStatus, string> = { active: 'success', left: 'default' };

/** What each contract status means for the company, shown on the detail. */
export const CONTRACT_STATUS_HINTS: Record<TContractStatus, string> = {
  unsigned: '员工尚未与服务商签署灵活用工协议，签约完成后方可为其发放薪酬。',
  signing: '签约短信已发送，员工签署后即为已签约。',
  signed: '员工已与服务商签署灵活用工协议，可以为其发放薪酬。',
};

export function WorkerStatusTag({ status }: { status: TWorkerStatus }) {
  return <Tag color={STATUS_COLORS[status]}>{WORKER_STATUS_LABELS[status]}</Tag>;
}
