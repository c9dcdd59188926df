/** Payroll batches (薪酬发放, DOMAIN section 6) without zod, for the web bundle (see web.ts). */

/**
 * A batch's life: 草稿 (items being added) → 核对中 (checked, some items fail) → 待确认 (every item
 * passed; its amounts count toward the workers' monthly totals) → 待审批 (the company's approval
 * flow) → 待支付 → 支付中 → 已完成 | 部分成功 (the payout issue); 已取消 from any state before 支付中.
 */
export const PAYROLL_STATUSES = [
  'draft',
  'checking',
  'confirming',
  'approving',
  'to_pay',
  'paying',
  'completed',
  'partial',
  'cancelled',
] as const;
export type TPayrollStatus = (typeof PAYROLL_STATUSES)[number];
export const PAYROLL_STATUS_LABELS: Record<TPayrollStatus, string> = {
  draft: '草稿',
  checking: '核对中',
  confirming: '待确认',
  approving: '待审批',
  to_pay: '待支付',
  paying: '支付中',
  completed: '已完成',
  partial: '部分成功',
  cancelled: '已取消',
};

/** Where items may be added, edited, removed and checked. */
export const PAYROLL_EDITABLE_STATUSES: readonly TPayrollStatus[] = ['draft', 'checking', 'confirming'];
/** Where a batch may be cancelled: before 支付中 (a 待审批 batch's approval then ends, 已撤回). */
export const PAYROLL_CANCELLABLE_STATUSES: readonly TPayrollStatus[] = [
  'draft',
  'checking',
  'confirming',
  'approving',
  'to_pay',
];
/** Where a batch may be withdrawn (撤回) back to 待确认: while its approval is in progress. */
export const PAYROLL_WITHDRAWABLE_STATUSES: readonly TPayrollStatus[] = ['approving'];

export const PAYROLL_SOURCES = ['sheet', 'workers', 'tasks'] as const;
export type TPayrollSource = (typeof PAYROLL_SOURCES)[number];
export const PAYROLL_SOURCE_LABELS: Record<TPayrollSource, string> = {
  sheet: '表格导入',
  workers: '选择员工',
  tasks: '任务确认',
};

/** An item's check result: 未核对 until the batch is checked, then 正常 or 异常 with the reasons. */
export const PAYROLL_CHECK_RESULTS = ['unchecked', 'ok', 'failed'] as const;
export type TPayrollCheckResult = (typeof PAYROLL_CHECK_RESULTS)[number];
export const PAYROLL_CHECK_RESULT_LABELS: Record<TPayrollCheckResult, string> = {
  unchecked: '未核对',
  ok: '正常',
  failed: '异常',
};

/** At most this many items in a batch (and rows in its sheet). */
export const PAYROLL_MAX_ITEMS = 100_000;
/** At most this many workers picked at once. */
export const PAYROLL_MAX_PICKED = 500;

/** A month `YYYY-MM`. */
export const PAYROLL_PERIOD_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** A batch's 发放月份 label may be up to this many months before the current month… */
export const PAYROLL_PERIOD_MONTHS_BACK = 12;
/** …and up to this many after it. */
export const PAYROLL_PERIOD_MONTHS_AHEAD = 1;

/** The month `months` after `YYYY-MM` (negative: before). */
export function addMonths(month: string, months: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/**
 * The 发放月份 labels a new batch may carry, given today's date in China (`YYYY-MM-DD`). The label
 * only names the batch: the monthly limit counts money by the month it is paid in (DOMAIN 6).
 */
export function payrollPeriodRange(chinaToday: string): { min: string; max: string } {
  const current = chinaToday.slice(0, 7);
  return {
    min: addMonths(current, -PAYROLL_PERIOD_MONTHS_BACK),
    max: addMonths(current, PAYROLL_PERIOD_MONTHS_AHEAD),
  };
}

/** The refusal of a label outside the range, or null. */
export function payrollPeriodError(period: string, chinaToday: string): string | null {
  const { min, max } = payrollPeriodRange(chinaToday);
  return period < min || period > max ? `发放月份须在 ${min} 至 ${max} 之间` : null;
}

/** The batch number shown to people: FF + the creation day + the id (FF20261124000123). */
export function payrollBatchNo(id: number, createdAt: string): string {
  const day = createdAt.slice(0, 10).replaceAll('-', '');
  return `FF${day}${String(id).padStart(6, '0')}`;
}

/** A payout of an item: 待发送 (queued in the outbox) → 支付中 (at the provider) → 已支付 | 支付失败. */
export const PAYOUT_STATUSES = ['queued', 'submitted', 'succeeded', 'failed'] as const;
export type TPayoutStatus = (typeof PAYOUT_STATUSES)[number];
export const PAYOUT_STATUS_LABELS: Record<TPayoutStatus, string> = {
  queued: '待发送',
  submitted: '支付中',
  succeeded: '已支付',
  failed: '支付失败',
};

/** An item's payment as lists show it. */
export const ITEM_PAY_STATUSES = ['paying', 'paid', 'failed'] as const;
export type TItemPayStatus = (typeof ITEM_PAY_STATUSES)[number];
export const ITEM_PAY_STATUS_LABELS: Record<TItemPayStatus, string> = {
  paying: '支付中',
  paid: '已支付',
  failed: '支付失败',
};

/**
 * 回单编号 of a successful payout: HD, the day it settled in Beijing time, its id in at least 8
 * digits (HD2026112400001234). The id is read back from it to find a receipt by number.
 */
export function receiptNo(payoutId: number, settledAt: string): string {
  const day = new Date(Date.parse(settledAt) + 8 * 3_600_000).toISOString().slice(0, 10).replaceAll('-', '');
  return `HD${day}${String(payoutId).padStart(8, '0')}`;
}
export const RECEIPT_NO_PATTERN = /^HD\d{8}(\d{8,15})$/;
/** The payout id a 回单编号 names, or undefined when it is not one. */
export function payoutIdOfReceiptNo(no: string): number | undefined {
  const m = RECEIPT_NO_PATTERN.exec(no.trim().toUpperCase());
  return m?.[1] ? Number(m[1]) : undefined;
}

// ---- 回单验真 (issue 42): a receipt's verification code ----

/**
 * Crockford's base32: no I, L, O or U, so a code read off paper is typed without doubt; 20 of its
 * characters are 100 random bits, printed as five groups of four (ABCD-EFGH-JKMN-PQRS-TVWX).
 */
export const RECEIPT_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const RECEIPT_CODE_LENGTH = 20;
const RECEIPT_CODE_FORM = new RegExp(`^[${RECEIPT_CODE_ALPHABET}]{${RECEIPT_CODE_LENGTH}}$`);

/**
 * A typed or scanned code as stored: capitals, spaces and hyphens dropped, the letters Crockford
 * reads as digits (I and L as 1, O as 0) turned into them; undefined when it cannot be a code.
 */
export function normalizeReceiptCode(typed: string): string | undefined {
  const code = typed.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
  return RECEIPT_CODE_FORM.test(code) ? code : undefined;
}

/** A stored code as printed: groups of four joined by hyphens. */
export const formatReceiptCode = (code: string) => code.match(/.{1,4}/g)?.join('-') ?? code;

/**
 * The public check's API path (`API.payroll.receiptVerify`), spelled here so that the check
 * page, which starts alone like the sign-in page, does not carry the whole table of paths.
 */
export const RECEIPT_VERIFY_API = '/api/public/receipt/verify';

/** Checks of codes one client address may make in `RECEIPT_CHECK_WINDOW_MS`, found or not. */
export const RECEIPT_CHECK_LIMIT = 20;
export const RECEIPT_CHECK_WINDOW_MS = 10 * 60_000;
/** The one answer to a code that names no receipt, whether malformed, wrong or never issued. */
export const RECEIPT_CODE_NOT_FOUND = '验证码无效：未找到对应的电子回单，请核对后重新输入';
