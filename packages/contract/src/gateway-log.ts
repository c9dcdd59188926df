import { z } from 'zod';
import { ZPageQuery } from './envelope.ts';
import { GATEWAY_LOG_REALMS, GATEWAY_STATUS_CLASSES } from './gateway-log-rules.ts';

/** An instant as ISO 8601 text (what the time pickers send). */
const ZInstant = (label: string) =>
  z
    .string({ error: `请选择${label}` })
    .trim()
    .max(40, `${label}格式不正确`)
    .refine((v) => /^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v)), `${label}格式不正确`);

const ZOptionalId = (label: string) =>
  z.coerce
    .number({ error: `${label}必须是数字` })
    .int(`${label}必须是整数`)
    .positive(`${label}必须是正整数`)
    .optional();

export const ZGatewayLogQuery = ZPageQuery.extend({
  from: ZInstant('开始时间').optional(),
  to: ZInstant('结束时间').optional(),
  companyId: ZOptionalId('企业'),
  adminId: ZOptionalId('管理员'),
  operatorId: ZOptionalId('运营人员'),
  realm: z.enum(GATEWAY_LOG_REALMS, { error: '访问域不存在' }).optional(),
  /** A route pattern (`/api/ops/topup/:id`) or the start of a path. */
  route: z.string().trim().max(200, '接口最多 200 个字符').optional(),
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'], { error: '请求方法不存在' }).optional(),
  statusClass: z.enum(GATEWAY_STATUS_CLASSES, { error: 'HTTP 状态类别不存在' }).optional(),
  code: z.coerce.number({ error: '业务码必须是数字' }).int('业务码必须是整数').min(0).max(999_999).optional(),
  /** Only requests slower than this many milliseconds. */
  minLatencyMs: z.coerce.number({ error: '耗时必须是数字' }).min(0, '耗时不能为负').max(3_600_000).optional(),
  requestId: z.string().trim().max(64, '请求编号最多 64 个字符').optional(),
});
export type TGatewayLogQuery = z.input<typeof ZGatewayLogQuery>;

/** 导出: the list's filters without paging; the range is required, as instants (the same rows whenever it runs). */
export const ZGatewayLogExportBody = ZGatewayLogQuery.omit({ page: true, limit: true }).extend({
  from: ZInstant('开始时间'),
  to: ZInstant('结束时间'),
});
export type TGatewayLogExportBody = z.input<typeof ZGatewayLogExportBody>;

export const ZGatewayLogRow = z.object({
  id: z.number().int(),
  at: z.string(),
  process: z.string(),
  realm: z.enum(GATEWAY_LOG_REALMS),
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  adminId: z.number().int().nullable(),
  operatorId: z.number().int().nullable(),
  method: z.string(),
  route: z.string(),
  path: z.string(),
  status: z.number().int(),
  code: z.number().int().nullable(),
  latencyMs: z.number(),
  bytes: z.number().int().nullable(),
  ip: z.string(),
  requestId: z.string(),
  userAgent: z.string(),
});
export type TGatewayLogRow = z.infer<typeof ZGatewayLogRow>;

export const ZGatewayLogPage = z.object({
  total: z.number().int(),
  /** The total reached the cap: there are more rows than counted. */
  capped: z.boolean(),
  rows: z.array(ZGatewayLogRow),
});
export type TGatewayLogPage = z.infer<typeof ZGatewayLogPage>;

/** One request: its log row(s), its audit rows and what the server logged about it. */
export const ZGatewayLogDetail = z.object({
  requests: z.array(ZGatewayLogRow),
  audit: z.array(
    z.object({
      id: z.number().int(),
      action: z.string(),
      target: z.string(),
      result: z.string(),
      status: z.number().int(),
      message: z.string(),
      createdAt: z.string(),
    }),
  ),
  serverLog: z.array(
    z.object({
      at: z.string(),
      process: z.string(),
      level: z.enum(['warn', 'error', 'fatal']),
      message: z.string(),
      detail: z.string(),
    }),
  ),
});
export type TGatewayLogDetail = z.infer<typeof ZGatewayLogDetail>;

export const ZGatewayLogRequestParams = z.object({
  requestId: z
    .string()
    .trim()
    .min(1, '请求编号不能为空')
    .max(64, '请求编号最多 64 个字符')
    .regex(/^[\w-]+$/, '请求编号格式不正确'),
});
