/** 导出 of 开票记录: the applications of the list's filters as a job of the download centre. */
import {
  INVOICE_STATUS_LABELS,
  INVOICE_TYPE_LABELS,
  invoiceApplicationNo,
  ZInvoiceExportFilters,
  type TExportJob,
  type TInvoiceExportFilters,
  type TInvoiceStatus,
} from '@flexpay/contract';
import type { AuthContext } from '../../../core/auth.ts';
import type { Exporter, ServiceContext } from '../../../core/context.ts';
import { ExportFailure } from '../../../core/exporter.ts';
import { chinaDateTime } from '../../../lib/china-time.ts';
import type { JobQueue } from '../../../lib/job-queue.ts';
import type { CellValue, SheetColumn } from '../../../lib/spreadsheet.ts';
import * as exports from '../../export/service.ts';
import { filtersOf } from './service.ts';
import * as repo from './repo.ts';

export const INVOICE_EXPORT_COLUMNS: SheetColumn[] = [
  { header: '申请编号', width: 14, text: true },
  { header: '服务商', width: 24 },
  { header: '发票类型', width: 16 },
  { header: '开票内容', width: 22 },
  { header: '开票金额（元）', width: 14 },
  { header: '订单数', width: 8 },
  { header: '发票抬头', width: 24 },
  { header: '纳税人识别号', width: 22, text: true },
  { header: '状态', width: 10 },
  { header: '发票号码', width: 22, text: true },
  { header: '开票日期', width: 12, text: true },
  { header: '申请人', width: 12 },
  { header: '申请时间', width: 20 },
];

const BATCH_ROWS = 1000;

/** Asks for an export of 开票记录 with the list's filters. */
export function requestInvoicesExport(
  ctx: ServiceContext,
  jobs: JobQueue,
  auth: AuthContext,
  filters: TInvoiceExportFilters,
): Promise<TExportJob> {
  return exports.requestExport(ctx, jobs, auth, 'invoices', { ...filters });
}

/** The 开票记录 exporter: newest first, as the list shows them, a page of ids at a time. */
export const invoicesExporter: Exporter = async (ctx, job) => {
  const parsed = ZInvoiceExportFilters.safeParse(job.filters);
  if (!parsed.success) throw new ExportFailure('导出条件无效，请重新导出');
  const filters = filtersOf(job.companyId, { ...parsed.data, page: 1, limit: 1 });
  const { total } = await repo.findApplicationPage(ctx.db, filters, 1, 1);
  async function* batches() {
    for (let page = 1; (page - 1) * BATCH_ROWS < total; page++) {
      const { rows } = await repo.findApplicationPage(ctx.db, filters, page, BATCH_ROWS);
      if (!rows.length) return;
      yield rows.map((a): CellValue[] => [
        invoiceApplicationNo(a.id),
        a.serviceCompanyName,
        INVOICE_TYPE_LABELS[a.invoiceType === 'special' ? 'special' : 'normal'],
        a.content,
        a.amountFen / 100,
        a.batchCount,
        a.title,
        a.taxNo,
        INVOICE_STATUS_LABELS[a.status as TInvoiceStatus] ?? a.status,
        a.invoiceNo ?? '',
        a.invoiceDate ?? '',
        a.creatorName,
        chinaDateTime(a.createdAt),
      ]);
    }
  }
  return { columns: INVOICE_EXPORT_COLUMNS, total, batches: batches() };
};
