import { CONTRACT_STATE_LABELS, type TContractState } from '@flexpay/contract/web';
import { Tag } from 'antd';

const COLORS: Record<TContractState, string> = {
  pending: 'processing',
  signed: 'success',
  expired: 'warning',
  terminated: 'default',
};

/** A contract's state as a tag: 待签署, 已签署, 已到期, 已终止. */
export function ContractStateTag({ state }: { state: TContractState }) {
  return <Tag color={COLORS[state]}>{CONTRACT_STATE_LABELS[state]}</Tag>;
}
