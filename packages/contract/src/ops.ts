import { z } from 'zod';
import { ZPageQuery } from './envelope.ts';
import { ZDate } from './primitives.ts';
import { ZAuditRowBase, ZCostRule } from './money.ts';
import { COMPANY_STATUSES } from './money-rules.ts';

/** The operator console's sign-in (its own realm: DOMAIN section 0). */
export const ZOpsLoginBody = z.object({
  username: z.string({ error: '请输入用户名' }).trim().min(1, '请输入用户名').max(64),
  password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(128),
  /** The image captcha's text and the `token` of its challenge, when the answer asked for it. */
  code: z.string().trim().max(16, '验证码过长').optional(),
  token: z.string().trim().max(64).optional(),
});
export type TOpsLoginBody = z.input<typeof ZOpsLoginBody>;

export const ZOperatorInfo = z.object({ id: z.number().int(), username: z.string(), name: z.string() });
export type TOperatorInfo = z.infer<typeof ZOperatorInfo>;

export const ZOpsCompanyQuery = ZPageQuery.extend({ name: z.string().trim().max(100).optional() });
export const ZOpsCompany = z.object({
  id: z.number().int(),
  name: z.string(),
  creditCode: z.string(),
  status: z.enum(COMPANY_STATUSES),
  /** Why the company is frozen and since when (null while 正常). */
  frozenReason: z.string().nullable(),
  frozenAt: z.string().nullable(),
  serviceCompanies: z.array(ZCostRule),
});
export type TOpsCompany = z.infer<typeof ZOpsCompany>;

/** 冻结 needs a reason (the company is told it cannot pay; the audit keeps it); 解冻 may say why. */
export const ZFreezeCompanyBody = z.object({
  reason: z.string({ error: '请填写冻结原因' }).trim().min(1, '请填写冻结原因').max(200, '冻结原因最多 200 个字'),
});
export type TFreezeCompanyBody = z.input<typeof ZFreezeCompanyBody>;
export const ZUnfreezeCompanyBody = z.object({
  reason: z.string().trim().max(200, '解冻说明最多 200 个字').default(''),
});
export type TUnfreezeCompanyBody = z.input<typeof ZUnfreezeCompanyBody>;

export const ZOpsTopupQuery = ZPageQuery.extend({
  status: z.enum(['pending', 'confirmed', 'rejected'], { error: '充值状态不存在' }).optional(),
  companyId: z.coerce.number().int().positive().optional(),
});

export const ZOpsAuditQuery = ZPageQuery.extend({
  action: z.string().trim().max(60).optional(),
  from: ZDate('开始日期').optional(),
  to: ZDate('结束日期').optional(),
});
export const ZOpsAuditRow = ZAuditRowBase.extend({
  operatorId: z.number().int().nullable(),
  username: z.string().nullable(),
});
export type TOpsAuditRow = z.infer<typeof ZOpsAuditRow>;
