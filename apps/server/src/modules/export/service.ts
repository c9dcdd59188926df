import { inCompany } from '../../db/scope.ts';
import { EXPORT_TYPES, type TExportJob, type TExportStatus, type TExportType, type TPage } from '@flexpay/contract';
import type { ServiceContext } from '../../core/context.ts';
import { notFound } from '../../lib/errors.ts';
import type { JobQueue, JobRun } from '../../lib/job-queue.ts';
import type { AuthContext } from '../../core/auth.ts';
import { exportJob } from '../../db/schema/index.ts';
import * as files from '../file/service.ts';
import * as repo from './repo.ts';
import { ExportFailure } from '../../core/exporter.ts';
import {
  downloadableFile,
  failStaleExports,
  fileExpired,
  requestExportIn,
  runExportIn,
  toExportJob as toJobIn,
  type ExportCentre,
} from './centre.ts';

export { ExportFailure };

export const EXPORT_RUN_JOB = 'export.run';
export const EXPORT_CLEANUP_JOB = 'export.cleanup';

/** The companies' 下载中心: a company's jobs, under its row-level security; its files the company's stored files. */
const COMPANY_CENTRE: ExportCentre<TExportType, { companyId: number; filters: Record<string, unknown> }> = {
  table: exportJob,
  types: EXPORT_TYPES,
  runJob: EXPORT_RUN_JOB,
  exporters: (ctx) => ctx.registry.exporters,
};

export const toExportJob = (row: repo.ExportJobRow): TExportJob => toJobIn(COMPANY_CENTRE, row);

/**
 * Asks for an export: a queued job in the download centre, run in the background. The file is
 * kept EXPORT_RETENTION_DAYS days.
 */
export function requestExport(
  ctx: ServiceContext,
  jobs: JobQueue,
  auth: AuthContext,
  type: TExportType,
  filters: Record<string, unknown>,
): Promise<TExportJob> {
  return requestExportIn(ctx, jobs, COMPANY_CENTRE, type, filters, (job) =>
    repo.insertExportJob(ctx.db, { companyId: auth.companyId, adminId: auth.adminId, ...job }),
  );
}

/** 下载中心: an owner sees every export of the company, another admin their own. */
export async function listExports(
  ctx: ServiceContext,
  auth: AuthContext,
  q: { page: number; limit: number; status?: TExportStatus | undefined },
): Promise<TPage<TExportJob>> {
  const page = await repo.findExportPage(ctx.db, auth.companyId, {
    ...q,
    adminId: auth.isOwner ? undefined : auth.adminId,
  });
  return { total: page.total, rows: page.rows.map(toExportJob) };
}

/** The job, if this admin may see it: the one who asked, or an owner of the same company. */
async function findVisibleJob(ctx: ServiceContext, auth: AuthContext, id: string) {
  const job = files.isFileId(id) ? await repo.findExportJob(ctx.db, auth.companyId, id) : undefined;
  if (!job || (!auth.isOwner && job.adminId !== auth.adminId)) throw notFound('导出任务不存在');
  return job;
}

/** The finished file of an export, while it is kept. */
export async function openExportDownload(ctx: ServiceContext, auth: AuthContext, id: string) {
  const job = await findVisibleJob(ctx, auth, id);
  const file = await files.findStoredFile(ctx, auth.companyId, downloadableFile(job, job.fileId, ctx.now()));
  // A file missing from the store (removed by hand, lost volume) reads as expired, not as a 500.
  if (!file || !(await files.isInStore(ctx, file))) throw fileExpired();
  return {
    fileName: job.fileName,
    size: file.size,
    contentType: file.contentType,
    body: files.readStoredFile(ctx, file),
  };
}

/**
 * The export job's handler: it starts in the platform's scope (a job's), reads which company the
 * export is of, and makes the file in that company's scope.
 */
export async function runExportJob(ctx: ServiceContext, exportId: string, run: JobRun) {
  const owner = await repo.ownerOfExportJob(ctx.db, exportId);
  if (owner) await inCompany(owner.companyId, () => runExport(ctx, exportId, owner, run));
}

/** Runs one export job of a company (centre.ts): its file becomes a stored file of the company. */
function runExport(ctx: ServiceContext, exportId: string, owner: { companyId: number; adminId: number }, run: JobRun) {
  return runExportIn(ctx, run, COMPANY_CENTRE, exportId, {
    exporterArgs: (job) => ({ companyId: owner.companyId, filters: job.filters }),
    store: (job, file) =>
      files.storeGeneratedFile(ctx, owner, { ...file, purpose: 'export', expiresAt: job.expiresAt }, file.stream),
    refOf: (stored) => ({ ref: { fileId: stored.id }, size: stored.size }),
    discard: (stored) => files.removeStoredFile(ctx, stored),
  });
}

/**
 * The download centre's housekeeping, run at start and hourly: jobs that lost their run are
 * failed, expired exports lose their file reference, and every stored file whose retention
 * ended is deleted.
 */
export async function cleanupExports(ctx: ServiceContext) {
  const now = ctx.now();
  const stale = await failStaleExports(ctx, exportJob, now);
  const expired = await repo.detachExpiredExportFiles(ctx.db, now);
  const removed = await files.removeExpiredFiles(ctx);
  if (stale || expired || removed) ctx.log.info({ stale, expired, removed }, 'export cleanup');
}
