/** The row report of a validation: the first errors for the job, all of them into an xlsx. */
import { EXPORT_RETENTION_DAYS, type TImportRowError } from '@flexpay/contract';
import type { ServiceContext } from '../../core/context.ts';
import { createXlsxWriter, XLSX_CONTENT_TYPE, type SheetWriter, type XlsxWriter } from '../../lib/spreadsheet.ts';
import * as files from '../file/service.ts';
import type { RowCheck } from '../../core/importer.ts';

/** Errors kept on the job for the screen; the report file has them all. */
export const ERRORS_ON_JOB = 100;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Collects a validation's errors: the first ones for the job, all of them into the report. */
export function createErrorCollector(
  ctx: ServiceContext,
  job: { companyId: number; adminId: number },
  reportFileName: string,
) {
  const first: TImportRowError[] = [];
  let errorRows = 0;
  let report:
    | {
        writer: XlsxWriter;
        sheet: SheetWriter;
        storing: Promise<{ file: files.StoredFileRow } | { error: unknown }>;
      }
    | undefined;
  const open = () => {
    const writer = createXlsxWriter();
    const sheet = writer.addSheet('错误报告', [
      { header: '行号', width: 8 },
      { header: '列', width: 14 },
      { header: '错误原因', width: 60 },
    ]);
    const storing = files
      .storeGeneratedFile(
        ctx,
        { companyId: job.companyId, adminId: job.adminId },
        {
          name: reportFileName,
          contentType: XLSX_CONTENT_TYPE,
          extension: 'xlsx',
          purpose: 'import-report',
          expiresAt: new Date(ctx.now().getTime() + EXPORT_RETENTION_DAYS * DAY_MS),
        },
        writer.stream,
      )
      .then(
        (file) => ({ file }),
        (error: unknown) => ({ error }),
      );
    return { writer, sheet, storing };
  };
  return {
    /** Records a row's errors; waits while the report's file store is behind. */
    async add(row: RowCheck) {
      if (!row.errors.length) return;
      errorRows += 1;
      report ??= open();
      for (const e of row.errors) if (first.length < ERRORS_ON_JOB) first.push(e);
      await report.sheet.addRows(row.errors.map((e) => [e.row, e.field, e.message]));
    },
    get errorRows() {
      return errorRows;
    },
    first,
    /** Finishes the report file, if there were errors. */
    async finish(): Promise<files.StoredFileRow | undefined> {
      if (!report) return undefined;
      await report.writer.commit();
      const stored = await report.storing;
      if ('error' in stored) throw stored.error;
      return stored.file;
    },
    async abort() {
      if (!report) return;
      report.writer.stream.destroy(new Error('aborted'));
      const stored = await report.storing;
      if ('file' in stored) await files.removeStoredFile(ctx, stored.file);
    },
  };
}
