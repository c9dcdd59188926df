/**
 * 网关日志 (issue 41): the platform's log of every API request, for operators (/ops). A list is
 * a time range of at most GATEWAY_LOG_RANGE_DAYS days (the last hour when none is given), newest
 * first; its total is counted up to GATEWAY_LOG_COUNT_CAP rows (more: narrow the range). Zod-free:
 * the web reads these through web.ts.
 */
export const GATEWAY_LOG_RANGE_DAYS = 7;
export const GATEWAY_LOG_COUNT_CAP = 10_000;
/**
 * An export (导出, through the operators' 下载中心) holds at most this many rows: one sheet (Excel
 * opens 1,048,576 rows), and the size the download centre is measured at (README: memory during a
 * 1,000,000-row export). About 17 minutes of the log at 1,000 requests a second.
 */
export const GATEWAY_LOG_EXPORT_CAP = 1_000_000;
/** The refusal of an export past the cap. */
export const GATEWAY_LOG_EXPORT_TOO_MANY = '导出的记录超过 100 万条，请缩小时间范围';
export const GATEWAY_LOG_REALMS = ['company', 'operator', 'public'] as const;
export const GATEWAY_LOG_REALM_LABELS: Record<(typeof GATEWAY_LOG_REALMS)[number], string> = {
  company: '企业',
  operator: '运营',
  public: '未登录',
};
export const GATEWAY_STATUS_CLASSES = ['2xx', '3xx', '4xx', '5xx'] as const;
