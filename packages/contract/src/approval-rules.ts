/** Approval flows (审批管理, DOMAIN section 6) without zod, for the web bundle (see web.ts). */

export const APPROVAL_TYPES = ['payroll', 'invoice', 'topup'] as const;
export type TApprovalType = (typeof APPROVAL_TYPES)[number];
export const APPROVAL_TYPE_LABELS: Record<TApprovalType, string> = { payroll: '发放', invoice: '开票', topup: '充值' };

/** A step passes when any one of its approvers approves, or only when all of them have. */
export const APPROVAL_STEP_MODES = ['any', 'all'] as const;
export type TApprovalStepMode = (typeof APPROVAL_STEP_MODES)[number];
export const APPROVAL_STEP_MODE_LABELS: Record<TApprovalStepMode, string> = { any: '任一人审批', all: '所有人审批' };

/** withdrawn: its subject was withdrawn or cancelled before the approval ended (nobody decides it any more). */
export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type TApprovalStatus = (typeof APPROVAL_STATUSES)[number];
export const APPROVAL_STATUS_LABELS: Record<TApprovalStatus, string> = {
  pending: '待审批',
  approved: '已通过',
  rejected: '已驳回',
  withdrawn: '已撤回',
};

export const APPROVAL_DECISIONS = ['approve', 'reject'] as const;
export type TApprovalDecision = (typeof APPROVAL_DECISIONS)[number];
export const APPROVAL_DECISION_LABELS: Record<TApprovalDecision, string> = { approve: '同意', reject: '驳回' };

/** At most this many steps in a flow, and named approvers in a step. */
export const APPROVAL_MAX_STEPS = 10;
export const APPROVAL_MAX_NAMED = 20;
