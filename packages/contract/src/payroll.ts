import { z } from 'zod';
import { ZId, ZPageQuery } from './envelope.ts';
import { ZApprovalRequest } from './approval.ts';
import { FEE_BEARERS } from './money-rules.ts';
import { ZDate } from './primitives.ts';
import {
  ITEM_PAY_STATUSES,
  PAYOUT_STATUSES,
  PAYROLL_CHECK_RESULTS,
  PAYROLL_MAX_PICKED,
  PAYROLL_PERIOD_PATTERN,
  PAYROLL_SOURCES,
  PAYROLL_STATUSES,
  RECEIPT_NO_PATTERN,
} from './payroll-rules.ts';
import { PAYOUT_CHANNELS } from './worker-rules.ts';

const ZFen = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
/** An item's amount in fen: at least one fen, at most 100 million yuan. */
const ZItemAmountFen = z
  .number({ error: '请输入金额' })
  .int('金额最多两位小数')
  .min(1, '金额必须大于 0')
  .max(10_000_000_000, '金额不能超过 1 亿元');
const ZRemark = z.string().trim().max(200, '备注最多 200 个字').default('');

export const ZPayrollPeriod = z
  .string({ error: '请选择发放月份' })
  .regex(PAYROLL_PERIOD_PATTERN, '发放月份格式应为 YYYY-MM');

// ---- Batches ----

export const ZPayrollBatchBody = z.object({
  title: z.string({ error: '请输入批次名称' }).trim().min(1, '请输入批次名称').max(50, '批次名称最多 50 个字'),
  period: ZPayrollPeriod,
  serviceCompanyId: ZId.describe('服务商'),
  channel: z.enum(PAYOUT_CHANNELS, { error: '请选择发放渠道' }),
  /** How the items will be added: an uploaded sheet or workers picked from the list. */
  source: z.enum(['sheet', 'workers'], { error: '请选择发放方式' }).default('sheet'),
  remark: ZRemark,
});
export type TPayrollBatchBody = z.input<typeof ZPayrollBatchBody>;

export const ZPayrollBatchQuery = ZPageQuery.extend({
  status: z.enum(PAYROLL_STATUSES, { error: '批次状态不存在' }).optional(),
  title: z.string().trim().max(50).optional(),
  period: ZPayrollPeriod.optional(),
  serviceCompanyId: ZId.optional(),
});
export type TPayrollBatchQuery = z.input<typeof ZPayrollBatchQuery>;

export const ZPayrollBatch = z.object({
  id: z.number().int(),
  batchNo: z.string(),
  title: z.string(),
  period: z.string(),
  serviceCompanyId: z.number().int(),
  serviceCompanyName: z.string(),
  channel: z.enum(PAYOUT_CHANNELS),
  source: z.enum(PAYROLL_SOURCES),
  status: z.enum(PAYROLL_STATUSES),
  itemCount: z.number().int(),
  okCount: z.number().int(),
  failedCount: z.number().int(),
  /** 应发合计: what the items pay before fees. */
  amountFen: ZFen,
  feeFen: ZFen,
  /** 实发合计: what the workers receive. */
  netFen: ZFen,
  /** 扣款合计: what the company's account pays. */
  debitFen: ZFen,
  /** The cost rule the last check used (null before the first check). */
  feeRateBp: z.number().int().nullable(),
  feeBearer: z.enum(FEE_BEARERS).nullable(),
  remark: z.string(),
  creator: z.object({ id: z.number().int(), name: z.string() }),
  createdAt: z.string(),
  checkedAt: z.string().nullable(),
  submittedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
});
export type TPayrollBatch = z.infer<typeof ZPayrollBatch>;

/** One batch with its approval (history and whether the viewer may decide), for 发放详情. */
export const ZPayrollBatchDetail = ZPayrollBatch.extend({
  approval: ZApprovalRequest.nullable(),
});
export type TPayrollBatchDetail = z.infer<typeof ZPayrollBatchDetail>;

/** The batches of each status, for the tabs of 薪酬发放. */
export const ZPayrollStatusCount = z.object({
  status: z.enum(PAYROLL_STATUSES),
  count: z.number().int(),
  amountFen: ZFen,
});
export type TPayrollStatusCount = z.infer<typeof ZPayrollStatusCount>;

export const ZPayrollCancelBody = z.object({
  reason: z.string({ error: '请填写取消原因' }).trim().min(1, '请填写取消原因').max(200, '取消原因最多 200 个字'),
});

// ---- Items ----

export const ZPayrollItemQuery = ZPageQuery.extend({
  batchId: ZId.describe('批次'),
  result: z.enum(PAYROLL_CHECK_RESULTS, { error: '核对结果不存在' }).optional(),
  name: z.string().trim().max(50).optional(),
  payStatus: z.enum(ITEM_PAY_STATUSES, { error: '支付状态不存在' }).optional().describe('支付状态'),
});
export type TPayrollItemQuery = z.input<typeof ZPayrollItemQuery>;

export const ZPayrollItem = z.object({
  id: z.number().int(),
  batchId: z.number().int(),
  /** The sheet's row, or the order in which the item was added. */
  rowNo: z.number().int(),
  workerId: z.number().int().nullable(),
  name: z.string(),
  idNumberMasked: z.string(),
  amountFen: ZFen,
  feeFen: ZFen,
  netFen: ZFen,
  debitFen: ZFen,
  /** The payout account the check found (masked), or null. */
  account: z
    .object({ channel: z.enum(PAYOUT_CHANNELS), accountMasked: z.string(), bankCode: z.string().nullable() })
    .nullable(),
  checkResult: z.enum(PAYROLL_CHECK_RESULTS),
  checkReasons: z.array(z.string()),
  remark: z.string(),
  /** The payment, once the batch is paid: null before. */
  payStatus: z.enum(ITEM_PAY_STATUSES).nullable(),
  payFailReason: z.string().nullable(),
  paidAt: z.string().nullable(),
  /** 对账中: a payout of the item is held, the provider's statement disagreeing (ADR 0030). */
  reconciling: z.boolean(),
});
export type TPayrollItem = z.infer<typeof ZPayrollItem>;

export const ZPayrollItemBody = z.object({ amountFen: ZItemAmountFen, remark: ZRemark });
export type TPayrollItemBody = z.input<typeof ZPayrollItemBody>;

/** Workers picked from the list, each with an amount (选择员工). */
export const ZPayrollPickBody = z.object({
  items: z
    .array(z.object({ workerId: ZId, amountFen: ZItemAmountFen, remark: ZRemark }))
    .min(1, '请至少选择一名员工')
    .max(PAYROLL_MAX_PICKED, `一次最多选择 ${PAYROLL_MAX_PICKED} 名员工`),
});
export type TPayrollPickBody = z.input<typeof ZPayrollPickBody>;

export const ZPayrollItemIdsBody = z.object({
  ids: z.array(ZId).min(1, '请选择发放明细').max(1000, '一次最多查询 1000 条'),
});

// ---- Paying ----

/** 确认支付: the paying admin's fresh code, by SMS (`token` from sendSms purpose `pay`) or authenticator. */
export const ZPayBody = z.object({
  method: z.enum(['sms', 'totp'], { error: '请选择验证方式' }),
  token: z.string().max(64).optional(),
  code: z.string({ error: '请输入验证码' }).trim().min(4, '请输入验证码').max(10, '验证码格式不正确'),
});
export type TPayBody = z.input<typeof ZPayBody>;

/** GET payMethods: how the signed-in admin can confirm a payment (SMS to the own mobile, authenticator). */
export const ZPayMethods = z.object({
  sms: z.boolean(),
  totp: z.boolean(),
  /** Masked; empty when the admin has none. */
  mobile: z.string(),
});
export type TPayMethods = z.infer<typeof ZPayMethods>;

/** POST payCode: the SMS code of a payment; `demoCode` is the code itself, in demo mode only. */
export const ZPayCodeSent = z.object({
  token: z.string(),
  mobile: z.string(),
  resendAfterSeconds: z.number(),
  demoCode: z.string().nullable(),
});
export type TPayCodeSent = z.infer<typeof ZPayCodeSent>;

/** The sandbox provider's callback (signed: `x-payout-timestamp`, `x-payout-signature`). */
export const ZPayoutCallback = z.object({
  ref: z.string().max(40),
  status: z.enum(['succeeded', 'failed']),
  reason: z.string().max(100).default(''),
  settledAt: z.string().max(40),
});

/** 退款中心: the items whose payment failed, across batches. */
export const ZRefundQuery = ZPageQuery.extend({ name: z.string().trim().max(50).optional() });
export type TRefundQuery = z.input<typeof ZRefundQuery>;
export const ZRefundItem = ZPayrollItem.extend({ batchTitle: z.string(), batchNo: z.string() });
export type TRefundItem = z.infer<typeof ZRefundItem>;

/**
 * 支付进度 of a batch (支付详情 follows it while 支付中): the payment answers at once and its
 * payouts are queued afterwards, a chunk at a time. Counts of the items that passed the check:
 * `queued` have their payout (sent or not), `submitted` are at the provider awaiting its result,
 * `succeeded` and `failed` are settled (each item's latest payout).
 */
export const ZPayProgress = z.object({
  batchId: z.number().int(),
  status: z.enum(PAYROLL_STATUSES),
  total: z.number().int(),
  queued: z.number().int(),
  submitted: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
});
export type TPayProgress = z.infer<typeof ZPayProgress>;

/** 支付中心: every payout (an item's attempt at the provider) by status and channel. */
export const ZPaymentQuery = ZPageQuery.extend({
  status: z.enum(PAYOUT_STATUSES, { error: '支付状态不存在' }).optional(),
  channel: z.enum(PAYOUT_CHANNELS, { error: '发放渠道不存在' }).optional(),
  name: z.string().trim().max(50).optional(),
});
export type TPaymentQuery = z.input<typeof ZPaymentQuery>;
export const ZPayment = z.object({
  id: z.number().int(),
  ref: z.string(),
  batchId: z.number().int(),
  batchNo: z.string(),
  batchTitle: z.string(),
  attempt: z.number().int(),
  holderName: z.string(),
  channel: z.enum(PAYOUT_CHANNELS),
  accountMasked: z.string(),
  netFen: ZFen,
  feeFen: ZFen,
  status: z.enum(PAYOUT_STATUSES),
  failReason: z.string().nullable(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
  /** 对账中: the provider's statement disagrees and the platform is checking (ADR 0030). */
  reconciling: z.boolean(),
});
export type TPayment = z.infer<typeof ZPayment>;

/** 发放记录: every item of every batch, by worker, ID number (exact), month and payment status. */
export const ZGrantRecordFilters = z.object({
  name: z.string().trim().max(50).optional(),
  idNumber: z
    .string()
    .trim()
    .regex(/^\d{17}[\dXx]$/, '请输入完整的 18 位身份证号')
    .optional(),
  period: ZPayrollPeriod.optional(),
  payStatus: z.enum(ITEM_PAY_STATUSES, { error: '支付状态不存在' }).optional(),
});
export type TGrantRecordFilters = z.input<typeof ZGrantRecordFilters>;
export const ZGrantRecordQuery = ZPageQuery.extend(ZGrantRecordFilters.shape);
export type TGrantRecordQuery = z.input<typeof ZGrantRecordQuery>;
export const ZGrantRecord = ZRefundItem.extend({ period: z.string() });
export type TGrantRecord = z.infer<typeof ZGrantRecord>;

// ---- Receipts (回单) ----

/** The receipts of the company: by batch, payee name (prefix), 回单编号 and the day paid (Beijing time). */
export const ZReceiptFilters = z.object({
  batchId: z.coerce.number({ error: '批次不存在' }).int().positive('批次不存在').optional(),
  name: z.string().trim().max(50).optional(),
  receiptNo: z.string().trim().toUpperCase().regex(RECEIPT_NO_PATTERN, '回单编号格式不正确').optional(),
  paidFrom: ZDate('开始日期').optional(),
  paidTo: ZDate('结束日期').optional(),
});
export type TReceiptFilters = z.input<typeof ZReceiptFilters>;
export const ZReceiptQuery = ZPageQuery.extend(ZReceiptFilters.shape);
export type TReceiptQuery = z.input<typeof ZReceiptQuery>;

/** A successful payout's electronic receipt: both parties, the amount, when, the provider's reference. */
export const ZReceipt = z.object({
  /** The payout's id: the receipt's file is `receiptPdf` of it. */
  id: z.number().int(),
  receiptNo: z.string(),
  batchId: z.number().int(),
  batchNo: z.string(),
  batchTitle: z.string(),
  period: z.string(),
  payerName: z.string(),
  clientName: z.string(),
  payeeName: z.string(),
  channel: z.enum(PAYOUT_CHANNELS),
  accountMasked: z.string(),
  amountFen: ZFen,
  ref: z.string(),
  paidAt: z.string(),
});
export type TReceipt = z.infer<typeof ZReceipt>;

/** 回单金额: how many receipts match and what they add up to. */
export const ZReceiptAmount = z.object({ count: z.number().int(), amountFen: ZFen });
export type TReceiptAmount = z.infer<typeof ZReceiptAmount>;

/** The company's batches that have receipts (回单详情 starts from one), newest first. */
export const ZReceiptBatchQuery = ZPageQuery.extend({ title: z.string().trim().max(50).optional() });
export type TReceiptBatchQuery = z.input<typeof ZReceiptBatchQuery>;
export const ZReceiptBatch = z.object({
  /** The batch's id. */
  id: z.number().int(),
  batchNo: z.string(),
  batchTitle: z.string(),
  period: z.string(),
  payerName: z.string(),
  count: z.number().int(),
  amountFen: ZFen,
  lastPaidAt: z.string(),
});
export type TReceiptBatch = z.infer<typeof ZReceiptBatch>;

/** 回单验真: a code as typed (any text: a malformed one is answered as a wrong one). */
export const ZReceiptVerifyBody = z.object({ code: z.string().max(100) });
export type TReceiptVerifyBody = z.infer<typeof ZReceiptVerifyBody>;

/** What a receipt proves, masked, for anyone holding its code (no sign-in). */
export const ZReceiptVerification = z.object({
  receiptNo: z.string(),
  /** 付款方 (the service company) and 委托方 (the employer), as on the receipt. */
  payerName: z.string(),
  clientName: z.string(),
  /** The payee's name with all but its first character hidden (张**). */
  payeeNameMasked: z.string(),
  channel: z.enum(PAYOUT_CHANNELS),
  accountMasked: z.string(),
  amountFen: ZFen,
  paidAt: z.string(),
  /** The payout's state: a receipt exists only for a payout that succeeded. */
  status: z.literal('paid'),
  /** Hex SHA-256 of the PDF as issued, and when it was issued. */
  sha256: z.string(),
  issuedAt: z.string(),
});
export type TReceiptVerification = z.infer<typeof ZReceiptVerification>;
