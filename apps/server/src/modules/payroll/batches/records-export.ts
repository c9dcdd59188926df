/** 导出发放记录: the items of 发放记录's filters as a job of the download centre. */
import {
  ITEM_PAY_STATUS_LABELS,
  PAYOUT_CHANNEL_LABELS,
  PAYOUT_RECONCILING_LABEL,
  PAYOUT_RECONCILING_SHORT,
  payrollBatchNo,
  ZGrantRecordFilters,
  type TExportJob,
  type TGrantRecordFilters,
  type TItemPayStatus,
  type TPayoutChannel,
} from '@flexpay/contract';
import type { ServiceContext } from '../../../core/context.ts';
import { chinaDateTime } from '../../../lib/china-time.ts';
import { maskIdCard } from '../../../lib/id-card.ts';
import type { JobQueue } from '../../../lib/job-queue.ts';
import type { CellValue, SheetColumn } from '../../../lib/spreadsheet.ts';
import type { AuthContext } from '../../../core/auth.ts';
import type { Exporter } from '../../../core/context.ts';
import * as exports from '../../export/service.ts';
import { BANKS } from '../../worker/rules.ts';
import * as repo from './repo.ts';

/** 支付状态 and 失败原因: 对账中 and the platform's explanation for a held item, never the provider's data. */
const statusCells = (i: repo.ItemRow, reconciling: boolean): [string, string] =>
  reconciling
    ? [PAYOUT_RECONCILING_LABEL, PAYOUT_RECONCILING_SHORT]
    : [i.payStatus ? ITEM_PAY_STATUS_LABELS[i.payStatus as TItemPayStatus] : '未支付', i.payFailReason ?? ''];

export const RECORD_EXPORT_COLUMNS: SheetColumn[] = [
  { header: '批次号', width: 20, text: true },
  { header: '批次名称', width: 24 },
  { header: '发放月份', width: 10, text: true },
  { header: '序号', width: 8 },
  { header: '姓名', width: 12 },
  { header: '身份证号', width: 22, text: true },
  { header: '发放渠道', width: 10 },
  { header: '收款账户', width: 24, text: true },
  { header: '开户银行', width: 14 },
  { header: '发放金额（元）', width: 14 },
  { header: '服务费（元）', width: 12 },
  { header: '实发金额（元）', width: 14 },
  { header: '扣款金额（元）', width: 14 },
  { header: '支付状态', width: 10 },
  { header: '失败原因', width: 24 },
  { header: '支付时间', width: 20 },
  { header: '备注', width: 24 },
];

const BATCH_ROWS = 2000;
/** The keyed hash of an ID number filter: kept for the run, never shown (the number is shown masked). */
const ID_HASH_KEY = '_idNumberHash';
const yuan = (fen: number) => fen / 100;

/** Asks for an export of 发放记录; an ID number is stored masked, with its keyed hash for the run. */
export function requestRecordsExport(
  ctx: ServiceContext,
  jobs: JobQueue,
  auth: AuthContext,
  filters: TGrantRecordFilters,
): Promise<TExportJob> {
  const idNumber = filters.idNumber?.trim().toUpperCase();
  const stored: Record<string, unknown> = { ...filters };
  delete stored.idNumber;
  if (idNumber) {
    stored.idNumber = maskIdCard(idNumber);
    stored[ID_HASH_KEY] = ctx.cipher.hash(idNumber);
  }
  return exports.requestExport(ctx, jobs, auth, 'grantRecords', stored);
}

/**
 * The 发放记录 exporter: newest batch first, each in sheet order, read in keyset batches. An item
 * whose payout is held by 对账 says 对账中 with the platform's plain explanation in place of its
 * status and reason, as the screen does (ADR 0030): one read of the held payouts per batch of rows.
 */
export const recordsExporter: Exporter = async (ctx, job) => {
  const { idNumber: _masked, [ID_HASH_KEY]: hash, ...rest } = job.filters;
  const parsed = ZGrantRecordFilters.omit({ idNumber: true }).safeParse(rest);
  if (!parsed.success || (hash !== undefined && typeof hash !== 'string'))
    throw new exports.ExportFailure('导出条件无效，请重新导出');
  const filters: repo.RecordFilters = {
    companyId: job.companyId,
    name: parsed.data.name,
    idNumberHash: hash,
    period: parsed.data.period,
    payStatus: parsed.data.payStatus,
  };
  const total = await repo.countRecords(ctx.db, filters);
  async function* batches() {
    for await (const rows of repo.iterateRecords(ctx.db, filters, BATCH_ROWS)) {
      const held = await repo.heldItemIds(
        ctx.db,
        job.companyId,
        rows.filter((r) => r.item.payStatus !== null).map((r) => r.item.id),
      );
      yield rows.map(({ item: i, batchTitle, batchCreatedAt, period }): CellValue[] => [
        payrollBatchNo(i.batchId, batchCreatedAt.toISOString()),
        batchTitle,
        period,
        i.rowNo,
        i.name,
        i.idNumberMasked,
        i.accountChannel ? PAYOUT_CHANNEL_LABELS[i.accountChannel as TPayoutChannel] : '',
        i.accountMasked ?? '',
        i.accountBank ? (BANKS.get(i.accountBank) ?? i.accountBank) : '',
        yuan(i.amountFen),
        yuan(i.feeFen),
        yuan(i.netFen),
        yuan(i.debitFen),
        ...statusCells(i, held.has(i.id)),
        i.paidAt ? chinaDateTime(i.paidAt) : '',
        i.remark,
      ]);
    }
  }
  return { columns: RECORD_EXPORT_COLUMNS, total, batches: batches() };
};
