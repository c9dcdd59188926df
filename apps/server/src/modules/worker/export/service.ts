import {
  CONTRACT_STATUS_LABELS,
  GENDER_LABELS,
  REAL_NAME_STATUS_LABELS,
  WORKER_STATUS_LABELS,
  ZWorkerFilters,
  type TContractStatus,
  type TExportJob,
  type TRealNameStatus,
  type TWorkerFilters,
  type TWorkerStatus,
} from '@flexpay/contract';
import type { ServiceContext } from '../../../core/context.ts';
import type { JobQueue } from '../../../lib/job-queue.ts';
import { chinaDateOf } from '../../../lib/china-time.ts';
import { ageOnDay, maskIdCard } from '../../../lib/id-card.ts';
import type { CellValue, SheetColumn } from '../../../lib/spreadsheet.ts';
import type { AuthContext } from '../../../core/auth.ts';
import type { Exporter } from '../../../core/context.ts';
import * as exports from '../../export/service.ts';
import * as workers from '../service.ts';
import { toRepoFilter } from '../service.ts';

/** The columns of the worker export, in order. */
export const WORKER_EXPORT_COLUMNS: SheetColumn[] = [
  { header: '姓名', width: 12 },
  { header: '身份证号', width: 22 },
  { header: '手机号', width: 14 },
  { header: '性别', width: 6 },
  // The age, not the birth date: the birth date is what the masked ID number hides.
  { header: '年龄', width: 8 },
  { header: '省份', width: 14 },
  { header: '工种', width: 12 },
  { header: '部门', width: 14 },
  { header: '状态', width: 8 },
  { header: '实名状态', width: 10 },
  { header: '签约状态', width: 10 },
  { header: '入职日期', width: 12 },
  { header: '离职日期', width: 12 },
  { header: '备注', width: 30 },
];

const BATCH_ROWS = 2000;
/** The keyed hash of an ID number filter: kept for the run, never shown (the number is shown masked). */
const ID_HASH_KEY = '_idNumberHash';

/**
 * Asks for an export of the workers matching the list's filters. An ID number filter is stored
 * masked, with its keyed hash for the run: no ID number is kept in clear.
 */
export async function requestWorkerExport(
  ctx: ServiceContext,
  jobs: JobQueue,
  auth: AuthContext,
  filters: TWorkerFilters,
): Promise<TExportJob> {
  const idNumber = filters.idNumber?.trim().toUpperCase();
  const stored: Record<string, unknown> = { ...filters };
  if (idNumber) {
    stored.idNumber = maskIdCard(idNumber);
    stored[ID_HASH_KEY] = toRepoFilter(ctx, { idNumber }).idNumberHash;
  } else {
    delete stored.idNumber;
  }
  return exports.requestExport(ctx, jobs, auth, 'workers', stored);
}

/** A worker's row of the sheet; `today` is the China date its age is on. */
function cellsOf(w: workers.WorkerExportRow, today: string): CellValue[] {
  return [
    w.name,
    w.idNumberMasked,
    w.mobile,
    GENDER_LABELS[w.gender === 'female' ? 'female' : 'male'],
    ageOnDay(w.birthDate, today),
    w.province,
    w.jobTypeName ?? '',
    w.departmentName ?? '',
    WORKER_STATUS_LABELS[w.status as TWorkerStatus],
    REAL_NAME_STATUS_LABELS[w.realNameStatus as TRealNameStatus],
    CONTRACT_STATUS_LABELS[w.contractStatus as TContractStatus],
    w.joinedAt,
    w.leftAt ?? '',
    w.remark,
  ];
}

/**
 * The 员工列表 exporter: workers matching the stored filters, read in keyset batches (never the
 * whole list at once), ID numbers masked as in the list.
 */
export const workerExporter: Exporter = async (ctx, job) => {
  const { [ID_HASH_KEY]: idHash, ...shown } = job.filters;
  const parsed = ZWorkerFilters.partial().safeParse({ ...shown, idNumber: undefined });
  if (!parsed.success) throw new exports.ExportFailure('导出条件无效，请重新导出');
  const filter: workers.WorkerFilter = {
    ...toRepoFilter(ctx, parsed.data),
    idNumberHash: typeof idHash === 'string' ? idHash : undefined,
  };
  const total = await workers.countWorkers(ctx.db, job.companyId, filter);
  async function* batches() {
    for await (const rows of workers.iterateWorkers(ctx.db, job.companyId, filter, BATCH_ROWS)) {
      // The date once per batch, not per row.
      const today = chinaDateOf(ctx.now());
      yield rows.map((w) => cellsOf(w, today));
    }
  }
  return { columns: WORKER_EXPORT_COLUMNS, total, batches: batches() };
};
