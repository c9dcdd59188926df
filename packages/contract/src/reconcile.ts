import { z } from 'zod';
import { ZId, ZPageQuery } from './envelope.ts';
import { ZDate } from './primitives.ts';
import {
  RECONCILE_DAY_STATUSES,
  RECONCILE_DIFFERENCE_KINDS,
  RECONCILE_DIFFERENCE_STATUSES,
  RECONCILE_RESOLUTIONS,
} from './reconcile-rules.ts';

const ZFen = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const ZSignedFen = z.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);

/** /ops 对账: the reconciled days, newest first. */
export const ZReconcileDayQuery = ZPageQuery.extend({
  serviceCompanyId: z.coerce
    .number({ error: '服务商必须是数字' })
    .int('服务商必须是整数')
    .positive('服务商必须是正整数')
    .optional(),
  status: z.enum(RECONCILE_DAY_STATUSES, { error: '对账状态不存在' }).optional(),
  /** Only days with differences not resolved yet. */
  open: z
    .enum(['true', 'false'], { error: '请选择是否只看待处理' })
    .transform((v) => v === 'true')
    .optional(),
});
export type TReconcileDayQuery = z.input<typeof ZReconcileDayQuery>;

export const ZReconcileDay = z.object({
  id: z.number().int(),
  serviceCompanyId: z.number().int(),
  serviceCompanyName: z.string(),
  day: z.string(),
  status: z.enum(RECONCILE_DAY_STATUSES),
  lineCount: z.number().int(),
  matchedCount: z.number().int(),
  matchedFen: ZFen,
  differenceCount: z.number().int(),
  openCount: z.number().int(),
  /** Why the statement was refused. */
  error: z.string().nullable(),
  attempts: z.number().int(),
  updatedAt: z.string(),
});
export type TReconcileDay = z.infer<typeof ZReconcileDay>;

export const ZReconcileDifferenceQuery = ZPageQuery.extend({
  status: z.enum(RECONCILE_DIFFERENCE_STATUSES, { error: '处理状态不存在' }).optional(),
});
export type TReconcileDifferenceQuery = z.input<typeof ZReconcileDifferenceQuery>;

export const ZReconcileDifference = z.object({
  id: z.number().int(),
  dayId: z.number().int(),
  day: z.string(),
  serviceCompanyName: z.string(),
  kind: z.enum(RECONCILE_DIFFERENCE_KINDS),
  ref: z.string(),
  companyName: z.string().nullable(),
  payoutId: z.number().int().nullable(),
  holderName: z.string().nullable(),
  ourStatus: z.string().nullable(),
  ourAmountFen: ZFen.nullable(),
  providerRef: z.string().nullable(),
  providerStatus: z.string().nullable(),
  providerAmountFen: ZFen.nullable(),
  providerLines: z.number().int(),
  providerAt: z.string().nullable(),
  /** What its quarantine added to the suspense account (signed fen). */
  suspenseFen: ZSignedFen,
  status: z.enum(RECONCILE_DIFFERENCE_STATUSES),
  resolution: z.enum(RECONCILE_RESOLUTIONS).nullable(),
  reason: z.string().nullable(),
  resolvedByName: z.string().nullable(),
  resolvedAt: z.string().nullable(),
});
export type TReconcileDifference = z.infer<typeof ZReconcileDifference>;

export const ZResolveDifferenceBody = z.object({
  resolution: z.enum(RECONCILE_RESOLUTIONS, { error: '请选择处理方式' }),
  reason: z.string({ error: '请填写处理原因' }).trim().min(2, '处理原因至少 2 个字').max(200, '处理原因最多 200 个字'),
});
export type TResolveDifferenceBody = z.input<typeof ZResolveDifferenceBody>;

export const ZResolveDifferenceResult = z.object({
  id: z.number().int(),
  resolution: z.enum(RECONCILE_RESOLUTIONS),
  /** The ledger transfer the resolution posted (none when nothing was in suspense). */
  transferId: z.number().int().nullable(),
  /** What the provider answered when asked again (ours). */
  providerAnswer: z.string().nullable(),
});
export type TResolveDifferenceResult = z.infer<typeof ZResolveDifferenceResult>;

/** 立即对账: one service company's day, now (a day refused before is tried again). */
export const ZReconcileRunBody = z.object({
  serviceCompanyId: ZId,
  day: ZDate('对账日期'),
});
export type TReconcileRunBody = z.input<typeof ZReconcileRunBody>;

export const ZReconcileRunResult = z.object({
  dayId: z.number().int().nullable(),
  /** done: reconciled now; already: it had been; refused: the statement was refused. */
  outcome: z.enum(['done', 'already', 'refused']),
  differenceCount: z.number().int(),
  error: z.string().nullable(),
});
export type TReconcileRunResult = z.infer<typeof ZReconcileRunResult>;

/** The operators' alert: differences waiting and statements refused; the service companies to run. */
export const ZReconcileAlerts = z.object({
  openDifferences: z.number().int(),
  refusedDays: z.number().int(),
  serviceCompanies: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type TReconcileAlerts = z.infer<typeof ZReconcileAlerts>;
