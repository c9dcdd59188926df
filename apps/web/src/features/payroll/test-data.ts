import type { TApprovalRequest, TPayrollBatchDetail, TPayrollItem, TReceiptVerification } from '@flexpay/contract/web';

export function batch(over: Partial<TPayrollBatchDetail> = {}): TPayrollBatchDetail {
  return {
    id: 7,
    batchNo: 'FF20261124000007',
    title: '11月 数据标注结算',
    period: '2026-11',
    serviceCompanyId: 1,
    serviceCompanyName: '海南灵工服务有限公司',
    channel: 'bank',
    source: 'sheet',
    status: 'checking',
    itemCount: 3,
    okCount: 2,
    failedCount: 1,
    amountFen: 5_500_000,
    feeFen: 357_500,
    netFen: 5_500_000,
    debitFen: 5_857_500,
    feeRateBp: 650,
    feeBearer: 'company',
    remark: '',
    creator: { id: 4, name: '陈静' },
    createdAt: '2026-11-24T02:00:00.000Z',
    checkedAt: '2026-11-24T02:05:00.000Z',
    submittedAt: null,
    cancelledAt: null,
    cancelReason: null,
    approval: null,
    ...over,
  };
}

export function item(over: Partial<TPayrollItem> = {}): TPayrollItem {
  return {
    id: 1,
    batchId: 7,
    rowNo: 1,
    workerId: 11,
    name: '张三',
    idNumberMasked: '110105********1234',
    amountFen: 2_000_000,
    feeFen: 130_000,
    netFen: 2_000_000,
    debitFen: 2_130_000,
    account: { channel: 'bank', accountMasked: '6222 **** **** 1234', bankCode: 'ICBC' },
    checkResult: 'ok',
    checkReasons: [],
    remark: '',
    payStatus: null,
    payFailReason: null,
    paidAt: null,
    reconciling: false,
    ...over,
  };
}

export function approval(over: Partial<TApprovalRequest> = {}): TApprovalRequest {
  return {
    id: 30,
    type: 'payroll',
    subject: { kind: 'payroll_batch', id: '7' },
    title: '发放 11月 数据标注结算',
    amountFen: 5_857_500,
    status: 'pending',
    currentStep: 1,
    stepCount: 2,
    creator: { id: 4, name: '陈静' },
    steps: [
      { mode: 'any', approvers: [{ id: 2, name: '王芳' }] },
      { mode: 'any', approvers: [{ id: 1, name: '林晓' }] },
    ],
    canDecide: true,
    createdAt: '2026-11-24T02:10:00.000Z',
    decidedAt: null,
    actions: [],
    ...over,
  };
}

/** What 回单验真 answers for a receipt's code. */
export function receiptVerification(over: Partial<TReceiptVerification> = {}): TReceiptVerification {
  return {
    receiptNo: 'HD2026112400000041',
    payerName: '海南灵工服务有限公司',
    clientName: '星河科技有限公司',
    payeeNameMasked: '张*',
    channel: 'bank',
    accountMasked: '6222 **** **** 0017',
    amountFen: 300_000,
    paidAt: '2026-11-24T02:00:00.000Z',
    status: 'paid',
    sha256: 'a'.repeat(64),
    issuedAt: '2026-11-24T03:00:00.000Z',
    ...over,
  };
}
