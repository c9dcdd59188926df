import {
  OPS_EXPORT_TYPES,
  type TExportJob,
  type TExportStatus,
  type TOpsExportType,
  type TPage,
} from '@flexpay/contract';
import type { OperatorContext } from '../../../core/auth.ts';
import type { ServiceContext } from '../../../core/context.ts';
import { operatorExportJob } from '../../../db/schema/index.ts';
import { notFound } from '../../../lib/errors.ts';
import type { JobQueue, JobRun } from '../../../lib/job-queue.ts';
import { XLSX_CONTENT_TYPE } from '../../../lib/spreadsheet.ts';
import * as files from '../../file/service.ts';
import {
  downloadableFile,
  failStaleExports,
  fileExpired,
  requestExportIn,
  runExportIn,
  toExportJob,
  type ExportCentre,
} from '../centre.ts';
import * as repo from './repo.ts';

export const OPS_EXPORT_RUN_JOB = 'export.ops.run';
export const OPS_EXPORT_CLEANUP_JOB = 'export.ops.cleanup';

/** Expired files are removed this many at a time. */
const CLEANUP_BATCH = 200;
/** A file's type by the extension of its key. */
const CONTENT_TYPES: Record<string, string> = { xlsx: XLSX_CONTENT_TYPE, zip: 'application/zip' };

/** The operators' 下载中心: platform rows of no company; its files the platform's in the file store. */
const OPERATOR_CENTRE: ExportCentre<TOpsExportType, { filters: Record<string, unknown> }> = {
  table: operatorExportJob,
  types: OPS_EXPORT_TYPES,
  runJob: OPS_EXPORT_RUN_JOB,
  exporters: (ctx) => ctx.registry.opsExporters,
};

const toOpsExportJob = (row: repo.OperatorExportJobRow): TExportJob => toExportJob(OPERATOR_CENTRE, row);

/*
 * For other modules: an area with an export of the operators' registers its exporter in
 * `registry.opsExporters` and asks for a job here.
 */

/**
 * Asks for an operator's export: a queued job of the operators' 下载中心, run in the background
 * and kept EXPORT_RETENTION_DAYS days. The caller has checked the filters (and refused an export
 * too large to make).
 */
export function requestOpsExport(
  ctx: ServiceContext,
  jobs: JobQueue,
  op: OperatorContext,
  type: TOpsExportType,
  filters: Record<string, unknown>,
): Promise<TExportJob> {
  return requestExportIn(ctx, jobs, OPERATOR_CENTRE, type, filters, (job) =>
    repo.insertOperatorExportJob(ctx.db, { operatorId: op.operatorId, ...job }),
  );
}

/** The exports this operator asked for, newest first (another operator's are not theirs to see). */
export async function listOpsExports(
  ctx: ServiceContext,
  op: OperatorContext,
  q: { page: number; limit: number; status?: TExportStatus | undefined },
): Promise<TPage<TExportJob>> {
  const page = await repo.findOperatorExportPage(ctx.db, op.operatorId, q);
  return { total: page.total, rows: page.rows.map(toOpsExportJob) };
}

/** The finished file of one of this operator's exports, while it is kept. */
export async function openOpsExportDownload(ctx: ServiceContext, op: OperatorContext, id: string) {
  const job = files.isFileId(id) ? await repo.findOperatorExportJob(ctx.db, op.operatorId, id) : undefined;
  if (!job) throw notFound('导出任务不存在');
  const key = downloadableFile(job, job.fileKey, ctx.now());
  const size = await files.platformFileSize(ctx, key);
  if (size === undefined) throw fileExpired();
  return {
    fileName: job.fileName,
    size,
    contentType: CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream',
    body: files.readPlatformFile(ctx, key),
  };
}

/**
 * The run job's handler, in the platform's scope (a job's): the exporter reads across companies.
 * The file's key is recorded on the job before its first byte is written (and is the same for a
 * retry), so that whatever a run leaves, the cleanup finds.
 */
export function runOpsExportJob(ctx: ServiceContext, exportId: string, run: JobRun) {
  return runExportIn(ctx, run, OPERATOR_CENTRE, exportId, {
    exporterArgs: (job) => ({ filters: job.filters }),
    store: async (job, file) => {
      const key = files.platformFileKey('ops-export', job.id, file.extension, job.createdAt);
      await repo.setOperatorExportFileKey(ctx.db, job.id, key);
      return { key, size: await files.writePlatformFile(ctx, key, file.stream) };
    },
    refOf: (stored) => ({ ref: { fileKey: stored.key }, size: stored.size }),
    discard: (stored) => files.removePlatformFile(ctx, stored.key),
  });
}

/**
 * The operators' download centre's housekeeping, at start and hourly: jobs that lost their run
 * are failed, and the files whose retention ended are removed from the store (the job stays
 * listed, 已过期).
 */
export async function cleanupOpsExports(ctx: ServiceContext) {
  const now = ctx.now();
  const stale = await failStaleExports(ctx, operatorExportJob, now);
  let removed = 0;
  for (;;) {
    const rows = await repo.findExpiredOperatorExportFiles(ctx.db, now, CLEANUP_BATCH);
    for (const row of rows) if (row.fileKey) await files.removePlatformFile(ctx, row.fileKey);
    await repo.clearOperatorExportFileKeys(
      ctx.db,
      rows.map((r) => r.id),
    );
    removed += rows.length;
    if (rows.length < CLEANUP_BATCH) break;
  }
  if (stale || removed) ctx.log.info({ stale, removed }, 'operator export cleanup');
}
