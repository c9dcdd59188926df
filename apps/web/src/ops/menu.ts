/** Where an operator lands after signing in. */
export const OPS_HOME_PATH = '/ops/topups';

/** The operators' 下载中心, where an 导出 says its file will be. */
export const OPS_EXPORTS_PATH = '/ops/exports';

/** The operator console's screens, in the side menu's order. */
export const OPS_MENU = [
  { path: '/ops/topups', title: '充值确认' },
  { path: '/ops/invoices', title: '开票处理' },
  { path: '/ops/reconcile', title: '对账' },
  { path: '/ops/contracts', title: '合同管理' },
  { path: '/ops/agreements', title: '协议模板' },
  { path: '/ops/chat', title: '在线客服' },
  { path: '/ops/companies', title: '企业管理' },
  { path: '/ops/audit', title: '操作审计' },
  { path: '/ops/gateway-log', title: '网关日志' },
  { path: '/ops/monitor', title: '系统监控' },
  { path: OPS_EXPORTS_PATH, title: '下载中心' },
] as const;
