/** Sample rows for the worker screens' tests. Only tests import this file. */
import type { TDepartmentOption, TImportJob, TJobType, TWorkerDetail, TWorkerRow } from '@flexpay/contract/web';

export function workerRow(overrides: Partial<TWorkerRow> = {}): TWorkerRow {
  return {
    id: 1,
    name: '张三',
    idNumber: '110105********1234',
    mobile: '13800000001',
    gender: 'male',
    age: 34,
    province: '北京市',
    jobTypeId: 1,
    jobTypeName: '配送员',
    departmentId: 2,
    departmentName: '华北运营',
    status: 'active',
    realNameStatus: 'verified',
    contractStatus: 'signed',
    joinedAt: '2024-03-01',
    leftAt: null,
    hasDefaultAccount: true,
    remark: '',
    createdAt: '2024-03-01T02:00:00.000Z',
    ...overrides,
  };
}

export function workerDetail(overrides: Partial<TWorkerDetail> = {}): TWorkerDetail {
  return {
    ...workerRow(),
    regionCode: '110105',
    sensitiveVisible: false,
    birthDate: null,
    bankCards: [
      {
        id: 11,
        bankCode: 'ICBC',
        bankName: '中国工商银行',
        cardNumber: '6222 **** **** 3445',
        branch: '北京朝阳支行',
        holderName: '张三',
        isDefault: true,
      },
    ],
    alipayAccounts: [{ id: 21, account: '138****0001', holderName: '张三', isDefault: false }],
    realName: {
      status: 'verified',
      factors: 3,
      reason: '',
      providerRef: 'SV0123456789ABCDEF0123',
      source: 'added',
      requestedAt: '2024-03-01T02:00:00.000Z',
      answeredAt: '2024-03-01T02:00:01.000Z',
      attempts: 0,
      retryStopped: false,
    },
    canDelete: false,
    updatedAt: '2024-03-02T02:00:00.000Z',
    ...overrides,
  };
}

export const JOB_TYPE_OPTIONS: Pick<TJobType, 'id' | 'name' | 'enabled'>[] = [
  { id: 1, name: '配送员', enabled: true },
  { id: 2, name: '分拣员', enabled: true },
  { id: 3, name: '已停用工种', enabled: false },
];

export const DEPARTMENT_OPTIONS: TDepartmentOption[] = [
  { id: 1, name: '总部', parentId: null },
  { id: 2, name: '华北运营', parentId: 1 },
];

export function importJob(overrides: Partial<TImportJob> = {}): TImportJob {
  return {
    id: 'imp-1',
    fileName: 'workers.xlsx',
    status: 'validating',
    progress: 0,
    totalRows: 0,
    validRows: 0,
    errorRows: 0,
    insertedRows: 0,
    errors: [],
    message: '',
    createdAt: '2024-03-01T02:00:00.000Z',
    ...overrides,
  };
}
