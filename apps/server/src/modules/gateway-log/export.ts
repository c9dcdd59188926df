/**
 * 导出 of 网关日志: the list's filters become a job of the operators' 下载中心 (modules/export/ops),
 * and this is its exporter: the page's columns in Chinese, the rows oldest first in keyset
 * batches. The log holds no body, token or query string, so neither does the file.
 */
import {
  GATEWAY_LOG_EXPORT_CAP,
  GATEWAY_LOG_EXPORT_TOO_MANY,
  GATEWAY_LOG_REALM_LABELS,
  ZGatewayLogExportBody,
  type TExportJob,
} from '@flexpay/contract';
import type { z } from 'zod';
import type { OperatorContext } from '../../core/auth.ts';
import type { OpsExporter, ServiceContext } from '../../core/context.ts';
import { ExportFailure } from '../../core/exporter.ts';
import { chinaDateTimeMs } from '../../lib/china-time.ts';
import { invalidField } from '../../lib/errors.ts';
import type { JobQueue } from '../../lib/job-queue.ts';
import type { CellValue, SheetColumn } from '../../lib/spreadsheet.ts';
import { requestOpsExport } from '../export/ops/service.ts';
import * as repo from './repo.ts';
import { filtersOf } from './service.ts';

/** The columns of the export, in the page's words. */
export const GATEWAY_LOG_EXPORT_COLUMNS: SheetColumn[] = [
  { header: '时间', width: 24 },
  { header: '进程', width: 16 },
  { header: '领域', width: 8 },
  { header: '企业', width: 24 },
  { header: '管理员/运营', width: 18 },
  { header: '方法', width: 8 },
  { header: '路由', width: 40 },
  { header: '路径', width: 44 },
  { header: '状态码', width: 8 },
  { header: '业务码', width: 8 },
  { header: '耗时(ms)', width: 10 },
  { header: '字节', width: 10 },
  { header: '客户端地址', width: 16 },
  { header: '请求编号', width: 36, text: true },
  { header: 'User-Agent', width: 40 },
];

/** Rows read per statement. */
const BATCH_ROWS = 5000;

/** A name with its id (`星河科技有限公司 (#3)`), the id alone when the name is gone, '' for none. */
const named = (name: string | null, id: number | null) => (id === null ? '' : name ? `${name} (#${id})` : `#${id}`);

function cellsOf(r: repo.GatewayLogExportRow): CellValue[] {
  return [
    chinaDateTimeMs(r.at),
    r.process,
    GATEWAY_LOG_REALM_LABELS[r.realm as keyof typeof GATEWAY_LOG_REALM_LABELS] ?? r.realm,
    named(r.companyName, r.companyId),
    r.realm === 'operator' ? named(r.operatorName, r.operatorId) : named(r.adminName, r.adminId),
    r.method,
    r.route,
    r.path,
    r.status,
    r.code,
    Math.round(r.latencyMs * 10) / 10,
    r.bytes,
    r.ip,
    r.requestId,
    r.userAgent,
  ];
}

/**
 * Asks for an export of the requests matching 网关日志's filters. Refused up front: a range that
 * is missing or wrong (the schema, then the list's own checks), no matching request, or more
 * than GATEWAY_LOG_EXPORT_CAP of them.
 */
export async function requestGatewayLogExport(
  ctx: ServiceContext,
  jobs: JobQueue,
  op: OperatorContext,
  body: z.output<typeof ZGatewayLogExportBody>,
): Promise<TExportJob> {
  const count = await repo.countGatewayLog(ctx.db, filtersOf(ctx, body), GATEWAY_LOG_EXPORT_CAP);
  if (count === 0) throw invalidField('from', '该时间范围内没有符合条件的请求，无需导出');
  if (count > GATEWAY_LOG_EXPORT_CAP) throw invalidField('from', GATEWAY_LOG_EXPORT_TOO_MANY);
  return requestOpsExport(ctx, jobs, op, 'gatewayLog', { ...body });
}

/** The operators' 下载中心's maker of 网关日志 sheets, in the platform's scope (the log is no company's). */
export const gatewayLogExporter: OpsExporter = async (ctx, job) => {
  const parsed = ZGatewayLogExportBody.safeParse(job.filters);
  if (!parsed.success) throw new ExportFailure('导出条件无效，请重新导出');
  const filters = filtersOf(ctx, parsed.data);
  const total = await repo.countGatewayLog(ctx.db, filters, GATEWAY_LOG_EXPORT_CAP);
  async function* batches() {
    for await (const rows of repo.iterateGatewayLog(ctx.db, filters, BATCH_ROWS)) yield rows.map(cellsOf);
  }
  return { columns: GATEWAY_LOG_EXPORT_COLUMNS, total, batches: batches() };
};
