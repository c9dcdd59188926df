/**
 * 对账 (issue 42 point 1, ADR 0030): each service company's day reconciled against the payout
 * provider's signed statement, its differences and their resolution by an operator. Zod-free: the
 * web reads these through web.ts.
 */
export const RECONCILE_DIFFERENCE_KINDS = [
  'missing_provider',
  'missing_ours',
  'amount',
  'status',
  'duplicate',
] as const;
export type TReconcileDifferenceKind = (typeof RECONCILE_DIFFERENCE_KINDS)[number];
export const RECONCILE_DIFFERENCE_KIND_LABELS: Record<TReconcileDifferenceKind, string> = {
  missing_provider: '服务方无此笔',
  missing_ours: '我方无此笔',
  amount: '金额不符',
  status: '状态不符',
  duplicate: '重复记录',
};

export const RECONCILE_DAY_STATUSES = ['done', 'refused'] as const;
export type TReconcileDayStatus = (typeof RECONCILE_DAY_STATUSES)[number];
export const RECONCILE_DAY_STATUS_LABELS: Record<TReconcileDayStatus, string> = {
  done: '已对账',
  refused: '对账单被拒',
};

export const RECONCILE_DIFFERENCE_STATUSES = ['open', 'resolved'] as const;
export type TReconcileDifferenceStatus = (typeof RECONCILE_DIFFERENCE_STATUSES)[number];
export const RECONCILE_DIFFERENCE_STATUS_LABELS: Record<TReconcileDifferenceStatus, string> = {
  open: '待处理',
  resolved: '已处理',
};

/** provider: the provider's statement is right, its facts are posted; ours: the provider is asked again. */
export const RECONCILE_RESOLUTIONS = ['provider', 'ours'] as const;
export type TReconcileResolution = (typeof RECONCILE_RESOLUTIONS)[number];
export const RECONCILE_RESOLUTION_LABELS: Record<TReconcileResolution, string> = {
  provider: '以服务方为准，按对账单入账',
  ours: '以平台记录为准，请服务方重新核实',
};

/** A payout's side as the statement or our books name it. */
export const RECONCILE_SIDE_STATUS_LABELS: Record<string, string> = {
  queued: '待发送',
  submitted: '支付中',
  succeeded: '成功',
  failed: '失败',
};

/** What a company sees of a quarantined payout: never the provider's own data. */
export const PAYOUT_RECONCILING_LABEL = '对账中';
export const PAYOUT_RECONCILING_SHORT = '对账单与平台记录不一致，平台核实中';
export const PAYOUT_RECONCILING_NOTE =
  '支付通道的对账单与平台记录不一致，平台正在核实。核实完成前，这笔款项不会退回，也不能重新支付；结果以核实后为准。';
/** Why 重新支付 of a held item is refused (the server's 40900) and disabled (退款中心). */
export const PAYOUT_RECONCILING_REPAY_REFUSED = '这笔发放正在对账中，平台核实完成前不能重新支付';

/** The Chinese names of the operators' 对账 audit actions. */
export const RECONCILE_OPS_AUDIT_ACTION_LABELS: Record<string, string> = {
  'ops.reconcile.run': '执行对账',
  'ops.reconcile.resolve': '处理对账差异',
};
