/** Import constants and labels without zod, for the web bundle (see web.ts). */

export const IMPORT_STATUSES = ['validating', 'validated', 'committing', 'committed', 'failed'] as const;
export type TImportStatus = (typeof IMPORT_STATUSES)[number];
export const IMPORT_STATUS_LABELS: Record<TImportStatus, string> = {
  validating: '校验中',
  validated: '校验完成',
  committing: '导入中',
  committed: '已导入',
  failed: '失败',
};
/** DOMAIN section 3: up to 100,000 rows per file. */
export const IMPORT_MAX_ROWS = 100_000;
