import type { TAssignment, TTaskDetail, TTaskPayable } from '@flexpay/contract/web';

export const ALL_TASK_ELEMENTS = {
  'task:view': true,
  'task:publish': true,
  'task:edit': true,
  'task:assign': true,
  'task:answer': true,
  'task:deliver': true,
  'task:review': true,
  'task:confirm': true,
};

export function task(over: Partial<TTaskDetail> = {}): TTaskDetail {
  return {
    id: 8,
    taskNo: 'RW00000008',
    title: '门店促销员',
    status: 'published',
    jobTypeId: null,
    jobTypeName: null,
    serviceCompanyId: 1,
    serviceCompanyName: '海南灵工服务有限公司',
    location: '海口',
    startDate: '2026-11-26',
    endDate: '2026-12-03',
    headcount: 5,
    settlement: 'fixed',
    unitPriceFen: 30000,
    plannedQuantity: 1,
    budgetFen: null,
    counts: { total: 0, pending: 0, accepted: 0, submitted: 0, passed: 0, rejected: 0 },
    agreedTotalFen: 0,
    createdAt: '2026-11-25T10:00:00.000Z',
    publishedAt: '2026-11-25T10:00:00.000Z',
    description: '周末促销',
    attachments: [],
    creator: { id: 1, name: '林晓' },
    cancelReason: null,
    cancelledAt: null,
    completedAt: null,
    actions: ['start', 'cancel'],
    lockedFields: [],
    defaultAgreedFen: 30000,
    history: [
      {
        action: 'create',
        label: '新建任务',
        adminName: '林晓',
        workerName: null,
        onBehalf: false,
        detail: null,
        at: '2026-11-20T02:00:00.000Z',
      },
    ],
    historyTotal: 1,
    ...over,
  };
}

export function assignment(over: Partial<TAssignment> = {}): TAssignment {
  return {
    id: 31,
    taskId: 8,
    taskNo: 'RW00000008',
    taskTitle: '门店促销员',
    taskStatus: 'in_progress',
    workerId: 101,
    workerName: '金鸣伟',
    idNumberMasked: '320102********0079',
    mobile: '17875582619',
    status: 'pending',
    agreedFen: 30000,
    payableFen: null,
    assignedAt: '2026-11-25T10:00:00.000Z',
    answeredAt: null,
    latestDelivery: null,
    confirmation: null,
    ...over,
  };
}

export function payable(over: Partial<TTaskPayable> = {}): TTaskPayable {
  return {
    assignmentId: 31,
    taskId: 8,
    taskNo: 'RW00000008',
    taskTitle: '门店促销员',
    serviceCompanyId: 1,
    serviceCompanyName: '海南灵工服务有限公司',
    workerId: 101,
    workerName: '金鸣伟',
    idNumberMasked: '320102********0079',
    payableFen: 30000,
    passedAt: '2026-11-25T10:00:00.000Z',
    confirmation: { status: 'payable', batch: null },
    payBlockers: [],
    ...over,
  };
}

export const worker = (id: number, name: string, over: Record<string, unknown> = {}) => ({
  id,
  name,
  idNumber: '320102********0079',
  mobile: '17875582619',
  gender: 'male',
  age: 30,
  province: '江苏',
  jobTypeId: null,
  jobTypeName: null,
  departmentId: null,
  departmentName: null,
  status: 'active',
  realNameStatus: 'verified',
  contractStatus: 'signed',
  joinedAt: '2024-01-01',
  leftAt: null,
  hasDefaultAccount: true,
  remark: '',
  createdAt: '2024-01-01T00:00:00.000Z',
  ...over,
});
