/** The states of a pg-boss job, in the order 系统监控 shows them. */
export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'failed', 'cancelled'] as const;
export type TJobState = (typeof JOB_STATES)[number];

export const JOB_STATE_LABELS: Record<TJobState, string> = {
  created: '待执行',
  retry: '待重试',
  active: '执行中',
  completed: '已完成',
  failed: '失败',
  cancelled: '已取消',
};
