/** 导出资金明细: the ledger entries of 资金明细 as a job of the download centre. */
import {
  LEDGER_ACCOUNT_KIND_LABELS,
  LEDGER_ENTRY_TYPE_LABELS,
  ZLedgerEntryFilters,
  type TExportJob,
  type TLedgerEntryFilters,
  type TLedgerEntryType,
} from '@flexpay/contract';
import type { ServiceContext } from '../../core/context.ts';
import { chinaDateTime } from '../../lib/china-time.ts';
import type { JobQueue } from '../../lib/job-queue.ts';
import type { CellValue, SheetColumn } from '../../lib/spreadsheet.ts';
import type { AuthContext } from '../../core/auth.ts';
import type { Exporter } from '../../core/context.ts';
import * as exports from '../export/service.ts';
import { countEntries, iterateEntries } from '../ledger/service.ts';
import { serviceCompanyNames } from '../service-company/service.ts';
import { entryFiltersOf } from './service.ts';

export const LEDGER_ENTRY_EXPORT_COLUMNS: SheetColumn[] = [
  { header: '时间', width: 20 },
  { header: '服务商', width: 24 },
  { header: '账户', width: 10 },
  { header: '类型', width: 8 },
  { header: '金额（元）', width: 14 },
  { header: '余额（元）', width: 16 },
  { header: '关联单据', width: 22, text: true },
  { header: '备注', width: 30 },
];

const BATCH_ROWS = 2000;

/** Yuan as a number for the sheet (the ledger keeps fen; a sheet sums yuan). */
const yuan = (fen: number) => fen / 100;

/** Asks for an export of the entries matching 资金明细's filters. */
export function requestEntriesExport(
  ctx: ServiceContext,
  jobs: JobQueue,
  auth: AuthContext,
  filters: TLedgerEntryFilters,
): Promise<TExportJob> {
  return exports.requestExport(ctx, jobs, auth, 'ledgerEntries', { ...filters });
}

/** The 资金明细 exporter: the company's entries newest first, read in keyset batches. */
export const ledgerEntryExporter: Exporter = async (ctx, job) => {
  const parsed = ZLedgerEntryFilters.safeParse(job.filters);
  if (!parsed.success) throw new exports.ExportFailure('导出条件无效，请重新导出');
  const filters = entryFiltersOf(parsed.data);
  const total = await countEntries(ctx.db, job.companyId, filters);
  async function* batches() {
    const names = new Map<number, string>();
    for await (const rows of iterateEntries(ctx.db, job.companyId, filters, BATCH_ROWS)) {
      const missing = [...new Set(rows.map((r) => r.serviceCompanyId))].filter((id) => !names.has(id));
      if (missing.length) for (const [id, name] of await serviceCompanyNames(ctx.db, missing)) names.set(id, name);
      yield rows.map((r): CellValue[] => [
        chinaDateTime(r.createdAt),
        names.get(r.serviceCompanyId) ?? '',
        LEDGER_ACCOUNT_KIND_LABELS[r.accountKind],
        LEDGER_ENTRY_TYPE_LABELS[r.type as TLedgerEntryType] ?? r.type,
        yuan(r.amountFen),
        yuan(r.balanceAfterFen),
        r.refKind ? `${r.refKind}:${r.refId}` : '',
        r.memo,
      ]);
    }
  }
  return { columns: LEDGER_ENTRY_EXPORT_COLUMNS, total, batches: batches() };
};
