/**
 * 员工分析 (issue 28): figures of a company's workers, asked of the areas that own them: the
 * workers' groupings of the worker area (one pass over the filtered in-service workers), the
 * department tree of its departments folder, and the paid items of payroll. Each table can be
 * exported through the download centre.
 */
import {
  AGE_BANDS,
  EMPLOYEE_ANALYSIS_TABLE_LABELS,
  GENDER_LABELS,
  ZEmployeeAnalysisExportBody,
  type TAnalysisBucket,
  type TEmployeeAnalysis,
  type TEmployeeAnalysisExportBody,
  type TEmployeeAnalysisOptions,
  type TEmployeeAnalysisQuery,
  type TExportJob,
} from '@flexpay/contract';
import type { AuthContext } from '../../core/auth.ts';
import type { Exporter, ServiceContext } from '../../core/context.ts';
import type { SQL } from 'drizzle-orm';
import { chinaDateOf, chinaMonthOf } from '../../lib/china-time.ts';
import { notFound } from '../../lib/errors.ts';
import { fenToYuan } from '../../lib/money.ts';
import type { JobQueue } from '../../lib/job-queue.ts';
import * as exports from '../export/service.ts';
import { countPaidWorkers, paidMonths, sumPaidItemsByMonth } from '../payroll/batches/paid-figures.ts';
import { departmentTree } from '../worker/organization/service.ts';
import { jobTypeNames, listAllJobTypes } from '../worker/job-types/service.ts';
import {
  analyseWorkers,
  analyseWorkersKept,
  listDepartments,
  toRepoFilter,
  workerListWhere,
} from '../worker/service.ts';

/** How many months the payout chart shows, this one included. */
export const ANALYSIS_MONTHS = 12;

const BAND_EDGES = AGE_BANDS.slice(1).map((b) => b.from);
const NO_JOB_TYPE = '未设置工种';
const NO_DEPARTMENT = '未分配部门';

/** The `count` last calendar months up to the one holding `instant`, oldest first ('YYYY-MM'). */
export function lastMonths(instant: Date, count: number): string[] {
  const [y, m] = chinaMonthOf(instant).month.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(y, m - 1 - (count - 1 - i), 1));
    return d.toISOString().slice(0, 7);
  });
}

const monthStart = (month: string) => new Date(Date.parse(`${month}-01T00:00:00+08:00`));

function byCountDesc(a: TAnalysisBucket, b: TAnalysisBucket) {
  return b.count - a.count || a.label.localeCompare(b.label, 'zh');
}

/** Another company's department, or none: 部门不存在, instead of zeros or a job that fails later. */
function assertDepartmentIn(tree: readonly { id: number }[], departmentId: number | undefined): void {
  if (departmentId !== undefined && !tree.some((d) => d.id === departmentId)) throw notFound('部门不存在');
}

export async function getEmployeeAnalysis(
  ctx: ServiceContext,
  companyId: number,
  query: TEmployeeAnalysisQuery,
): Promise<TEmployeeAnalysis> {
  const now = ctx.now();
  const month = chinaMonthOf(now);
  const months = lastMonths(now, ANALYSIS_MONTHS);
  const filtered = query.departmentId !== undefined || query.jobTypeId !== undefined;
  const today = chinaDateOf(now);
  // The whole company's figures are kept by the database (migration 0043): a few thousand rows
  // whatever its size. A filter narrows to workers, which are counted (and their items summed).
  const where = workerListWhere(companyId, toRepoFilter(ctx, query)) as SQL;
  const [rows, tree, jobTypes, monthly, paidThisMonth] = await Promise.all([
    filtered
      ? analyseWorkers(ctx.db, where, today, `${month.month}-01`, BAND_EDGES)
      : analyseWorkersKept(ctx.db, companyId, today, `${month.month}-01`, BAND_EDGES),
    departmentTree(ctx.db, companyId),
    jobTypeNames(ctx.db, companyId),
    filtered
      ? sumPaidItemsByMonth(ctx.db, companyId, monthStart(months[0]!), month.end, where)
      : paidMonths(ctx.db, companyId, months[0]!, month.month),
    filtered ? countPaidWorkers(ctx.db, companyId, month.start, month.end, where) : null,
  ]);
  assertDepartmentIn(tree, query.departmentId);
  const of = (grp: string) => rows.filter((r) => r.grp === grp);
  const total = of('total')[0];

  const gender = of('gender').map((r) => ({
    key: r.key ?? '',
    label: GENDER_LABELS[r.key === 'female' ? 'female' : 'male'],
    count: r.count,
  }));
  const bandCounts = new Map(of('band').map((r) => [Number(r.key), r.count]));
  const ageBand = AGE_BANDS.map((b, i) => ({ key: b.key, label: b.label, count: bandCounts.get(i) ?? 0 }));
  const province = of('province')
    .map((r) => ({ key: r.key ?? '', label: r.key || '未知', count: r.count }))
    .sort(byCountDesc);
  const jobTypeName = new Map(jobTypes.map((j) => [String(j.id), j.name]));
  const jobType = of('job_type')
    .map((r) => ({
      key: r.key ?? '',
      label: r.key === null ? NO_JOB_TYPE : (jobTypeName.get(r.key) ?? NO_JOB_TYPE),
      count: r.count,
    }))
    .sort(byCountDesc);

  // Departments: each worker's department rolled up to the level shown, the children of the
  // filtered department (its own workers apart), or the top level; a tree under one top (the
  // company itself, as 组织架构 draws it) shows that top's children, not one bar of everyone.
  const parentOf = new Map(tree.map((d) => [d.id, d.parentId]));
  const nameOf = new Map(tree.map((d) => [d.id, d.name]));
  const roots = tree.filter((d) => d.parentId === null);
  const top = query.departmentId ?? (roots.length === 1 ? (roots[0]?.id ?? null) : null);
  const shownOf = (id: number): number | null => {
    let at: number | null = id;
    while (at !== null && parentOf.get(at) !== top) at = parentOf.get(at) ?? null;
    return at;
  };
  const departmentCounts = new Map<string, TAnalysisBucket>();
  for (const r of of('department')) {
    const id = r.key === null ? null : Number(r.key);
    const shown = id === null ? null : id === top ? id : shownOf(id);
    const key = shown === null ? '' : String(shown);
    const label =
      shown === null
        ? NO_DEPARTMENT
        : shown === top
          ? `${nameOf.get(shown) ?? ''}（本部门）`
          : (nameOf.get(shown) ?? '');
    const b = departmentCounts.get(key) ?? { key, label, count: 0 };
    b.count += r.count;
    departmentCounts.set(key, b);
  }
  const paid = new Map(monthly.map((m) => [m.month, m]));

  return {
    total: total?.count ?? 0,
    newThisMonth: total?.joined ?? 0,
    paidThisMonth: paidThisMonth ?? paid.get(month.month)?.workers ?? 0,
    gender,
    ageBand,
    province,
    jobType,
    department: [...departmentCounts.values()].sort(byCountDesc),
    monthly: months.map((m) => ({
      month: m,
      amountFen: paid.get(m)?.amountFen ?? 0,
      workers: paid.get(m)?.workers ?? 0,
    })),
  };
}

// ── Export through the download centre ──────────────────────────────────────────────────────

/**
 * Starts the export of one table. Its filters are checked now, as the figures' own call checks
 * them: another company's department is refused with 部门不存在 instead of a job that fails later.
 */
export async function requestAnalysisExport(
  ctx: ServiceContext,
  jobs: JobQueue,
  auth: AuthContext,
  body: TEmployeeAnalysisExportBody,
): Promise<TExportJob> {
  if (body.departmentId !== undefined)
    assertDepartmentIn(await departmentTree(ctx.db, auth.companyId), body.departmentId);
  return exports.requestExport(ctx, jobs, auth, 'employeeAnalysis', { ...body });
}

/** One table of the analysis, computed when the export runs, as a sheet. */
export const employeeAnalysisExporter: Exporter = async (ctx, job) => {
  const parsed = ZEmployeeAnalysisExportBody.safeParse(job.filters);
  if (!parsed.success) throw new exports.ExportFailure('导出条件无效，请重新导出');
  const { table, ...query } = parsed.data;
  const data = await getEmployeeAnalysis(ctx, job.companyId, query);
  if (table === 'monthly') {
    const rows = data.monthly.map((m) => [m.month, fenToYuan(m.amountFen), m.workers]);
    return {
      columns: [
        { header: '月份', width: 10 },
        { header: '发放金额（元）', width: 16 },
        { header: '发放人数', width: 10 },
      ],
      total: rows.length,
      batches: (async function* () {
        yield rows;
      })(),
    };
  }
  const buckets = data[table];
  const sum = buckets.reduce((s, b) => s + b.count, 0);
  const rows = buckets.map((b) => [b.label, b.count, sum ? `${((b.count / sum) * 100).toFixed(1)}%` : '0.0%']);
  return {
    columns: [
      { header: EMPLOYEE_ANALYSIS_TABLE_LABELS[table].replace('分布', ''), width: 18 },
      { header: '人数', width: 10 },
      { header: '占比', width: 10 },
    ],
    total: rows.length,
    batches: (async function* () {
      yield rows;
    })(),
  };
};

/** The filters' choices: the company's departments and job types, asked of the worker area. */
export async function getAnalysisOptions(ctx: ServiceContext, auth: AuthContext): Promise<TEmployeeAnalysisOptions> {
  const [departments, jobTypes] = [await listDepartments(ctx, auth), await listAllJobTypes(ctx, auth)];
  return { departments, jobTypes: jobTypes.map(({ id, name }) => ({ id, name })) };
}
