/** Money rules and labels without zod, for the web bundle (see web.ts). DOMAIN sections 2 and 5. */

/**
 * 审批中 while the company's own approval flow for top-ups runs (the platform does not see it yet);
 * 已撤回 when the company withdrew it while 审批中 or 待确认 (no money ever moved).
 */
export const TOPUP_STATUSES = ['approving', 'pending', 'confirmed', 'rejected', 'withdrawn'] as const;
export type TTopupStatus = (typeof TOPUP_STATUSES)[number];
export const TOPUP_STATUS_LABELS: Record<TTopupStatus, string> = {
  approving: '审批中',
  pending: '待确认',
  confirmed: '已到账',
  rejected: '已驳回',
  withdrawn: '已撤回',
};
/** The statuses a company may withdraw a top-up from (撤回): before the platform decides. */
export const TOPUP_WITHDRAWABLE_STATUSES: readonly TTopupStatus[] = ['approving', 'pending'];

/** A company's status (DOMAIN section 2): 冻结 can sign in and read, not pay. */
export const COMPANY_STATUSES = ['normal', 'frozen'] as const;
export type TCompanyStatus = (typeof COMPANY_STATUSES)[number];
export const COMPANY_STATUS_LABELS: Record<TCompanyStatus, string> = { normal: '正常', frozen: '已冻结' };

export const FEE_BEARERS = ['company', 'worker'] as const;
export type TFeeBearer = (typeof FEE_BEARERS)[number];
export const FEE_BEARER_LABELS: Record<TFeeBearer, string> = { company: '企业承担', worker: '个人承担' };

export const INVOICE_TYPES = ['normal', 'special'] as const;
export type TInvoiceType = (typeof INVOICE_TYPES)[number];
export const INVOICE_TYPE_LABELS: Record<TInvoiceType, string> = {
  normal: '增值税普通发票',
  special: '增值税专用发票',
};

/** Ledger account kinds: a company's two per service company, and the platform's own. */
export const LEDGER_ACCOUNT_KINDS = [
  'available',
  'frozen',
  'bank_clearing',
  'fee_income',
  'payouts_in_transit',
  'payout_suspense',
] as const;
export type TLedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];
export const LEDGER_ACCOUNT_KIND_LABELS: Record<TLedgerAccountKind, string> = {
  available: '可用余额',
  frozen: '冻结金额',
  bank_clearing: '银行清算',
  fee_income: '服务费收入',
  payouts_in_transit: '在途发放',
  payout_suspense: '对账挂账',
};

/** What a transfer is: the type of each ledger entry it posts (资金明细's 类型). */
export const LEDGER_ENTRY_TYPES = [
  'topup',
  'freeze',
  'unfreeze',
  'payout',
  'fee',
  'refund',
  'adjustment',
  'suspense',
] as const;
export type TLedgerEntryType = (typeof LEDGER_ENTRY_TYPES)[number];
export const LEDGER_ENTRY_TYPE_LABELS: Record<TLedgerEntryType, string> = {
  topup: '充值',
  freeze: '冻结',
  unfreeze: '解冻',
  payout: '发放',
  fee: '服务费',
  refund: '退款',
  adjustment: '调账',
  suspense: '对账挂账',
};

/** Monthly payout limit per worker by default: 98,000.00 yuan. */
export const DEFAULT_MONTHLY_LIMIT_FEN = 9_800_000;
/** Largest amount one top-up may carry: 100,000,000.00 yuan. */
export const TOPUP_MAX_FEN = 10_000_000_000;
/** Bank account numbers of payment accounts: 8 to 30 digits. */
export const PAYMENT_ACCOUNT_NO_PATTERN = /^\d{8,30}$/;
/** Idempotency keys: what a client may send in the `Idempotency-Key` header. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_:.-]{8,100}$/;
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** Fen to yuan text with two decimals and thousands separators: 123456 -> "1,234.56". */
export function formatFen(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  const yuan = Math.trunc(abs / 100).toLocaleString('en-US');
  return `${sign}${yuan}.${String(abs % 100).padStart(2, '0')}`;
}
