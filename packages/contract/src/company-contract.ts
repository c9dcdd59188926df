import { z } from 'zod';
import { ZId, ZPageQuery } from './envelope.ts';
import { ZUploadedFile } from './file.ts';
import { CONTRACT_ACTIONS, CONTRACT_SIGN_METHODS, CONTRACT_STATES, CONTRACT_TYPES } from './company-contract-rules.ts';
import { ZPayBody } from './payroll.ts';
import { ZDate } from './primitives.ts';

const text = (label: string, max: number) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .min(1, `请输入${label}`)
    .max(max, `${label}最多 ${max} 个字`);

// ── 企业合同: the company's service companies with their contracts ─────────────────────────────

/** A service company of the company with how many contracts it has in each state. */
export const ZContractServiceCompany = z.object({
  serviceCompanyId: z.number().int(),
  serviceCompanyName: z.string(),
  total: z.number().int(),
  pending: z.number().int(),
  signed: z.number().int(),
  expired: z.number().int(),
  terminated: z.number().int(),
  /** The latest end date of a 已签署 contract in force today, or null: no agreement in force. */
  signedUntil: z.string().nullable(),
});
export type TContractServiceCompany = z.infer<typeof ZContractServiceCompany>;

// ── 合同列表 and 合同详情 ────────────────────────────────────────────────────────────────────

export const ZContractQuery = ZPageQuery.extend({
  serviceCompanyId: ZId.optional(),
  state: z.enum(CONTRACT_STATES, { error: '合同状态不存在' }).optional(),
  keyword: z.string().trim().max(50, '关键字最多 50 个字').optional(),
});
export type TContractQuery = z.input<typeof ZContractQuery>;

export const ZOpsContractQuery = ZContractQuery.extend({
  companyName: z.string().trim().max(50, '企业名称最多 50 个字').optional(),
});
export type TOpsContractQuery = z.input<typeof ZOpsContractQuery>;

export const ZCompanyContract = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  companyName: z.string(),
  serviceCompanyId: z.number().int(),
  serviceCompanyName: z.string(),
  contractNo: z.string(),
  title: z.string(),
  type: z.enum(CONTRACT_TYPES),
  startDate: z.string(),
  endDate: z.string(),
  /** The state shown today (已到期 derived from the end date). */
  state: z.enum(CONTRACT_STATES),
  signedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TCompanyContract = z.infer<typeof ZCompanyContract>;

export const ZCompanyContractDetail = ZCompanyContract.extend({
  remark: z.string(),
  terminatedAt: z.string().nullable(),
  terminateReason: z.string().nullable(),
  /** The PDF: its name and size; read through the contract's pdf path. */
  file: ZUploadedFile,
  /** What the reader may do now: the operator's transitions, or `sign` for the company (在线签署). */
  actions: z.array(z.enum(CONTRACT_ACTIONS)),
  /** How it was signed, by whom and the PDFs' SHA-256 (null while not signed). */
  signature: z
    .object({
      method: z.enum(CONTRACT_SIGN_METHODS),
      signedAt: z.string(),
      /** The admin who signed online (empty for a paper signature). */
      signerName: z.string(),
      /** SHA-256 (hex) of the PDF as uploaded, and of the signed PDF with its signature page. */
      originalSha256: z.string().nullable(),
      signedSha256: z.string().nullable(),
    })
    .nullable(),
});
export type TCompanyContractDetail = z.infer<typeof ZCompanyContractDetail>;

/** 在线签署: a fresh SMS or authenticator code of the signing admin, as at 支付确认. */
export const ZContractSignBody = ZPayBody;
export type TContractSignBody = z.input<typeof ZContractSignBody>;

// ── The operator at /ops ─────────────────────────────────────────────────────────────────────

export const ZContractUploadQuery = z.object({ companyId: ZId });

/** 上传合同: a company's agreement with one of its service companies, with its PDF uploaded first. */
export const ZContractCreateBody = z
  .object({
    companyId: ZId,
    serviceCompanyId: ZId,
    contractNo: z
      .string({ error: '请输入合同编号' })
      .trim()
      .regex(/^[0-9A-Za-z-]{4,30}$/, '合同编号应为 4 到 30 位字母、数字或短横线'),
    title: text('合同名称', 100),
    type: z.enum(CONTRACT_TYPES, { error: '请选择合同类型' }),
    startDate: ZDate('开始日期'),
    endDate: ZDate('结束日期'),
    /** Signed already (已签署) or sent for signing (待签署). */
    signed: z.boolean().default(false),
    fileId: z.uuid('请上传合同文件'),
    remark: z.string().trim().max(200, '备注最多 200 个字').default(''),
  })
  .refine((b) => b.endDate >= b.startDate, { path: ['endDate'], message: '结束日期不能早于开始日期' });
export type TContractCreateBody = z.input<typeof ZContractCreateBody>;

export const ZContractTerminateBody = z.object({ reason: text('终止原因', 200) });
export type TContractTerminateBody = z.input<typeof ZContractTerminateBody>;
