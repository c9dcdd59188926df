import { z } from 'zod';
import { ZId, ZPageQuery } from './envelope.ts';
import {
  ALIPAY_ACCOUNT_PATTERN,
  BANK_CARD_PATTERN,
  CONTRACT_STATUSES,
  ID_NUMBER_PATTERN,
  JOB_TYPE_CODE_PATTERN,
  WORKER_NAME_PATTERN,
  AGREEMENT_SEND_MAX_WORKERS,
  AGREEMENT_STATUSES,
  REAL_NAME_RUN_SOURCES,
  REAL_NAME_STATUSES,
  WORKER_SORT_FIELDS,
  WORKER_STATUSES,
} from './worker-rules.ts';
import { MOBILE_RULE } from './identity-rules.ts';
import { ZDate } from './primitives.ts';

export * from './worker-rules.ts';

/** The path parameters `/:id/…/:accountId` of a worker's payout account. */
export const ZAccountParams = z.object({ id: ZId, accountId: ZId });

// ── Workers ─────────────────────────────────────────────────────────────────────────────────

export const ZWorkerQuery = ZPageQuery.extend({
  name: z.string().trim().max(50).optional(),
  mobile: z.string().trim().max(11).optional(),
  /** Exact match on the full number (searched through its keyed hash). */
  idNumber: z.string().trim().max(18).optional(),
  jobTypeId: ZId.optional(),
  departmentId: ZId.optional(),
  status: z.enum(WORKER_STATUSES).optional(),
  realNameStatus: z.enum(REAL_NAME_STATUSES).optional(),
  joinedFrom: ZDate('入职开始日期').optional(),
  joinedTo: ZDate('入职结束日期').optional(),
  sort: z.enum(WORKER_SORT_FIELDS).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type TWorkerQuery = z.input<typeof ZWorkerQuery>;
/** The filters of a list (no paging): what an export repeats. */
export const ZWorkerFilters = ZWorkerQuery.omit({ page: true, limit: true });
export type TWorkerFilters = z.infer<typeof ZWorkerFilters>;

export const ZWorkerRow = z.object({
  id: z.number(),
  name: z.string(),
  /** Always masked in lists. */
  idNumber: z.string(),
  mobile: z.string(),
  gender: z.enum(['male', 'female']),
  /**
   * Age in whole years. Never the birth date: it is the eight digits a masked ID number hides,
   * so a row carrying it would give the full number away.
   */
  age: z.number().int(),
  province: z.string(),
  jobTypeId: z.number().nullable(),
  jobTypeName: z.string().nullable(),
  departmentId: z.number().nullable(),
  departmentName: z.string().nullable(),
  status: z.enum(WORKER_STATUSES),
  realNameStatus: z.enum(REAL_NAME_STATUSES),
  contractStatus: z.enum(CONTRACT_STATUSES),
  joinedAt: z.string(),
  leftAt: z.string().nullable(),
  hasDefaultAccount: z.boolean(),
  remark: z.string(),
  createdAt: z.string(),
});
export type TWorkerRow = z.infer<typeof ZWorkerRow>;

export const ZBankCard = z.object({
  id: z.number(),
  bankCode: z.string(),
  bankName: z.string(),
  /** Masked unless the admin holds employee:sensitive (on the detail only). */
  cardNumber: z.string(),
  branch: z.string(),
  holderName: z.string(),
  isDefault: z.boolean(),
});
export type TBankCard = z.infer<typeof ZBankCard>;

export const ZAlipayAccount = z.object({
  id: z.number(),
  account: z.string(),
  holderName: z.string(),
  isDefault: z.boolean(),
});
export type TAlipayAccount = z.infer<typeof ZAlipayAccount>;

/** A worker's latest real-name verification (实名认证, issue 43): asked, answered, why not. */
export const ZRealNameCheck = z.object({
  /** verifying while the provider has not answered; then verified or failed. */
  status: z.enum(REAL_NAME_STATUSES),
  /** 2: name + ID number; 3: with the default bank card. Null until asked of the provider. */
  factors: z.union([z.literal(2), z.literal(3)]).nullable(),
  /** The provider's reason of a failure, in Chinese; empty otherwise. */
  reason: z.string(),
  /** The provider's serial of its answer; null until answered. */
  providerRef: z.string().nullable(),
  source: z.enum(REAL_NAME_RUN_SOURCES),
  requestedAt: z.string(),
  answeredAt: z.string().nullable(),
  /** Times the provider was away for this check (it is asked again). */
  attempts: z.number(),
  /**
   * Still 认证中 after REAL_NAME_AUTO_ATTEMPTS runs without an answer: no longer asked again by
   * itself; 重新认证 asks again.
   */
  retryStopped: z.boolean(),
});
export type TRealNameCheck = z.infer<typeof ZRealNameCheck>;

/** A batch of real-name verifications (an import's, a 重新认证) and how far it has come. */
export const ZRealNameRun = z.object({
  id: z.number(),
  source: z.enum(REAL_NAME_RUN_SOURCES),
  total: z.number(),
  verified: z.number(),
  failed: z.number(),
  /** Not answered yet (认证中). */
  pending: z.number(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type TRealNameRun = z.infer<typeof ZRealNameRun>;

/** A worker's agreement with a service company, of one template version (签约, issue 43). */
export const ZWorkerAgreement = z.object({
  id: z.number(),
  serviceCompanyId: z.number(),
  serviceCompanyName: z.string(),
  title: z.string(),
  version: z.number(),
  /** Whether it is the version the service company asks to have signed now. */
  isCurrent: z.boolean(),
  status: z.enum(AGREEMENT_STATUSES),
  reason: z.string(),
  providerRef: z.string().nullable(),
  /** SHA-256 (hex) of the signed PDF. */
  signedSha256: z.string().nullable(),
  requestedAt: z.string(),
  sentAt: z.string().nullable(),
  signedAt: z.string().nullable(),
  /** The sandbox's signing link (demo mode only: what the worker's SMS holds, to sign in a demo). */
  sandboxLink: z.string().nullable(),
});
export type TWorkerAgreement = z.infer<typeof ZWorkerAgreement>;

/** 发起签约: with a service company, of one worker, a selection, or all matching the list's filter. */
export const ZAgreementSendBody = z
  .object({
    serviceCompanyId: ZId.describe('服务商'),
    workerIds: z
      .array(ZId)
      .min(1, '请选择员工')
      .max(AGREEMENT_SEND_MAX_WORKERS, `一次最多勾选 ${AGREEMENT_SEND_MAX_WORKERS} 名员工`)
      .optional(),
    filter: ZWorkerFilters.partial().optional(),
  })
  .refine((b) => (b.workerIds === undefined) !== (b.filter === undefined), {
    path: ['workerIds'],
    message: '请选择员工，或按筛选条件发起',
  });
export type TAgreementSendBody = z.input<typeof ZAgreementSendBody>;
export const ZAgreementSendResult = z.object({ jobId: z.string() });
export type TAgreementSendResult = z.infer<typeof ZAgreementSendResult>;
export const ZAgreementParams = z.object({ id: ZId, agreementId: ZId });

/** A service company's agreement template version (协议模板, the operators'). */
export const ZAgreementTemplate = z.object({
  id: z.number(),
  serviceCompanyId: z.number(),
  version: z.number(),
  title: z.string(),
  fileName: z.string(),
  size: z.number(),
  sha256: z.string(),
  requiresResign: z.boolean(),
  createdAt: z.string(),
});
export type TAgreementTemplate = z.infer<typeof ZAgreementTemplate>;
/** A service company with its agreement versions, newest first (/ops 协议模板). */
export const ZAgreementServiceCompany = z.object({
  id: z.number(),
  name: z.string(),
  templates: z.array(ZAgreementTemplate),
});
export type TAgreementServiceCompany = z.infer<typeof ZAgreementServiceCompany>;
export const ZAgreementTemplateUploadQuery = z.object({
  title: z.string({ error: '请输入协议名称' }).trim().min(1, '请输入协议名称').max(100, '协议名称最多 100 个字'),
  requiresResign: z
    .enum(['true', 'false'], { error: '请选择已签约员工是否需要重新签署' })
    .transform((v) => v === 'true'),
});

export const ZWorkerDetail = ZWorkerRow.extend({
  /** The latest real-name verification; null when none was ever asked for. */
  realName: ZRealNameCheck.nullable(),
  regionCode: z.string(),
  /** Whether idNumber and card numbers are shown in full (employee:sensitive). */
  sensitiveVisible: z.boolean(),
  /** The birth date (YYYY-MM-DD) when the ID number is shown in full; otherwise null. */
  birthDate: z.string().nullable(),
  bankCards: z.array(ZBankCard),
  alipayAccounts: z.array(ZAlipayAccount),
  /** Never paid: may be deleted. */
  canDelete: z.boolean(),
  updatedAt: z.string(),
});
export type TWorkerDetail = z.infer<typeof ZWorkerDetail>;

const ZName = z
  .string({ error: '请输入姓名' })
  .trim()
  .min(1, '请输入姓名')
  .max(50, '姓名最多 50 个字符')
  .regex(WORKER_NAME_PATTERN, '姓名只能包含中文、字母、空格和“·”');
const ZIdNumber = z
  .string({ error: '请输入身份证号' })
  .trim()
  .toUpperCase()
  .regex(ID_NUMBER_PATTERN, '身份证号应为 18 位');
const ZWorkerMobile = z.string({ error: '请输入手机号' }).trim().regex(MOBILE_RULE, '请输入正确的 11 位手机号');

export const ZBankCardBody = z.object({
  bankCode: z.string({ error: '请选择开户银行' }).trim().min(1, '请选择开户银行').max(20),
  cardNumber: z
    .string({ error: '请输入银行卡号' })
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(z.string().regex(BANK_CARD_PATTERN, '卡号应为 16-19 位数字')),
  branch: z.string().trim().max(100, '开户支行最多 100 个字符').default(''),
  isDefault: z.boolean().default(false),
});
export type TBankCardBody = z.input<typeof ZBankCardBody>;

export const ZAlipayBody = z.object({
  account: z
    .string({ error: '请输入支付宝账号' })
    .trim()
    .max(100, '支付宝账号最多 100 个字符')
    .regex(ALIPAY_ACCOUNT_PATTERN, '支付宝账号应为手机号或邮箱'),
  isDefault: z.boolean().default(false),
});
export type TAlipayBody = z.input<typeof ZAlipayBody>;

export const ZCreateWorkerBody = z.object({
  name: ZName,
  idNumber: ZIdNumber,
  mobile: ZWorkerMobile,
  jobTypeId: ZId.nullable().default(null),
  departmentId: ZId.nullable().default(null),
  joinedAt: ZDate('入职日期'),
  remark: z.string().trim().max(200, '备注最多 200 个字符').default(''),
  /** One payout account, added as the default. */
  bankCard: ZBankCardBody.omit({ isDefault: true }).optional(),
  alipay: ZAlipayBody.omit({ isDefault: true }).optional(),
});
export type TCreateWorkerBody = z.input<typeof ZCreateWorkerBody>;

export const ZUpdateWorkerBody = z.object({
  name: ZName,
  /** Omitted: unchanged (an admin without employee:sensitive only ever sees it masked). */
  idNumber: ZIdNumber.optional(),
  mobile: ZWorkerMobile,
  jobTypeId: ZId.nullable().default(null),
  departmentId: ZId.nullable().default(null),
  joinedAt: ZDate('入职日期'),
  remark: z.string().trim().max(200, '备注最多 200 个字符').default(''),
});
export type TUpdateWorkerBody = z.input<typeof ZUpdateWorkerBody>;

export const ZLeaveBody = z.object({ leftAt: ZDate('离职日期') });
export type TLeaveBody = z.infer<typeof ZLeaveBody>;

// ── Job types ───────────────────────────────────────────────────────────────────────────────

export const ZJobType = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  workerCount: z.number(),
  createdAt: z.string(),
});
export type TJobType = z.infer<typeof ZJobType>;

export const ZJobTypeBody = z.object({
  name: z.string({ error: '请输入工种名称' }).trim().min(1, '请输入工种名称').max(30, '工种名称最多 30 个字符'),
  code: z
    .string({ error: '请输入工种编码' })
    .trim()
    .min(1, '请输入工种编码')
    .max(20, '工种编码最多 20 个字符')
    .regex(JOB_TYPE_CODE_PATTERN, '工种编码只能包含字母、数字、_ 和 -'),
  description: z.string().trim().max(200, '描述最多 200 个字符').default(''),
  enabled: z.boolean().default(true),
});
export type TJobTypeBody = z.input<typeof ZJobTypeBody>;

export const ZJobTypeQuery = ZPageQuery.extend({
  name: z.string().trim().max(30).optional(),
  enabled: z.enum(['true', 'false']).optional(),
});

export const ZDepartmentOption = z.object({ id: z.number(), name: z.string(), parentId: z.number().nullable() });
export type TDepartmentOption = z.infer<typeof ZDepartmentOption>;
