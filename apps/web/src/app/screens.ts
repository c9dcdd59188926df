import type { ComponentType } from 'react';

type ScreenModule = { Component: ComponentType };

/**
 * The screen of each catalogue route, by route name, each its own lazily loaded chunk. A route
 * is only routable when it is listed here and in the contract's BUILT_SCREENS.
 */
export const SCREENS: Record<string, () => Promise<ScreenModule>> = {
  dashboard: () => import('../features/dashboard/routes/dashboard-page.tsx'),
  listEmployee: () => import('../features/workers/routes/list-employee-page.tsx'),
  addEmployee: () => import('../features/workers/routes/add-employee-page.tsx'),
  detailEmployee: () => import('../features/workers/routes/detail-employee-page.tsx'),
  jobList: () => import('../features/workers/routes/job-list-page.tsx'),
  listMoney: () => import('../features/money/routes/list-money-page.tsx'),
  addMoney: () => import('../features/money/routes/add-money-page.tsx'),
  taskOrderManageIndex: () => import('../features/tasks/routes/task-order-manage-index-page.tsx'),
  releaseTaskOrder: () => import('../features/tasks/routes/release-task-order-page.tsx'),
  taskEnEdit: () => import('../features/tasks/routes/task-en-edit-page.tsx'),
  taskOrderDetails: () => import('../features/tasks/routes/task-order-details-page.tsx'),
  selectEmployees: () => import('../features/tasks/routes/select-employees-page.tsx'),
  uploadAchievement: () => import('../features/tasks/routes/upload-achievement-page.tsx'),
  taskCenterIndex: () => import('../features/tasks/routes/task-center-index-page.tsx'),
  taskConfirmationIndex: () => import('../features/tasks/routes/task-confirmation-index-page.tsx'),
  emolumentGrant: () => import('../features/payroll/routes/emolument-grant-page.tsx'),
  emolumentGrantNew: () => import('../features/payroll/routes/emolument-grant-new-page.tsx'),
  emolumentCheckList: () => import('../features/payroll/routes/emolument-check-list-page.tsx'),
  emolumentCheck: () => import('../features/payroll/routes/emolument-check-page.tsx'),
  emolumentCheckVerify: () => import('../features/payroll/routes/emolument-check-verify-page.tsx'),
  checkVerify: () => import('../features/payroll/routes/check-verify-page.tsx'),
  emolumentGrantDetails: () => import('../features/payroll/routes/emolument-grant-details-page.tsx'),
  emolumentDetail: () => import('../features/payroll/routes/emolument-detail-page.tsx'),
  payRoll: () => import('../features/payroll/routes/pay-roll-page.tsx'),
  payConfirm: () => import('../features/payroll/routes/pay-confirm-page.tsx'),
  payRollDetail: () => import('../features/payroll/routes/pay-roll-detail-page.tsx'),
  epaymentCenter: () => import('../features/payroll/routes/epayment-center-page.tsx'),
  emolumentGrantRecord: () => import('../features/payroll/routes/emolument-grant-record-page.tsx'),
  refundCenter: () => import('../features/payroll/routes/refund-center-page.tsx'),
  emolumentReceiptDetails: () => import('../features/payroll/routes/emolument-receipt-details-page.tsx'),
  examineManage: () => import('../features/approval/routes/examine-manage-page.tsx'),
  accountManagement: () => import('../features/money/routes/account-management-page.tsx'),
  addAccount: () => import('../features/money/routes/add-account-page.tsx'),
  moneyDetail: () => import('../features/money/routes/money-detail-page.tsx'),
  exportIndex: () => import('../features/exports/routes/export-index-page.tsx'),
  roleManage: () => import('../features/system/routes/role-manage-page.tsx'),
  adminManage: () => import('../features/system/routes/admin-manage-page.tsx'),
  addUser: () => import('../features/system/routes/add-user-page.tsx'),
  editUser: () => import('../features/system/routes/edit-user-page.tsx'),
  editPassIndex: () => import('../features/personal/routes/edit-pass-page.tsx'),
  editAuthenticationIndex: () => import('../features/personal/routes/edit-authentication-page.tsx'),
  editSysMobile: () => import('../features/personal/routes/edit-sys-mobile-page.tsx'),
};
