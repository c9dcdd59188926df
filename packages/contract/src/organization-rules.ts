/** 组织架构 and 员工分析 constants without zod, for the web bundle (see web.ts). */

/** The tables of 员工分析, each with its chart; each exports through the download centre. */
export const EMPLOYEE_ANALYSIS_TABLES = ['gender', 'ageBand', 'province', 'jobType', 'department', 'monthly'] as const;
export type TEmployeeAnalysisTable = (typeof EMPLOYEE_ANALYSIS_TABLES)[number];
export const EMPLOYEE_ANALYSIS_TABLE_LABELS: Record<TEmployeeAnalysisTable, string> = {
  gender: '性别分布',
  ageBand: '年龄分布',
  province: '籍贯省份分布',
  jobType: '工种分布',
  department: '部门分布',
  monthly: '近 12 个月发放',
};

/** Age bands by whole years on the day asked: [from, to), the last open. */
export const AGE_BANDS = [
  { key: 'u25', label: '25 岁以下', from: 0, to: 25 },
  { key: '25-34', label: '25–34 岁', from: 25, to: 35 },
  { key: '35-44', label: '35–44 岁', from: 35, to: 45 },
  { key: '45-54', label: '45–54 岁', from: 45, to: 55 },
  { key: '55+', label: '55 岁及以上', from: 55, to: 200 },
] as const;

/** How deep a department tree may grow (levels under the top). */
export const DEPARTMENT_MAX_DEPTH = 10;
/** How many departments a company may have. */
export const DEPARTMENT_MAX_COUNT = 2000;

/** 提交统计 (issue 38): what the company submitted, by kind. */
export const SUBMIT_KINDS = ['payroll', 'invoice', 'topup'] as const;
export type TSubmitKind = (typeof SUBMIT_KINDS)[number];
export const SUBMIT_KIND_LABELS: Record<TSubmitKind, string> = {
  payroll: '发放批次',
  invoice: '开票申请',
  topup: '充值',
};
/** Counted per Beijing day or calendar month. */
export const SUBMIT_GRANULARITIES = ['day', 'month'] as const;
export type TSubmitGranularity = (typeof SUBMIT_GRANULARITIES)[number];
export const SUBMIT_GRANULARITY_LABELS: Record<TSubmitGranularity, string> = { day: '按日', month: '按月' };
/** The longest range asked at once: 31 days by day, 12 months by month. */
export const SUBMIT_MAX_DAYS = 31;
export const SUBMIT_MAX_MONTHS = 12;
