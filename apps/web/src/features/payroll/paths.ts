/** Paths of the payroll screens (the route catalogue in the contract is the source). */
export const GRANT_LIST_PATH = '/EmolumentManagement/emolumentGrant';
export const GRANT_NEW_PATH = '/EmolumentManagement/emolumentGrantNew';
export const CHECK_LIST_PATH = '/EmolumentManagement/emolumentCheckList';
const withId = (path: string) => (id: number) => `${path}?id=${id}`;
export const checkPath = withId('/EmolumentManagement/emolumentCheck');
export const checkVerifyPath = withId('/EmolumentManagement/emolumentCheckVerify');
export const checkResultPath = withId('/EmolumentManagement/checkVerify');
export const grantDetailsPath = withId('/EmolumentManagement/emolumentGrantDetails');
export const itemsPath = withId('/EmolumentManagement/emolumentDetail');
export const PAY_LIST_PATH = '/EmolumentManagement/payRoll';
export const REFUND_PATH = '/EmolumentManagement/refundCenter';
export const payConfirmPath = withId('/EmolumentManagement/payConfirm');
export const payDetailPath = withId('/EmolumentManagement/payRollDetail');
/** 回单详情: a batch's receipts, or (no id) the batches that have receipts. */
export const receiptDetailsPath = (batchId?: number) =>
  batchId ? `/invoiceCenter/emolumentReceiptDetails?id=${batchId}` : '/invoiceCenter/emolumentReceiptDetails';
