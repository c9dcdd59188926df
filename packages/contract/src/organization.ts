import { z } from 'zod';
import { ZId } from './envelope.ts';
import {
  EMPLOYEE_ANALYSIS_TABLES,
  SUBMIT_GRANULARITIES,
  SUBMIT_KINDS,
  SUBMIT_MAX_DAYS,
  SUBMIT_MAX_MONTHS,
} from './organization-rules.ts';
import { ZDate } from './primitives.ts';

export * from './organization-rules.ts';

// ── 组织架构 ────────────────────────────────────────────────────────────────────────────────

const ZDepartmentName = z.string().trim().min(1, '请输入部门名称').max(50, '部门名称最多 50 个字');

/** A department of the tree, with its head count including every department under it. */
export const ZDepartmentNode = z.object({
  id: z.number(),
  parentId: z.number().nullable(),
  name: z.string(),
  sort: z.number(),
  leader: z.object({ kind: z.enum(['admin', 'worker']), id: z.number(), name: z.string() }).nullable(),
  /** In-service (在职) workers of this department alone. */
  ownCount: z.number(),
  /** In-service (在职) workers of this department and every department under it. */
  headCount: z.number(),
});
export type TDepartmentNode = z.infer<typeof ZDepartmentNode>;

export const ZCreateDepartmentBody = z.object({
  name: ZDepartmentName,
  /** null: a top-level department. */
  parentId: ZId.nullable(),
});
export type TCreateDepartmentBody = z.infer<typeof ZCreateDepartmentBody>;

export const ZRenameDepartmentBody = z.object({ name: ZDepartmentName });
export type TRenameDepartmentBody = z.infer<typeof ZRenameDepartmentBody>;

/** The leader: one of the company's admins or workers, or none. */
export const ZDepartmentLeaderBody = z.object({
  leader: z.object({ kind: z.enum(['admin', 'worker']), id: ZId }).nullable(),
});
export type TDepartmentLeaderBody = z.infer<typeof ZDepartmentLeaderBody>;

/**
 * Where a department goes: under `parentId` (null: top level), at position `index` among its new
 * siblings (0 first; past the end: last).
 */
export const ZMoveDepartmentBody = z.object({
  parentId: ZId.nullable(),
  index: z.number().int().min(0).max(100_000),
});
export type TMoveDepartmentBody = z.infer<typeof ZMoveDepartmentBody>;

export const ZMoveWorkersBody = z.object({
  workerIds: z.array(ZId).min(1, '请选择员工').max(500, '一次最多调动 500 名员工'),
  departmentId: ZId,
});
export type TMoveWorkersBody = z.infer<typeof ZMoveWorkersBody>;

export const ZLeaderOptionQuery = z.object({ keyword: z.string().trim().max(50).optional() });
export const ZLeaderOption = z.object({
  kind: z.enum(['admin', 'worker']),
  id: z.number(),
  name: z.string(),
  /** Masked mobile, to tell two of the same name apart. */
  hint: z.string(),
});
export type TLeaderOption = z.infer<typeof ZLeaderOption>;

// ── 员工分析 ────────────────────────────────────────────────────────────────────────────────

export const ZEmployeeAnalysisQuery = z.object({
  /** The department and every department under it. */
  departmentId: ZId.optional(),
  jobTypeId: ZId.optional(),
});
export type TEmployeeAnalysisQuery = z.infer<typeof ZEmployeeAnalysisQuery>;

const ZBucket = z.object({ key: z.string(), label: z.string(), count: z.number() });
export type TAnalysisBucket = z.infer<typeof ZBucket>;

export const ZEmployeeAnalysis = z.object({
  /** Workers in service (在职) matching the filters. */
  total: z.number(),
  /** Of those, joined this month (Beijing time). */
  newThisMonth: z.number(),
  /** Distinct workers paid this month (paid payroll items). */
  paidThisMonth: z.number(),
  gender: z.array(ZBucket),
  ageBand: z.array(ZBucket),
  province: z.array(ZBucket),
  jobType: z.array(ZBucket),
  department: z.array(ZBucket),
  /** The last 12 months, oldest first: amount paid (fen) and distinct workers paid. */
  monthly: z.array(z.object({ month: z.string(), amountFen: z.number(), workers: z.number() })),
});
export type TEmployeeAnalysis = z.infer<typeof ZEmployeeAnalysis>;

/**
 * The choices of the analysis's filters, under the analysis's own element (an admin may see the
 * analysis without seeing the worker list).
 */
export const ZEmployeeAnalysisOptions = z.object({
  departments: z.array(z.object({ id: z.number(), name: z.string(), parentId: z.number().nullable() })),
  jobTypes: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type TEmployeeAnalysisOptions = z.infer<typeof ZEmployeeAnalysisOptions>;

/** The download centre's filters of an analysis table's export. */
export const ZEmployeeAnalysisExportBody = ZEmployeeAnalysisQuery.extend({
  table: z.enum(EMPLOYEE_ANALYSIS_TABLES),
});
export type TEmployeeAnalysisExportBody = z.infer<typeof ZEmployeeAnalysisExportBody>;

/** The whole months from one day's month to another's, both counted (`2026-01-31`..`2026-03-01` is 3). */
export function monthsSpanned(from: string, to: string): number {
  const [fy, fm] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  return (ty - fy) * 12 + (tm - fm) + 1;
}

/**
 * 提交统计: the days (Beijing time) from `from` to `to`, both included; by month, the whole
 * months holding them.
 */
export const ZSubmitStatsQuery = z
  .object({
    granularity: z.enum(SUBMIT_GRANULARITIES, { error: '统计方式只能按日或按月' }).default('day'),
    from: ZDate('开始日期'),
    to: ZDate('结束日期'),
    /** One service company of the company's, or all. */
    serviceCompanyId: ZId.optional(),
  })
  .refine((q) => q.to >= q.from, { path: ['to'], message: '结束日期不能早于开始日期' })
  .refine(
    (q) =>
      q.to < q.from ||
      (q.granularity === 'day'
        ? (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < SUBMIT_MAX_DAYS
        : monthsSpanned(q.from, q.to) <= SUBMIT_MAX_MONTHS),
    { path: ['to'], message: `按日最多统计 ${SUBMIT_MAX_DAYS} 天，按月最多 ${SUBMIT_MAX_MONTHS} 个月` },
  );
export type TSubmitStatsQuery = z.input<typeof ZSubmitStatsQuery>;

export const ZSubmitStatsRow = z.object({
  /** `YYYY-MM-DD` or `YYYY-MM`. */
  period: z.string(),
  kind: z.enum(SUBMIT_KINDS),
  status: z.string(),
  statusLabel: z.string(),
  serviceCompanyId: z.number(),
  serviceCompanyName: z.string(),
  count: z.number(),
  amountFen: z.number(),
});
export type TSubmitStatsRow = z.infer<typeof ZSubmitStatsRow>;

export const ZSubmitStats = z.object({
  /** Every day or month of the range, oldest first, those with nothing submitted included. */
  periods: z.array(z.string()),
  /** Per period, kind, status and service company: what was submitted and its amount (fen). */
  rows: z.array(ZSubmitStatsRow),
});
export type TSubmitStats = z.infer<typeof ZSubmitStats>;
