/**
 * 提交统计 (issue 38): what the company submitted (payroll batches, invoice applications,
 * top-ups) per Beijing day or month, by status and service company, each asked of the area that
 * owns it. Each reads the range of its table's `(company_id, created_at, id)` index (ADR 0022):
 * the cost follows the range asked (at most 31 days or 12 months), not the company's history.
 */
import {
  INVOICE_STATUS_LABELS,
  PAYROLL_STATUS_LABELS,
  SUBMIT_KIND_LABELS,
  SUBMIT_KINDS,
  TOPUP_STATUS_LABELS,
  ZSubmitStatsQuery,
  type TExportJob,
  type TSubmitKind,
  type TSubmitStats,
  type TSubmitStatsRow,
} from '@flexpay/contract';
import type { z } from 'zod';
import type { AuthContext } from '../../core/auth.ts';
import type { Exporter, ServiceContext } from '../../core/context.ts';
import type { SubmittedGroup, SubmittedRange } from '../../db/submitted-by-period.ts';
import { chinaDay } from '../../lib/china-time.ts';
import { invalidField } from '../../lib/errors.ts';
import type { JobQueue } from '../../lib/job-queue.ts';
import { fenToYuan } from '../../lib/money.ts';
import * as exports from '../export/service.ts';
import { countApplicationsSubmitted } from '../invoice/applications/service.ts';
import { countTopupsSubmitted } from '../money/service.ts';
import { countBatchesSubmitted } from '../payroll/batches/paid-figures.ts';
import { listServiceCompanyOptions } from '../service-company/service.ts';

type Query = z.output<typeof ZSubmitStatsQuery>;

const STATUS_LABELS: Record<TSubmitKind, Record<string, string>> = {
  payroll: PAYROLL_STATUS_LABELS,
  invoice: INVOICE_STATUS_LABELS,
  topup: TOPUP_STATUS_LABELS,
};

/** Every day (`YYYY-MM-DD`) or month (`YYYY-MM`) from `from` to `to`, both included. */
export function periodsOf(unit: 'day' | 'month', from: string, to: string): string[] {
  const out: string[] = [];
  if (unit === 'day') {
    for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
      out.push(new Date(t).toISOString().slice(0, 10));
    }
    return out;
  }
  const [fy, fm] = from.split('-').map(Number) as [number, number];
  const last = to.slice(0, 7);
  for (let i = 0; ; i++) {
    const month = new Date(Date.UTC(fy, fm - 1 + i, 1)).toISOString().slice(0, 7);
    out.push(month);
    if (month >= last) return out;
  }
}

/** The instants a query covers: its days, or the whole months holding them (Beijing time). */
function rangeOf(q: Query, periods: string[]): { start: Date; end: Date } {
  if (q.granularity === 'day') return { start: chinaDay(q.from).start, end: chinaDay(q.to).end };
  const lastMonth = periods[periods.length - 1] ?? q.to.slice(0, 7);
  const [y, m] = lastMonth.split('-').map(Number) as [number, number];
  const nextMonth = new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
  return { start: chinaDay(`${q.from.slice(0, 7)}-01`).start, end: chinaDay(nextMonth).start };
}

export async function getSubmitStatistics(ctx: ServiceContext, companyId: number, q: Query): Promise<TSubmitStats> {
  const companies = await listServiceCompanyOptions(ctx, companyId);
  const nameOf = new Map(companies.map((c) => [c.id, c.name]));
  if (q.serviceCompanyId !== undefined && !nameOf.has(q.serviceCompanyId)) {
    // Another company's service company, or one the company does not work with.
    throw invalidField('serviceCompanyId', '服务商不存在');
  }
  const periods = periodsOf(q.granularity, q.from, q.to);
  const range: SubmittedRange = {
    companyId,
    ...rangeOf(q, periods),
    unit: q.granularity,
    serviceCompanyId: q.serviceCompanyId,
  };
  const found: Record<TSubmitKind, SubmittedGroup[]> = Object.fromEntries(
    await Promise.all([
      countBatchesSubmitted(ctx.db, range).then((r) => ['payroll', r] as const),
      countApplicationsSubmitted(ctx.db, range).then((r) => ['invoice', r] as const),
      countTopupsSubmitted(ctx.db, range).then((r) => ['topup', r] as const),
    ]),
  ) as Record<TSubmitKind, SubmittedGroup[]>;
  const rows: TSubmitStatsRow[] = SUBMIT_KINDS.flatMap((kind) =>
    found[kind].map((g) => ({
      period: g.period,
      kind,
      status: g.status,
      statusLabel: STATUS_LABELS[kind][g.status] ?? g.status,
      serviceCompanyId: g.serviceCompanyId,
      // A service company the company no longer works with keeps its rows, by number.
      serviceCompanyName: nameOf.get(g.serviceCompanyId) ?? `服务商 ${g.serviceCompanyId}`,
      count: g.count,
      amountFen: g.amountFen,
    })),
  );
  const kindOrder = (k: TSubmitKind) => SUBMIT_KINDS.indexOf(k);
  rows.sort(
    (a, b) =>
      a.period.localeCompare(b.period) ||
      kindOrder(a.kind) - kindOrder(b.kind) ||
      a.serviceCompanyName.localeCompare(b.serviceCompanyName, 'zh') ||
      a.statusLabel.localeCompare(b.statusLabel, 'zh'),
  );
  return { periods, rows };
}

// ── Export through the download centre ──────────────────────────────────────────────────────

export function requestSubmitStatisticsExport(
  ctx: ServiceContext,
  jobs: JobQueue,
  auth: AuthContext,
  body: Query,
): Promise<TExportJob> {
  return exports.requestExport(ctx, jobs, auth, 'submitStatistics', { ...body });
}

/** The table of 提交统计 with the filters of its export, computed when the export runs. */
export const submitStatisticsExporter: Exporter = async (ctx, job) => {
  const parsed = ZSubmitStatsQuery.safeParse(job.filters);
  if (!parsed.success) throw new exports.ExportFailure('导出条件无效，请重新导出');
  const data = await getSubmitStatistics(ctx, job.companyId, parsed.data);
  const rows = data.rows.map((r) => [
    r.period,
    SUBMIT_KIND_LABELS[r.kind],
    r.statusLabel,
    r.serviceCompanyName,
    r.count,
    fenToYuan(r.amountFen),
  ]);
  return {
    columns: [
      { header: parsed.data.granularity === 'day' ? '日期' : '月份', width: 12 },
      { header: '类型', width: 10 },
      { header: '状态', width: 10 },
      { header: '服务商', width: 24 },
      { header: '笔数', width: 8 },
      { header: '金额（元）', width: 16 },
    ],
    total: rows.length,
    batches: (async function* () {
      yield rows;
    })(),
  };
};
