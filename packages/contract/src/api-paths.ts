import { RECEIPT_VERIFY_API } from './payroll-rules.ts';
import { AUTH_PATHS, DICTIONARY_PATHS, USER_PATHS, VERIFICATION_PATHS } from './sign-in-paths.ts';

/**
 * Every API path, written once. The server registers its routes with these templates (Fastify's
 * `:param` syntax) and the web fills them in with `apiPath`, so a path is spelled in one place.
 * The spec's paths are the contract: their odd spellings (`ecomapnyToken`) stay as they are.
 */
export const API = {
  system: {
    health: '/api/health',
    ready: '/api/ready',
    /** The OpenAPI documentation (Swagger UI and its JSON) under this prefix, where enabled. */
    docs: '/api/docs',
  },
  auth: AUTH_PATHS,
  verification: VERIFICATION_PATHS,
  dictionary: DICTIONARY_PATHS,
  user: USER_PATHS,
  admin: {
    page: '/api/admin/user/page',
    create: '/api/admin/user',
    one: '/api/admin/user/:id',
    status: '/api/admin/user/:id/status',
    password: '/api/admin/user/:id/password',
  },
  role: {
    page: '/api/admin/role/page',
    options: '/api/admin/role/options',
    create: '/api/admin/role',
    one: '/api/admin/role/:id',
  },
  file: {
    upload: '/api/admin/file/upload',
    one: '/api/admin/file/:id',
  },
  export: {
    page: '/api/admin/export/page',
    download: '/api/admin/export/:id/download',
  },
  /** 在线客服, the company's side: its one conversation with the platform. */
  chat: {
    conversation: '/api/chat/conversation',
    messages: '/api/chat/messages',
    text: '/api/chat/messages/text',
    image: '/api/chat/messages/image',
    imageOne: '/api/chat/image/:id',
    read: '/api/chat/read',
    unread: '/api/chat/unread',
    stream: '/api/chat/stream',
  },
  worker: {
    page: '/api/companystaff/employee/page',
    create: '/api/companystaff/employee',
    one: '/api/companystaff/employee/:id',
    leave: '/api/companystaff/employee/:id/leave',
    rejoin: '/api/companystaff/employee/:id/rejoin',
    bankCards: '/api/companystaff/employee/:id/bankCard',
    bankCard: '/api/companystaff/employee/:id/bankCard/:accountId',
    bankCardDefault: '/api/companystaff/employee/:id/bankCard/:accountId/default',
    alipays: '/api/companystaff/employee/:id/alipay',
    alipay: '/api/companystaff/employee/:id/alipay/:accountId',
    alipayDefault: '/api/companystaff/employee/:id/alipay/:accountId/default',
    departmentOptions: '/api/companystaff/department/options',
    /** 重新认证: queues a worker's real-name verification again (issue 43). */
    realNameVerify: '/api/companystaff/employee/:id/realName/verify',
    /** The real-name verifications running in the background (an import's, with progress). */
    realNameRuns: '/api/companystaff/employee/realName/runs',
    /** The real-name verification of one import's workers (the import drawer's progress). */
    importRealName: '/api/companystaff/employee/import/:id/realName',
    /** 发起签约: one worker, a selection, or all matching the list's filter, as a job (issue 43). */
    agreementSend: '/api/companystaff/employee/agreement/send',
    /** A worker's agreements with the service companies (签约记录). */
    agreements: '/api/companystaff/employee/:id/agreement',
    /** A signed agreement's PDF. */
    agreementPdf: '/api/companystaff/employee/:id/agreement/:agreementId/pdf',
    export: '/api/companystaff/employee/export',
    import: {
      template: '/api/companystaff/employee/import/template',
      upload: '/api/companystaff/employee/import',
      one: '/api/companystaff/employee/import/:id',
      commit: '/api/companystaff/employee/import/:id/commit',
      report: '/api/companystaff/employee/import/:id/report',
    },
  },
  jobType: {
    options: '/api/companystaff/ecompanyJobCategory/selectByEcompanyId',
    page: '/api/companystaff/ecompanyJobCategory/page',
    create: '/api/companystaff/ecompanyJobCategory',
    one: '/api/companystaff/ecompanyJobCategory/:id',
  },
  serviceCompany: {
    costRules: '/api/companystaff/ecompanyCostRules/selectOcompanyByEcompanyId',
    options: '/api/companystaff/individualBusiness/getOcompanyIds',
    receiptContents: '/api/companystaff/ocompanyReceiptContent/queryORContentList',
  },
  /**
   * The same service-company calls under the spec's ocompany service base path (section 7:
   * "an ocompany service under /api/ocompany"); the /api/companystaff paths above stay.
   */
  ocompany: {
    costRules: '/api/ocompany/ecompanyCostRules/selectOcompanyByEcompanyId',
    options: '/api/ocompany/individualBusiness/getOcompanyIds',
    receiptContents: '/api/ocompany/ocompanyReceiptContent/queryORContentList',
  },
  money: {
    balance: '/api/companystaff/ecompanyFdIssue/getBalance',
    entries: '/api/companystaff/ecompanyFdIssue/entries',
    entriesExport: '/api/companystaff/ecompanyFdIssue/entries/export',
    logPage: '/api/companystaff/ecompanyOperationLog/page',
    logAdmins: '/api/companystaff/ecompanyOperationLog/admins',
    topupPage: '/api/companystaff/ecompanyRecharge/page',
    topupCreate: '/api/companystaff/ecompanyRecharge',
    topupOne: '/api/companystaff/ecompanyRecharge/:id',
    topupWithdraw: '/api/companystaff/ecompanyRecharge/:id/withdraw',
    paymentAccounts: '/api/companystaff/ecompanyPayAccount/list',
    paymentAccountCreate: '/api/companystaff/ecompanyPayAccount',
    paymentAccountOne: '/api/companystaff/ecompanyPayAccount/:id',
    paymentAccountDefault: '/api/companystaff/ecompanyPayAccount/:id/default',
  },
  payroll: {
    page: '/api/emolument/emolumentGrant/page',
    checkPage: '/api/emolument/emolumentCheck/page',
    statusCounts: '/api/emolument/emolumentGrant/statusCounts',
    create: '/api/emolument/emolumentGrant',
    one: '/api/emolument/emolumentGrant/:id',
    check: '/api/emolument/emolumentGrant/:id/check',
    submit: '/api/emolument/emolumentGrant/:id/submit',
    submitPreview: '/api/emolument/emolumentGrant/:id/submitPreview',
    cancel: '/api/emolument/emolumentGrant/:id/cancel',
    withdraw: '/api/emolument/emolumentGrant/:id/withdraw',
    pick: '/api/emolument/emolumentGrant/:id/items',
    items: '/api/emolument/emolumentDetail/page',
    item: '/api/emolument/emolumentDetail/:id',
    itemsByIds: '/api/emolument/emolumentDetail/getEmolumentDetailByIds',
    pay: '/api/emolument/payRoll/:id/pay',
    payProgress: '/api/emolument/payRoll/:id/progress',
    payMethods: '/api/emolument/payRoll/payMethods',
    payCode: '/api/emolument/payRoll/payCode',
    repay: '/api/emolument/refund/:id/repay',
    refundPage: '/api/emolument/refund/page',
    paymentPage: '/api/emolument/epaymentCenter/page',
    recordPage: '/api/emolument/emolumentGrantRecord/page',
    recordExport: '/api/emolument/emolumentGrantRecord/export',
    receiptPage: '/api/emolument/receiptController/pageByCompany',
    receiptAmount: '/api/emolument/receiptRecordController/getReceiptAmount',
    receiptBatches: '/api/emolument/emolumentDetail/getCompanyReceiptList',
    receiptPdf: '/api/emolument/receiptController/:id/pdf',
    receiptExport: '/api/emolument/receiptController/export',
    /** 回单验真: public, no sign-in. */
    receiptVerify: RECEIPT_VERIFY_API,
    payoutCallback: '/api/payout/callback',
    import: {
      template: '/api/emolument/emolumentGrant/import/template',
      upload: '/api/emolument/emolumentGrant/import',
      one: '/api/emolument/emolumentGrant/import/:id',
      commit: '/api/emolument/emolumentGrant/import/:id/commit',
      report: '/api/emolument/emolumentGrant/import/:id/report',
    },
  },
  task: {
    page: '/api/task/taskOrder/page',
    statusCounts: '/api/task/taskOrder/statusCounts',
    create: '/api/task/taskOrder',
    one: '/api/task/taskOrder/:id',
    publish: '/api/task/taskOrder/:id/publish',
    start: '/api/task/taskOrder/:id/start',
    finish: '/api/task/taskOrder/:id/finish',
    complete: '/api/task/taskOrder/:id/complete',
    cancel: '/api/task/taskOrder/:id/cancel',
    assignments: '/api/task/taskOrder/:id/assignments',
    assign: '/api/task/taskOrder/:id/selectEmployees',
    assignPreview: '/api/task/taskOrder/:id/selectEmployees/preview',
    assignment: '/api/task/assignment/:id',
    assignmentAmount: '/api/task/assignment/:id/amount',
    answer: '/api/task/assignment/:id/answer',
    deliver: '/api/task/assignment/:id/uploadAchievement',
    review: '/api/task/delivery/:id/review',
    centerPage: '/api/task/taskCenter/page',
    centerCounts: '/api/task/taskCenter/counts',
    centerAnswer: '/api/task/taskCenter/answer',
    centerReview: '/api/task/taskCenter/review',
    confirmPage: '/api/emolument/taskConfirmation/page',
    confirmSummary: '/api/emolument/taskConfirmation/summary',
    confirm: '/api/emolument/taskConfirmation/confirm',
  },
  content: {
    articlePage: '/api/admin/content/article/page',
    articleCreate: '/api/admin/content/article',
    article: '/api/admin/content/article/:id',
    modulePage: '/api/admin/content/homeModule/page',
    moduleCreate: '/api/admin/content/homeModule',
    module: '/api/admin/content/homeModule/:id',
    advertPage: '/api/admin/content/advert/page',
    advertCreate: '/api/admin/content/advert',
    advert: '/api/admin/content/advert/:id',
  },
  home: {
    summary: '/api/admin/home/summary',
  },
  organization: {
    tree: '/api/companystaff/department/tree',
    create: '/api/companystaff/department',
    one: '/api/companystaff/department/:id',
    leader: '/api/companystaff/department/:id/leader',
    move: '/api/companystaff/department/:id/move',
    leaderOptions: '/api/companystaff/department/leaderOptions',
    moveWorkers: '/api/companystaff/department/moveEmployees',
  },
  statistics: {
    employeeAnalysis: '/api/statisticalCenter/employeeAnalysis',
    employeeAnalysisExport: '/api/statisticalCenter/employeeAnalysis/export',
    employeeAnalysisOptions: '/api/statisticalCenter/employeeAnalysis/options',
    submitStatistics: '/api/statisticalCenter/submitStatistics',
    submitStatisticsExport: '/api/statisticalCenter/submitStatistics/export',
  },
  invoice: {
    infoList: '/api/companystaff/ecompanyReceipt/list',
    infoCreate: '/api/companystaff/ecompanyReceipt',
    infoOne: '/api/companystaff/ecompanyReceipt/:id',
    infoSetDefault: '/api/companystaff/ecompanyReceipt/:id/default',
    infoDefault: '/api/companystaff/ecompanyReceipt/getDefaultEcompanyReceipt',
    invoiceable: '/api/invoice/invoiceable',
    batches: '/api/invoice/batches',
    apply: '/api/invoice/application',
    page: '/api/invoice/application/page',
    export: '/api/invoice/application/export',
    one: '/api/invoice/application/:id',
    pdf: '/api/invoice/application/:id/pdf',
  },
  contract: {
    serviceCompanies: '/api/contract/serviceCompany',
    page: '/api/contract/page',
    one: '/api/contract/:id',
    pdf: '/api/contract/:id/pdf',
    /** 在线签署: the ways the admin can confirm, the SMS code, and the signing. */
    signMethods: '/api/contract/signMethods',
    signCode: '/api/contract/signCode',
    sign: '/api/contract/:id/sign',
  },
  approval: {
    flow: '/api/admin/approvalFlow/:type',
    flowOptions: '/api/admin/approvalFlowOptions',
    pending: '/api/admin/approval/pending',
    pendingCount: '/api/admin/approval/pending/count',
    one: '/api/admin/approval/:id',
    approve: '/api/admin/approval/:id/approve',
    reject: '/api/admin/approval/:id/reject',
  },
  /** The sandbox signing provider's link, as its SMS gives it (no sign-in: the token is the key). */
  sandbox: {
    signing: '/api/sandbox/signing/:token',
  },
  ops: {
    login: '/api/ops/auth/login',
    logout: '/api/ops/auth/logout',
    refresh: '/api/ops/auth/refresh',
    info: '/api/ops/auth/info',
    topupPage: '/api/ops/topup/page',
    topupOne: '/api/ops/topup/:id',
    topupConfirm: '/api/ops/topup/:id/confirm',
    topupReject: '/api/ops/topup/:id/reject',
    topupVoucher: '/api/ops/topup/:id/voucher',
    companyPage: '/api/ops/company/page',
    costRule: '/api/ops/company/:id/serviceCompany/:serviceCompanyId',
    companyFreeze: '/api/ops/company/:id/freeze',
    companyUnfreeze: '/api/ops/company/:id/unfreeze',
    auditPage: '/api/ops/audit/page',
    invoicePage: '/api/ops/invoice/page',
    invoiceOne: '/api/ops/invoice/:id',
    invoiceUpload: '/api/ops/invoice/:id/upload',
    invoiceIssue: '/api/ops/invoice/:id/issue',
    invoiceMail: '/api/ops/invoice/:id/mail',
    invoiceReject: '/api/ops/invoice/:id/reject',
    invoiceVoid: '/api/ops/invoice/:id/void',
    invoicePdf: '/api/ops/invoice/:id/pdf',
    contractPage: '/api/ops/contract/page',
    contractUpload: '/api/ops/contract/upload',
    /** 协议模板 (issue 43): a service company's cooperation agreement versions; upload a new one. */
    agreementTemplates: '/api/ops/serviceCompany/:id/agreementTemplate',
    /** Every service company with its agreement versions (the 协议模板 screen). */
    agreementServiceCompanies: '/api/ops/agreementTemplate/serviceCompanies',
    agreementTemplatePdf: '/api/ops/agreementTemplate/:id/pdf',
    contractCreate: '/api/ops/contract',
    contractOne: '/api/ops/contract/:id',
    contractSign: '/api/ops/contract/:id/sign',
    contractTerminate: '/api/ops/contract/:id/terminate',
    contractPdf: '/api/ops/contract/:id/pdf',
    chatPage: '/api/ops/chat/conversation/page',
    chatOne: '/api/ops/chat/conversation/:id',
    chatMessages: '/api/ops/chat/conversation/:id/messages',
    chatText: '/api/ops/chat/conversation/:id/text',
    chatImage: '/api/ops/chat/conversation/:id/image',
    chatRead: '/api/ops/chat/conversation/:id/read',
    chatAssign: '/api/ops/chat/conversation/:id/assign',
    chatClose: '/api/ops/chat/conversation/:id/close',
    chatReopen: '/api/ops/chat/conversation/:id/reopen',
    chatImageOne: '/api/ops/chat/image/:id',
    chatStream: '/api/ops/chat/stream',
    gatewayLogPage: '/api/ops/gatewayLog/page',
    gatewayLogOne: '/api/ops/gatewayLog/:requestId',
    /** 网关日志's filters as a job of the operators' 下载中心. */
    gatewayLogExport: '/api/ops/gatewayLog/export',
    /** The operators' 下载中心: the exports an operator asked for, and their files. */
    exportPage: '/api/ops/export/page',
    exportDownload: '/api/ops/export/:id/download',
    chatUnread: '/api/ops/chat/unread',
    chatQuickReplies: '/api/ops/chat/quickReply',
    chatQuickReply: '/api/ops/chat/quickReply/:id',
    /** 系统监控: the processes' heartbeats, the job queues, open payouts and the database. */
    monitor: '/api/ops/monitor',
    /** 对账 (ADR 0030): the reconciled days, a day's differences, their resolution, a run now. */
    reconcileDayPage: '/api/ops/reconcile/day/page',
    reconcileDifferences: '/api/ops/reconcile/day/:id/differences',
    reconcileOpenDifferences: '/api/ops/reconcile/difference/page',
    reconcileResolve: '/api/ops/reconcile/difference/:id/resolve',
    reconcileRun: '/api/ops/reconcile/run',
    reconcileAlerts: '/api/ops/reconcile/alerts',
  },
} as const satisfies Record<string, Record<string, string | TImportPaths>>;

/**
 * The paths of one kind of the import centre (its routes and the shared import drawer): template,
 * upload, the job's status, commit and error report. Each kind spells them in `API`.
 */
export interface TImportPaths {
  template: string;
  upload: string;
  one: `${string}/:id`;
  commit: `${string}/:id/commit`;
  report: `${string}/:id/report`;
}

/** The `:name` parameters of a path template, as a union of their names. */
export type TPathParamNames<T extends string> = T extends `${string}:${infer P}/${infer Rest}`
  ? P | TPathParamNames<`/${Rest}`>
  : T extends `${string}:${infer P}`
    ? P
    : never;

/** The values a path template needs: one per `:name`. */
export type TPathParams<T extends string> = Record<TPathParamNames<T>, string | number>;

/** Fills a path template's `:name` parameters, each URI-encoded: `apiPath(API.worker.one, { id: 7 })`. */
export function apiPath<T extends string>(template: T, params: TPathParams<T>): string {
  const values = params as Record<string, string | number>;
  return template.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`路径 ${template} 缺少参数 ${name}`);
    return encodeURIComponent(String(value));
  });
}
