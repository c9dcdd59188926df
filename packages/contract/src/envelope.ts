import { z } from 'zod';

/** Every response: `{ status, message?, data? }`; `status: 200` is success. */
export function ZEnvelope<T extends z.ZodType>(data: T) {
  return z.object({
    status: z.number().int(),
    message: z.string().optional(),
    data,
  });
}

export const ZFieldError = z.object({
  path: z.string(),
  message: z.string(),
});
export type TFieldError = z.infer<typeof ZFieldError>;

export const ZErrorEnvelope = z.object({
  status: z.number().int(),
  message: z.string(),
  data: z
    .object({
      errors: z.array(ZFieldError).optional(),
      requestId: z.string().optional(),
    })
    .optional(),
});
export type TErrorEnvelope = z.infer<typeof ZErrorEnvelope>;

export interface TEnvelope<T> {
  status: number;
  message?: string;
  data?: T;
}

export const PAGE_LIMIT_DEFAULT = 10;
export const PAGE_LIMIT_MAX = 200;

/** `page` (from 1) and `limit` of every list call. Query strings arrive as text, hence coerce. */
export const ZPageQuery = z.object({
  page: z.coerce.number({ error: '页码必须是数字' }).int('页码必须是整数').min(1, '页码最小为 1').default(1),
  limit: z.coerce
    .number({ error: '每页条数必须是数字' })
    .int('每页条数必须是整数')
    .min(1, '每页条数最小为 1')
    .max(PAGE_LIMIT_MAX, `每页条数最多为 ${PAGE_LIMIT_MAX}`)
    .default(PAGE_LIMIT_DEFAULT),
});
export type TPageQuery = z.infer<typeof ZPageQuery>;

/** The list shape `{ total, rows }`. */
export function ZPage<T extends z.ZodType>(row: T) {
  return z.object({ total: z.number().int(), rows: z.array(row) });
}
export interface TPage<T> {
  total: number;
  rows: T[];
}

/** A row id: a positive integer, from a path or query string (text, hence coerce). */
export const ZId = z.coerce
  .number({ error: 'id 必须是数字' })
  .int('id 必须是整数')
  .positive('id 必须是正整数')
  .max(Number.MAX_SAFE_INTEGER, 'id 超出范围');

/** The path parameters `/:id`. */
export const ZIdParams = z.object({ id: ZId });
export type TIdParams = z.infer<typeof ZIdParams>;

/** The path parameters `/:id` of what is keyed by text: a stored file, an export or an import job. */
export const ZKeyParams = z.object({ id: z.string().max(64) });
export type TKeyParams = z.infer<typeof ZKeyParams>;
