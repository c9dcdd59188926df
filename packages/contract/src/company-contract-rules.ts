/**
 * Contracts (合同管理, DOMAIN section 8) without zod, for the web bundle (see web.ts): the company's
 * agreements (企业协议) with each service company. The stored status is 待签署, 已签署 or 已终止;
 * 已到期 is never stored: a contract that is not terminated reads as 已到期 from the day after its
 * end date (Beijing time), so no job has to run for it.
 */
import type { TTransition } from './task-rules.ts';

/** What a contract shows: the stored statuses and the derived 已到期. */
export const CONTRACT_STATES = ['pending', 'signed', 'expired', 'terminated'] as const;
export type TContractState = (typeof CONTRACT_STATES)[number];
export const CONTRACT_STATE_LABELS: Record<TContractState, string> = {
  pending: '待签署',
  signed: '已签署',
  expired: '已到期',
  terminated: '已终止',
};
/** What is stored; `expired` follows from the end date. */
export const CONTRACT_STORED_STATUSES = ['pending', 'signed', 'terminated'] as const;
export type TContractStoredStatus = (typeof CONTRACT_STORED_STATUSES)[number];

/** 合同类型. */
export const CONTRACT_TYPES = ['service', 'supplement', 'confidentiality'] as const;
export type TContractType = (typeof CONTRACT_TYPES)[number];
export const CONTRACT_TYPE_LABELS: Record<TContractType, string> = {
  service: '服务协议',
  supplement: '补充协议',
  confidentiality: '保密协议',
};

/** The day in Beijing (UTC+8) of an instant, `YYYY-MM-DD`. */
export const beijingDay = (at: Date) => new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 10);

/** The state a contract shows on `today` (a Beijing day): 已到期 once its end date has passed. */
export function contractStateOn(status: TContractStoredStatus, endDate: string, today: string): TContractState {
  if (status === 'terminated') return 'terminated';
  return endDate < today ? 'expired' : status;
}

/** The operator's actions at /ops, each a transition of the state shown. */
export const CONTRACT_ACTIONS = ['sign', 'terminate'] as const;
export type TContractAction = (typeof CONTRACT_ACTIONS)[number];

export const CONTRACT_TRANSITIONS: Readonly<
  Record<TContractAction, Omit<TTransition<TContractState>, 'element' | 'to'> & { to: TContractStoredStatus }>
> = {
  sign: {
    from: ['pending'],
    to: 'signed',
    label: '标记已签署',
    audit: 'ops.contract.sign',
    refusal: '只有待签署且未到期的合同可以标记为已签署',
  },
  terminate: {
    from: ['pending', 'signed'],
    to: 'terminated',
    label: '终止',
    audit: 'ops.contract.terminate',
    refusal: '只有待签署或已签署且未到期的合同可以终止',
  },
};

/** The actions allowed from a state. */
export function contractActionsFrom(state: TContractState): TContractAction[] {
  return CONTRACT_ACTIONS.filter((a) => CONTRACT_TRANSITIONS[a].from.includes(state));
}

/** How a 已签署 contract was signed: online by the company (a code, a signature page), or on paper (the operator marked it). */
export const CONTRACT_SIGN_METHODS = ['online', 'paper'] as const;
export type TContractSignMethod = (typeof CONTRACT_SIGN_METHODS)[number];
export const CONTRACT_SIGN_METHOD_LABELS: Record<TContractSignMethod, string> = {
  online: '在线签署',
  paper: '纸质签署',
};

/** The company's refusal of 在线签署 of a contract not 待签署, or expired. */
export const CONTRACT_SIGN_REFUSAL = '只有待签署且未到期的合同可以签署';

/** The company's contract actions (操作日志). */
export const CONTRACT_AUDIT_ACTION_LABELS: Record<string, string> = {
  'contract.signCode': '发送合同签署验证码',
  'contract.sign': '在线签署合同',
};

/** The operator's contract actions (操作审计 at /ops). */
export const CONTRACT_OPS_AUDIT_ACTION_LABELS: Record<string, string> = {
  'ops.contract.upload': '上传合同文件',
  'ops.contract.create': '新增合同',
  'ops.contract.sign': '标记合同已签署',
  'ops.contract.terminate': '终止合同',
};
