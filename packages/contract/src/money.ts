import { z } from 'zod';
import { ZApprovalRequest } from './approval.ts';
import { ZId, ZPageQuery } from './envelope.ts';
import { ZDate } from './primitives.ts';
import {
  FEE_BEARERS,
  INVOICE_TYPES,
  LEDGER_ENTRY_TYPES,
  PAYMENT_ACCOUNT_NO_PATTERN,
  TOPUP_MAX_FEN,
  TOPUP_STATUSES,
} from './money-rules.ts';

/** An amount in fen: a non-negative integer within JavaScript's exact range. */
const ZFen = z.number().int().max(Number.MAX_SAFE_INTEGER);

// ---- Service companies and cost rules (DOMAIN section 2) ----

/** A service company (服务商) a company works with, and the cost rules of that link. */
export const ZCostRule = z.object({
  serviceCompanyId: z.number().int(),
  serviceCompanyName: z.string(),
  feeRateBp: z.number().int().describe('服务费率，基点：650 = 6.50%'),
  feeBearer: z.enum(FEE_BEARERS).describe('company 企业承担 | worker 个人承担'),
  monthlyLimitFen: ZFen.describe('每人每月限额（分）'),
  singleMinFen: ZFen.describe('单笔最低（分）'),
  singleMaxFen: ZFen.describe('单笔最高（分）'),
  invoiceType: z.enum(INVOICE_TYPES),
  invoiceContents: z.array(z.string()),
  enabled: z.boolean(),
  /** Pay only 已认证 workers who signed the service company's current agreement (issue 43). */
  payVerifiedOnly: z.boolean(),
  /** The service company's receiving bank account, shown on the top-up form. */
  receivingBank: z.object({ bankName: z.string(), accountName: z.string(), accountNo: z.string() }),
});
export type TCostRule = z.infer<typeof ZCostRule>;

export const ZServiceCompanyOption = z.object({ id: z.number().int(), name: z.string() });
export type TServiceCompanyOption = z.infer<typeof ZServiceCompanyOption>;

export const ZReceiptContentQuery = z.object({ serviceCompanyId: ZId.optional() });
export const ZReceiptContent = z.object({ serviceCompanyId: z.number().int(), content: z.string() });
export type TReceiptContent = z.infer<typeof ZReceiptContent>;

/** What an operator may change of a link's cost rules. */
export const ZCostRuleBody = z
  .object({
    feeRateBp: z
      .number({ error: '请输入服务费率' })
      .int('服务费率必须是整数基点')
      .min(0)
      .max(10000, '服务费率不能超过 100%'),
    feeBearer: z.enum(FEE_BEARERS, { error: '请选择费用承担方' }),
    monthlyLimitFen: z
      .number({ error: '请输入每月限额' })
      .int()
      .min(1, '每月限额必须大于 0')
      .max(Number.MAX_SAFE_INTEGER),
    singleMinFen: z.number({ error: '请输入单笔最低金额' }).int().min(1, '单笔最低金额必须大于 0'),
    singleMaxFen: z
      .number({ error: '请输入单笔最高金额' })
      .int()
      .min(1, '单笔最高金额必须大于 0')
      .max(Number.MAX_SAFE_INTEGER),
    invoiceType: z.enum(INVOICE_TYPES, { error: '请选择发票类型' }),
    invoiceContents: z
      .array(z.string().trim().min(1, '开票内容不能为空').max(50, '开票内容最多 50 个字'))
      .max(20, '开票内容最多 20 项'),
    enabled: z.boolean().default(true),
    /** 仅向已实名认证并已签约的员工发放 (default on). */
    payVerifiedOnly: z.boolean().default(true),
  })
  .refine((b) => b.singleMinFen <= b.singleMaxFen, {
    path: ['singleMaxFen'],
    message: '单笔最高金额不能小于单笔最低金额',
  });
export type TCostRuleBody = z.input<typeof ZCostRuleBody>;

export const ZCostRuleParams = z.object({ id: ZId, serviceCompanyId: ZId });

// ---- Balances and the ledger (资金账户, 资金明细) ----

export const ZBalance = z.object({
  serviceCompanyId: z.number().int(),
  serviceCompanyName: z.string(),
  availableFen: ZFen,
  frozenFen: ZFen,
});
export type TBalance = z.infer<typeof ZBalance>;

/** The filters of 资金明细: the list's and its export's. */
export const ZLedgerEntryFilters = z.object({
  from: ZDate('开始日期').optional(),
  to: ZDate('结束日期').optional(),
  type: z.enum(LEDGER_ENTRY_TYPES, { error: '明细类型不存在' }).optional(),
  serviceCompanyId: ZId.optional(),
});
export type TLedgerEntryFilters = z.input<typeof ZLedgerEntryFilters>;
export const ZLedgerEntryQuery = ZPageQuery.extend(ZLedgerEntryFilters.shape);
export type TLedgerEntryQuery = z.input<typeof ZLedgerEntryQuery>;

export const ZLedgerEntry = z.object({
  id: z.number().int(),
  transferId: z.number().int(),
  serviceCompanyId: z.number().int(),
  serviceCompanyName: z.string(),
  account: z.enum(['available', 'frozen']),
  type: z.enum(LEDGER_ENTRY_TYPES),
  /** Signed: positive adds to the account, negative takes from it. */
  amountFen: z.number().int(),
  balanceAfterFen: z.number().int(),
  reference: z.object({ kind: z.string(), id: z.string() }),
  memo: z.string(),
  createdAt: z.string(),
});
export type TLedgerEntry = z.infer<typeof ZLedgerEntry>;

// ---- Top-ups (充值) ----

export const ZTopupBody = z.object({
  amountFen: z
    .number({ error: '请输入充值金额' })
    .int('充值金额以分为单位，必须是整数')
    .min(1, '充值金额必须大于 0')
    .max(TOPUP_MAX_FEN, '单笔充值金额不能超过 1 亿元'),
  serviceCompanyId: ZId,
  paymentAccountId: ZId,
  voucherFileId: z.string({ error: '请上传转账凭证' }).uuid('转账凭证无效，请重新上传'),
  remark: z.string().trim().max(200, '备注最多 200 个字').default(''),
});
export type TTopupBody = z.input<typeof ZTopupBody>;

export const ZTopupQuery = ZPageQuery.extend({
  status: z.enum(TOPUP_STATUSES, { error: '充值状态不存在' }).optional(),
  from: ZDate('开始日期').optional(),
  to: ZDate('结束日期').optional(),
});
export type TTopupQuery = z.input<typeof ZTopupQuery>;

export const ZTopup = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  companyName: z.string(),
  serviceCompanyId: z.number().int(),
  serviceCompanyName: z.string(),
  amountFen: ZFen,
  payer: z.object({ bank: z.string(), accountName: z.string(), accountNo: z.string() }),
  voucherFileId: z.string(),
  remark: z.string(),
  status: z.enum(TOPUP_STATUSES),
  rejectReason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  transferId: z.number().int().nullable(),
  /**
   * The other top-ups whose voucher has the same content (SHA-256), oldest first: every company's
   * for the operator, the company's own for the company.
   */
  voucherReuses: z.array(
    z.object({
      id: z.number().int(),
      companyName: z.string(),
      status: z.enum(TOPUP_STATUSES),
      amountFen: ZFen,
      createdAt: z.string(),
    }),
  ),
});
export type TTopup = z.infer<typeof ZTopup>;

/**
 * 充值详情 (the company's view): the top-up, who submitted it, its approval in the company's
 * flow (steps and history; null when none was needed), and whether the viewer may withdraw it
 * (撤回: 审批中 or 待确认, by its submitter or an admin holding 账户充值).
 */
export const ZTopupDetail = ZTopup.extend({
  createdByName: z.string(),
  approval: ZApprovalRequest.nullable(),
  canWithdraw: z.boolean(),
});
export type TTopupDetail = z.infer<typeof ZTopupDetail>;

export const ZRejectTopupBody = z.object({
  reason: z.string({ error: '请填写驳回原因' }).trim().min(1, '请填写驳回原因').max(200, '驳回原因最多 200 个字'),
});

// ---- Payment accounts (付款账户) ----

export const ZPaymentAccountBody = z.object({
  bank: z.string({ error: '请选择开户银行' }).trim().min(1, '请选择开户银行').max(50, '开户银行最多 50 个字'),
  accountName: z.string({ error: '请输入账户名称' }).trim().min(1, '请输入账户名称').max(100, '账户名称最多 100 个字'),
  accountNo: z
    .string({ error: '请输入银行账号' })
    .transform((s) => s.replace(/\s+/g, ''))
    .pipe(z.string().regex(PAYMENT_ACCOUNT_NO_PATTERN, '银行账号应为 8 到 30 位数字')),
  branch: z.string().trim().max(100, '开户支行最多 100 个字').default(''),
  isDefault: z.boolean().default(false),
});
export type TPaymentAccountBody = z.input<typeof ZPaymentAccountBody>;

export const ZPaymentAccount = z.object({
  id: z.number().int(),
  bank: z.string(),
  accountName: z.string(),
  accountNo: z.string(),
  branch: z.string(),
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type TPaymentAccount = z.infer<typeof ZPaymentAccount>;

// ---- 操作日志 (the company's audit rows) ----

export const ZCompanyLogQuery = ZPageQuery.extend({
  adminId: ZId.optional(),
  action: z.string().trim().max(60, '操作最多 60 个字').optional(),
  from: ZDate('开始日期').optional(),
  to: ZDate('结束日期').optional(),
});
export type TCompanyLogQuery = z.input<typeof ZCompanyLogQuery>;

/** The fields of an audit row both audit lists show (操作日志 here, 操作审计 at /ops). */
export const ZAuditRowBase = z.object({
  id: z.number().int(),
  action: z.string(),
  target: z.string(),
  result: z.string(),
  status: z.number().int(),
  message: z.string(),
  ip: z.string(),
  createdAt: z.string(),
});

export const ZCompanyLogRow = ZAuditRowBase.extend({
  adminId: z.number().int().nullable(),
  /** The admin's name, or the username typed at a failed sign-in. */
  adminName: z.string(),
  actionLabel: z.string(),
});
export type TCompanyLogRow = z.infer<typeof ZCompanyLogRow>;

export const ZCompanyLogAdmin = z.object({ id: z.number().int(), name: z.string() });
export type TCompanyLogAdmin = z.infer<typeof ZCompanyLogAdmin>;
