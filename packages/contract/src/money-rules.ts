/** Money rules and labels without zod, for the web bundle (see web.ts). DOMAIN sections 2 and 5. */
import { CONTENT_AUDIT_ACTION_LABELS } from './content-rules.ts';
import { CONTRACT_AUDIT_ACTION_LABELS, CONTRACT_OPS_AUDIT_ACTION_LABELS } from './company-contract-rules.ts';
import { INVOICE_AUDIT_ACTION_LABELS, INVOICE_OPS_AUDIT_ACTION_LABELS } from './invoice-rules.ts';
import { TASK_AUDIT_ACTION_LABELS } from './task-rules.ts';

/**
 * 审批中 while the company's own approval flow for top-ups runs (the platform does not see it yet);
 * 已撤回 when the company withdrew it while 审批中 or 待确认 (no money ever moved).
 */
export const TOPUP_STATUSES = ['approving', 'pending', 'confirmed', 'rejected', 'withdrawn'] as const;
export type TTopupStatus = (typeof TOPUP_STATUSES)[number];
export const TOPUP_STATUS_LABELS: Record<TTopupStatus, string> = {
  approving: '审批中',
  pending: '待确认',
  confirmed: '已到账',
  rejected: '已驳回',
  withdrawn: '已撤回',
};
/** The statuses a company may withdraw a top-up from (撤回): before the platform decides. */
export const TOPUP_WITHDRAWABLE_STATUSES: readonly TTopupStatus[] = ['approving', 'pending'];

/** A company's status (DOMAIN section 2): 冻结 can sign in and read, not pay. */
export const COMPANY_STATUSES = ['normal', 'frozen'] as const;
export type TCompanyStatus = (typeof COMPANY_STATUSES)[number];
export const COMPANY_STATUS_LABELS: Record<TCompanyStatus, string> = { normal: '正常', frozen: '已冻结' };

export const FEE_BEARERS = ['company', 'worker'] as const;
export type TFeeBearer = (typeof FEE_BEARERS)[number];
export const FEE_BEARER_LABELS: Record<TFeeBearer, string> = { company: '企业承担', worker: '个人承担' };

export const INVOICE_TYPES = ['normal', 'special'] as const;
export type TInvoiceType = (typeof INVOICE_TYPES)[number];
export const INVOICE_TYPE_LABELS: Record<TInvoiceType, string> = {
  normal: '增值税普通发票',
  special: '增值税专用发票',
};

/** Ledger account kinds: a company's two per service company, and the platform's own. */
export const LEDGER_ACCOUNT_KINDS = [
  'available',
  'frozen',
  'bank_clearing',
  'fee_income',
  'payouts_in_transit',
] as const;
export type TLedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];
export const LEDGER_ACCOUNT_KIND_LABELS: Record<TLedgerAccountKind, string> = {
  available: '可用余额',
  frozen: '冻结金额',
  bank_clearing: '银行清算',
  fee_income: '服务费收入',
  payouts_in_transit: '在途发放',
};

/** What a transfer is: the type of each ledger entry it posts (资金明细's 类型). */
export const LEDGER_ENTRY_TYPES = ['topup', 'freeze', 'unfreeze', 'payout', 'fee', 'refund', 'adjustment'] as const;
export type TLedgerEntryType = (typeof LEDGER_ENTRY_TYPES)[number];
export const LEDGER_ENTRY_TYPE_LABELS: Record<TLedgerEntryType, string> = {
  topup: '充值',
  freeze: '冻结',
  unfreeze: '解冻',
  payout: '发放',
  fee: '服务费',
  refund: '退款',
  adjustment: '调账',
};

/** Monthly payout limit per worker by default: 98,000.00 yuan. */
export const DEFAULT_MONTHLY_LIMIT_FEN = 9_800_000;
/** Largest amount one top-up may carry: 100,000,000.00 yuan. */
export const TOPUP_MAX_FEN = 10_000_000_000;
/** Bank account numbers of payment accounts: 8 to 30 digits. */
export const PAYMENT_ACCOUNT_NO_PATTERN = /^\d{8,30}$/;
/** Idempotency keys: what a client may send in the `Idempotency-Key` header. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_:.-]{8,100}$/;
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** Fen to yuan text with two decimals and thousands separators: 123456 -> "1,234.56". */
export function formatFen(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  const yuan = Math.trunc(abs / 100).toLocaleString('en-US');
  return `${sign}${yuan}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * 操作日志: the Chinese name of each audit action a company's admins cause. An action not named
 * here shows as its code.
 */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'auth.login': '登录',
  'auth.logout': '退出登录',
  'auth.refresh': '刷新登录',
  'auth.switch': '切换企业',
  'admin.create': '添加管理员',
  'admin.update': '编辑管理员',
  'admin.status': '启用/停用管理员',
  'admin.resetPassword': '重置管理员密码',
  'role.create': '添加角色',
  'role.update': '编辑角色',
  'role.delete': '删除角色',
  'personal.password': '修改密码',
  'personal.mobile': '修改手机号',
  'personal.totpSetup': '绑定身份验证器',
  'personal.verifyMethod': '修改验证方式',
  'verification.sendSms': '发送短信验证码',
  'support.message': '提交反馈',
  'chat.message': '发送客服消息',
  'chat.image': '发送客服图片',
  'file.upload': '上传文件',
  'jobType.create': '添加工种',
  'jobType.update': '编辑工种',
  'jobType.delete': '删除工种',
  'worker.create': '添加员工',
  'worker.update': '编辑员工',
  'worker.delete': '删除员工',
  'worker.leave': '员工离职',
  'department.create': '新增部门',
  'department.rename': '重命名部门',
  'department.leader': '设置部门负责人',
  'department.move': '移动部门',
  'department.delete': '删除部门',
  'department.moveWorkers': '调动员工部门',
  'employeeAnalysis.export': '导出员工分析',
  'submitStatistics.export': '导出提交统计',
  'worker.rejoin': '员工复职',
  'worker.export': '导出员工',
  'worker.import': '上传员工导入文件',
  'worker.importCommit': '确认导入员工',
  'money.topup.create': '提交充值',
  'money.topup.withdraw': '撤回充值',
  'money.account.create': '添加付款账户',
  'money.account.update': '编辑付款账户',
  'money.account.delete': '删除付款账户',
  'money.account.default': '设为默认付款账户',
  'money.entries.export': '导出资金明细',
  'approval.flow': '保存审批流程',
  'approval.approve': '审批同意',
  'approval.reject': '审批驳回',
  'payroll.create': '新建发放批次',
  'payroll.pick': '选择员工添加发放明细',
  'payroll.import': '上传发放明细文件',
  'payroll.importCommit': '确认导入发放明细',
  'payroll.check': '核对发放批次',
  'payroll.submit': '提交发放批次',
  'payroll.cancel': '取消发放批次',
  'payroll.item.update': '修改发放明细',
  'payroll.item.delete': '删除发放明细',
  'payroll.pay': '确认支付',
  'payroll.payCode': '发送支付验证码',
  'payroll.withdraw': '撤回发放审批',
  'payroll.repay': '重新支付',
  'payroll.records.export': '导出发放记录',
  'payroll.receipts.export': '导出回单',
  ...TASK_AUDIT_ACTION_LABELS,
  ...CONTENT_AUDIT_ACTION_LABELS,
  ...INVOICE_AUDIT_ACTION_LABELS,
  ...CONTRACT_AUDIT_ACTION_LABELS,
  deny: '无权限访问',
};

/** 操作审计 (/ops): the Chinese name of each audit action an operator causes. */
export const OPS_AUDIT_ACTION_LABELS: Record<string, string> = {
  'ops.login': '登录',
  'ops.logout': '退出登录',
  'ops.refresh': '刷新登录',
  'ops.topup.confirm': '确认充值到账',
  'ops.topup.reject': '驳回充值',
  'ops.company.freeze': '冻结企业',
  'ops.company.unfreeze': '解冻企业',
  'ops.costRule.update': '编辑费用规则',
  ...INVOICE_OPS_AUDIT_ACTION_LABELS,
  ...CONTRACT_OPS_AUDIT_ACTION_LABELS,
  'ops.chat.message': '回复客服消息',
  'ops.chat.image': '回复客服图片',
  'ops.chat.assign': '接入客服会话',
  'ops.chat.close': '关闭客服会话',
  'ops.chat.reopen': '重新打开客服会话',
  'ops.chat.quickReply.add': '新增快捷回复',
  'ops.chat.quickReply.delete': '删除快捷回复',
};
export const AUDIT_RESULT_LABELS: Record<string, string> = { success: '成功', failure: '失败' };
