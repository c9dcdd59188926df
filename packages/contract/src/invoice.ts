import { z } from 'zod';
import { ZId, ZPageQuery } from './envelope.ts';
import { ZUploadedFile } from './file.ts';
import {
  INVOICE_ACTIONS,
  INVOICE_BATCHES_MAX,
  INVOICE_NO_MESSAGE,
  INVOICE_NO_PATTERN,
  INVOICE_OPS_STATUSES,
  INVOICE_STATUSES,
  isValidCreditCode,
} from './invoice-rules.ts';
import { INVOICE_TYPES } from './money-rules.ts';
import { PAYROLL_STATUSES } from './payroll-rules.ts';
import { ZDate } from './primitives.ts';

const ZFen = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const text = (label: string, max: number, required = true) => {
  const s = z.string({ error: `请输入${label}` }).trim();
  return (required ? s.min(1, `请输入${label}`) : s).max(max, `${label}最多 ${max} 个字`);
};
const ZPhone = (label: string) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .min(1, `请输入${label}`)
    .regex(/^[0-9+\- ]{7,20}$/, `${label}格式有误`);

// ── 开票信息 ─────────────────────────────────────────────────────────────────────────────────

/** 开票信息: the invoice's title and tax number, the special invoice's fields, and where it is mailed. */
export const ZInvoiceInfoBody = z.object({
  title: text('发票抬头', 100),
  taxNo: z
    .string({ error: '请输入纳税人识别号' })
    .trim()
    .transform((s) => s.toUpperCase())
    .pipe(
      z
        .string()
        .min(1, '请输入纳税人识别号')
        .refine(isValidCreditCode, '纳税人识别号应为 18 位统一社会信用代码，请检查后重新输入'),
    ),
  /** 地址、电话 (required for a special invoice). */
  addressPhone: text('地址电话', 200, false).default(''),
  /** 开户行及账号 (required for a special invoice). */
  bankAccount: text('开户行及账号', 200, false).default(''),
  recipient: text('收件人', 50),
  recipientPhone: ZPhone('收件人电话'),
  recipientAddress: text('邮寄地址', 200),
  isDefault: z.boolean().default(false),
});
export type TInvoiceInfoBody = z.input<typeof ZInvoiceInfoBody>;

export const ZInvoiceInfo = z.object({
  id: z.number().int(),
  title: z.string(),
  taxNo: z.string(),
  addressPhone: z.string(),
  bankAccount: z.string(),
  recipient: z.string(),
  recipientPhone: z.string(),
  recipientAddress: z.string(),
  isDefault: z.boolean(),
  updatedAt: z.string(),
});
export type TInvoiceInfo = z.infer<typeof ZInvoiceInfo>;

// ── 可开票金额 and 选择订单 ────────────────────────────────────────────────────────────────────

/** Per service company: paid (debit total of paid items), applied for, invoiceable, and what it issues. */
export const ZInvoiceable = z.object({
  serviceCompanyId: z.number().int(),
  serviceCompanyName: z.string(),
  paidFen: ZFen,
  appliedFen: ZFen,
  invoiceableFen: ZFen,
  /** The type of the cost rule: special allows both. */
  invoiceType: z.enum(INVOICE_TYPES),
  contents: z.array(z.string()),
});
export type TInvoiceable = z.infer<typeof ZInvoiceable>;

export const ZInvoiceBatchQuery = ZPageQuery.extend({
  serviceCompanyId: ZId.optional(),
  title: z.string().trim().max(50).optional(),
  periodFrom: z.string().trim().max(7).optional(),
  periodTo: z.string().trim().max(7).optional(),
  /** Only batches with an invoiceable amount left (the wizard's default). */
  invoiceable: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .default(true),
});
export type TInvoiceBatchQuery = z.input<typeof ZInvoiceBatchQuery>;

/** A paid batch (已完成 or 部分成功) as 选择订单 lists it. */
export const ZInvoiceBatch = z.object({
  batchId: z.number().int(),
  title: z.string(),
  period: z.string(),
  status: z.enum(PAYROLL_STATUSES),
  serviceCompanyId: z.number().int(),
  serviceCompanyName: z.string(),
  paidCount: z.number().int(),
  paidFen: ZFen,
  appliedFen: ZFen,
  invoiceableFen: ZFen,
  createdAt: z.string(),
});
export type TInvoiceBatch = z.infer<typeof ZInvoiceBatch>;

// ── 申请开票 ─────────────────────────────────────────────────────────────────────────────────

const ZApplyBatches = z
  .array(
    z.object({
      batchId: ZId,
      amountFen: z
        .number({ error: '请输入开票金额' })
        .int('开票金额最多两位小数')
        .min(1, '开票金额必须大于 0')
        .max(Number.MAX_SAFE_INTEGER, '开票金额超出范围'),
    }),
    { error: '请选择订单' },
  )
  .min(1, '请选择订单')
  .max(INVOICE_BATCHES_MAX, `一次最多选择 ${INVOICE_BATCHES_MAX} 个订单`)
  .refine((bs) => new Set(bs.map((b) => b.batchId)).size === bs.length, '订单有重复');

/** 申请开票 (and 编辑开票申请 of a rejected one): batches with amounts, the info, the type and the content. */
export const ZInvoiceApplyBody = z.object({
  serviceCompanyId: ZId,
  batches: ZApplyBatches,
  infoId: ZId,
  invoiceType: z.enum(INVOICE_TYPES, { error: '请选择发票类型' }),
  content: text('开票内容', 50).describe('开票内容（服务商开票内容之一）'),
  remark: text('备注', 200, false).default(''),
});
export type TInvoiceApplyBody = z.input<typeof ZInvoiceApplyBody>;

export const ZInvoiceQuery = ZPageQuery.extend({
  status: z.enum(INVOICE_STATUSES, { error: '开票状态不存在' }).optional(),
  serviceCompanyId: ZId.optional(),
  applicationNo: z.string().trim().max(20).optional(),
  invoiceNo: z.string().trim().max(30).optional(),
  createdFrom: ZDate('申请开始日期').optional(),
  createdTo: ZDate('申请结束日期').optional(),
});
export type TInvoiceQuery = z.input<typeof ZInvoiceQuery>;

/** 导出 of 开票记录: the list's filters, without the page. */
export const ZInvoiceExportFilters = ZInvoiceQuery.omit({ page: true, limit: true });
export type TInvoiceExportFilters = z.input<typeof ZInvoiceExportFilters>;

/** The operator's queue: an application still in the company's own approval (审批中) is not the platform's yet. */
export const ZOpsInvoiceQuery = ZInvoiceQuery.extend({
  status: z.enum(INVOICE_OPS_STATUSES, { error: '开票状态不存在' }).optional(),
  companyName: z.string().trim().max(50).optional(),
});
export type TOpsInvoiceQuery = z.input<typeof ZOpsInvoiceQuery>;

export const ZInvoiceApplication = z.object({
  id: z.number().int(),
  /** 申请编号: FP + the id, eight digits. */
  applicationNo: z.string(),
  companyId: z.number().int(),
  companyName: z.string(),
  serviceCompanyId: z.number().int(),
  serviceCompanyName: z.string(),
  status: z.enum(INVOICE_STATUSES),
  invoiceType: z.enum(INVOICE_TYPES),
  content: z.string(),
  amountFen: ZFen,
  batchCount: z.number().int(),
  title: z.string(),
  taxNo: z.string(),
  invoiceNo: z.string().nullable(),
  invoiceDate: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TInvoiceApplication = z.infer<typeof ZInvoiceApplication>;

export const ZInvoiceApplicationBatch = z.object({
  batchId: z.number().int(),
  title: z.string(),
  period: z.string(),
  /** The batch's paid debit total (fen) and what this application takes of it. */
  paidFen: ZFen,
  amountFen: ZFen,
});
export type TInvoiceApplicationBatch = z.infer<typeof ZInvoiceApplicationBatch>;

/** 开票详情: the application with its batches, the info as applied, the invoice and the courier. */
export const ZInvoiceApplicationDetail = ZInvoiceApplication.extend({
  infoId: z.number().int().nullable(),
  addressPhone: z.string(),
  bankAccount: z.string(),
  recipient: z.string(),
  recipientPhone: z.string(),
  recipientAddress: z.string(),
  remark: z.string(),
  batches: z.array(ZInvoiceApplicationBatch),
  creator: z.object({ id: z.number().int(), name: z.string() }),
  rejectReason: z.string().nullable(),
  rejectedAt: z.string().nullable(),
  issuedAt: z.string().nullable(),
  /** The invoice PDF once issued: its name and size; read through the application's pdf path. */
  invoiceFile: ZUploadedFile.nullable(),
  courier: z.string().nullable(),
  trackingNo: z.string().nullable(),
  mailedAt: z.string().nullable(),
  voidReason: z.string().nullable(),
  voidedAt: z.string().nullable(),
  /** What may be done now (the operator's actions, or 重新提交). */
  actions: z.array(z.enum(INVOICE_ACTIONS)),
});
export type TInvoiceApplicationDetail = z.infer<typeof ZInvoiceApplicationDetail>;

// ── The operator's actions at /ops ───────────────────────────────────────────────────────────

export const ZInvoiceIssueBody = z.object({
  fileId: z.uuid('请上传发票文件'),
  invoiceNo: z
    .string({ error: '请输入发票号码' })
    .trim()
    // A paper invoice's number has 8 digits, a fully digital invoice's (全电发票) 20.
    .regex(INVOICE_NO_PATTERN, INVOICE_NO_MESSAGE),
  invoiceDate: ZDate('开票日期'),
});
export type TInvoiceIssueBody = z.input<typeof ZInvoiceIssueBody>;

export const ZInvoiceMailBody = z.object({
  courier: text('快递公司', 30),
  trackingNo: z
    .string({ error: '请输入快递单号' })
    .trim()
    .regex(/^[0-9A-Za-z]{6,30}$/, '快递单号应为 6 到 30 位数字或字母'),
});
export type TInvoiceMailBody = z.input<typeof ZInvoiceMailBody>;

export const ZInvoiceReasonBody = z.object({ reason: text('原因', 200) });
export type TInvoiceReasonBody = z.input<typeof ZInvoiceReasonBody>;
