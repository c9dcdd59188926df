/**
 * Invoices (发票中心, DOMAIN section 7) without zod, for the web bundle (see web.ts): the
 * application's statuses with their Chinese names, its state machine as a transition table (the
 * operator's actions at /ops and the company's resubmission), the invoice types, and the check of
 * a tax number (统一社会信用代码, GB 32100-2015).
 */
import type { TInvoiceType } from './money-rules.ts';
import type { TTransition } from './task-rules.ts';

/**
 * 待审核 → 已开票 → 已邮寄, or 已驳回 (edited and resubmitted), or 已作废; before 待审核, 审批中
 * while the company's own 开票 approval flow runs (审批管理; the platform does not see it yet).
 */
export const INVOICE_STATUSES = ['approving', 'pending', 'issued', 'mailed', 'rejected', 'voided'] as const;
export type TInvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_LABELS: Record<TInvoiceStatus, string> = {
  approving: '审批中',
  pending: '待审核',
  issued: '已开票',
  mailed: '已邮寄',
  rejected: '已驳回',
  voided: '已作废',
};
/** The statuses whose amount counts as applied for (a rejected or voided one gives it back). */
export const INVOICE_HOLDING_STATUSES: readonly TInvoiceStatus[] = ['approving', 'pending', 'issued', 'mailed'];
/** The statuses the platform's operators see (an application in the company's approval is not theirs yet). */
export const INVOICE_OPS_STATUSES = [
  'pending',
  'issued',
  'mailed',
  'rejected',
  'voided',
] as const satisfies readonly TInvoiceStatus[];

/** The types a service company whose cost rule names `ruleType` may be asked for. */
export const invoiceTypesAllowed = (ruleType: TInvoiceType): TInvoiceType[] =>
  ruleType === 'special' ? ['normal', 'special'] : ['normal'];

/** The operator's actions at /ops and the company's 重新提交, each a transition of the status. */
export const INVOICE_ACTIONS = ['issue', 'mail', 'reject', 'void', 'resubmit'] as const;
export type TInvoiceAction = (typeof INVOICE_ACTIONS)[number];

export const INVOICE_TRANSITIONS: Readonly<Record<TInvoiceAction, Omit<TTransition<TInvoiceStatus>, 'element'>>> = {
  issue: {
    from: ['pending'],
    to: 'issued',
    label: '开票',
    audit: 'ops.invoice.issue',
    refusal: '只有待审核的申请可以开票',
  },
  mail: {
    from: ['issued'],
    to: 'mailed',
    label: '邮寄',
    audit: 'ops.invoice.mail',
    refusal: '只有已开票的发票可以邮寄',
  },
  reject: {
    from: ['pending'],
    to: 'rejected',
    label: '驳回',
    audit: 'ops.invoice.reject',
    refusal: '只有待审核的申请可以驳回',
  },
  void: {
    from: ['issued', 'mailed'],
    to: 'voided',
    label: '作废',
    audit: 'ops.invoice.void',
    refusal: '只有已开票或已邮寄的发票可以作废',
  },
  resubmit: {
    from: ['rejected'],
    to: 'pending',
    label: '重新提交',
    audit: 'invoice.resubmit',
    refusal: '只有已驳回的申请可以编辑后重新提交',
  },
};

/** The actions allowed from a status. */
export function invoiceActionsFrom(status: TInvoiceStatus): TInvoiceAction[] {
  return INVOICE_ACTIONS.filter((a) => INVOICE_TRANSITIONS[a].from.includes(status));
}

/** 申请编号: FP and the id in eight digits. */
export const invoiceApplicationNo = (id: number) => `FP${String(id).padStart(8, '0')}`;

/** 申请开票 wizard's steps. */
export const INVOICE_APPLY_STEPS = ['batches', 'confirm', 'done'] as const;
export type TInvoiceApplyStep = (typeof INVOICE_APPLY_STEPS)[number];
export const INVOICE_APPLY_STEP_LABELS: Record<TInvoiceApplyStep, string> = {
  batches: '选择订单',
  confirm: '确认开票信息',
  done: '提交成功',
};

/** 发票号码: 8 digits (a paper invoice) or 20 (a fully digital invoice, 全电发票). */
export const INVOICE_NO_PATTERN = /^(?:\d{8}|\d{20})$/;
export const INVOICE_NO_MESSAGE = '发票号码应为 8 位或 20 位数字';

/** At most this many invoice infos per company, and batches per application. */
export const INVOICE_INFO_MAX = 20;
export const INVOICE_BATCHES_MAX = 500;

// ── 统一社会信用代码 (the tax number of a company) ──────────────────────────────────────────────

const CREDIT_ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** The check character of the first 17 characters of a unified social credit code. */
export function creditCodeCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const v = CREDIT_ALPHABET.indexOf(first17[i] ?? '');
    if (v < 0) throw new Error(`统一社会信用代码含非法字符: ${first17[i] ?? ''}`);
    sum += v * (CREDIT_WEIGHTS[i] ?? 0);
  }
  return CREDIT_ALPHABET[(31 - (sum % 31)) % 31] ?? '0';
}

/** Whether `code` is a unified social credit code: 18 characters of its alphabet, the last its check. */
export function isValidCreditCode(code: string): boolean {
  if (!/^[0-9A-HJ-NPQRTUWXY]{18}$/.test(code)) return false;
  return creditCodeCheckChar(code.slice(0, 17)) === code[17];
}

/** The Chinese names of the invoice area's audit actions (操作日志). */
export const INVOICE_AUDIT_ACTION_LABELS: Record<string, string> = {
  'invoice.info.create': '新增开票信息',
  'invoice.info.update': '编辑开票信息',
  'invoice.info.delete': '删除开票信息',
  'invoice.info.default': '设为默认开票信息',
  'invoice.apply': '申请开票',
  'invoice.resubmit': '重新提交开票申请',
  'invoice.export': '导出开票记录',
};

/** The operator's invoice actions (操作审计 at /ops). */
export const INVOICE_OPS_AUDIT_ACTION_LABELS: Record<string, string> = {
  'ops.invoice.upload': '上传发票文件',
  'ops.invoice.issue': '开票',
  'ops.invoice.mail': '邮寄发票',
  'ops.invoice.reject': '驳回开票申请',
  'ops.invoice.void': '作废发票',
};
