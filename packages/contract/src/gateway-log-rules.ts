/**
 * 网关日志 (issue 41): the platform's log of every API request, for operators (/ops). A list is
 * a time range of at most GATEWAY_LOG_RANGE_DAYS days (the last hour when none is given), newest
 * first; its total is counted up to GATEWAY_LOG_COUNT_CAP rows (more: narrow the range). Zod-free:
 * the web reads these through web.ts.
 */
export const GATEWAY_LOG_RANGE_DAYS = 7;
export const GATEWAY_LOG_COUNT_CAP = 10_000;
export const GATEWAY_LOG_REALMS = ['company', 'operator', 'public'] as const;
export const GATEWAY_LOG_REALM_LABELS: Record<(typeof GATEWAY_LOG_REALMS)[number], string> = {
  company: '企业',
  operator: '运营',
  public: '未登录',
};
export const GATEWAY_STATUS_CLASSES = ['2xx', '3xx', '4xx', '5xx'] as const;
