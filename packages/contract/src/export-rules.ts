/** Download-centre constants and labels without zod, for the web bundle (see web.ts). */

export const EXPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type TExportStatus = (typeof EXPORT_STATUSES)[number];
export const EXPORT_STATUS_LABELS: Record<TExportStatus, string> = {
  queued: '排队中',
  running: '生成中',
  done: '已完成',
  failed: '失败',
};
/** Export files are kept 7 days (DOMAIN section 10). */
export const EXPORT_RETENTION_DAYS = 7;

export const EXPORT_TYPES = {
  workers: '员工列表',
  ledgerEntries: '资金明细',
  grantRecords: '发放记录',
  receipts: '电子回单',
  invoices: '开票记录',
  employeeAnalysis: '员工分析',
  submitStatistics: '提交统计',
} as const;
export type TExportType = keyof typeof EXPORT_TYPES;

/**
 * The operators' 下载中心 (/ops): exports that span companies, asked for by an operator and seen by
 * them alone. Kept EXPORT_RETENTION_DAYS days too.
 */
export const OPS_EXPORT_TYPES = {
  gatewayLog: '网关日志',
} as const;
export type TOpsExportType = keyof typeof OPS_EXPORT_TYPES;
