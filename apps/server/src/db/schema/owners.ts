/**
 * Who owns each table: the area (a folder under `src/modules/`, or a layer below the modules)
 * that alone writes it and reads it in SQL. Another area asks the owner: a function of its
 * service, or one of the owner's public reads below. `test/system/table-owners.test.ts` reads
 * every module's SQL and the migrations' triggers against this map, and fails on a table that is
 * missing here.
 */

/** A layer below the modules that owns tables no area reads (`plugins/`, `db/`). */
type Layer = 'plugins' | 'db';

export const TABLE_OWNERS = {
  admin: 'admin',
  admin_role: 'admin',
  role: 'role',
  session: 'auth',
  login_attempt: 'verification',
  verification: 'verification',
  totp_step_use: 'verification',
  sms_outbox: 'verification',
  operator: 'operator',
  operator_session: 'operator',
  company: 'company',
  service_company: 'service-company',
  company_service_company: 'service-company',
  worker: 'worker',
  worker_alipay: 'worker',
  worker_bank_card: 'worker',
  worker_count: 'worker',
  worker_facet_count: 'worker',
  worker_page_anchor: 'worker',
  worker_real_name_run: 'worker',
  worker_real_name_check: 'worker',
  worker_agreement: 'worker',
  service_agreement_template: 'service-company',
  department: 'worker',
  department_closure: 'worker',
  job_type: 'worker',
  ledger_account: 'ledger',
  ledger_transfer: 'ledger',
  ledger_entry: 'ledger',
  ledger_entry_day: 'ledger',
  payment_account: 'money',
  topup: 'money',
  approval_flow: 'approval',
  approval_request: 'approval',
  approval_action: 'approval',
  payroll_batch: 'payroll',
  payroll_item: 'payroll',
  payroll_paid_total: 'payroll',
  payout: 'payroll',
  payout_receipt: 'payroll',
  receipt_check: 'payroll',
  reconcile_day: 'payroll',
  reconcile_difference: 'payroll',
  reconcile_line: 'payroll',
  payout_month_total: 'payroll',
  payout_month_worker: 'payroll',
  sandbox_payout: 'payout-sandbox',
  sandbox_signing_document: 'signing-sandbox',
  sandbox_signing_request: 'signing-sandbox',
  access_log: 'gateway-log',
  server_log: 'gateway-log',
  task_order: 'task',
  task_attachment: 'task',
  task_assignment: 'task',
  task_assignment_count: 'task',
  task_delivery: 'task',
  task_delivery_file: 'task',
  task_payment: 'task',
  task_event: 'task',
  invoice_info: 'invoice',
  invoice_application: 'invoice',
  invoice_application_batch: 'invoice',
  invoice_batch_balance: 'invoice',
  invoiceable_total: 'invoice',
  company_contract: 'company-contract',
  article: 'content',
  home_module: 'content',
  advert: 'content',
  chat_conversation: 'chat',
  chat_message: 'chat',
  chat_quick_reply: 'chat',
  export_job: 'export',
  operator_export_job: 'export',
  import_job: 'import',
  stored_file: 'file',
  audit_log: 'audit-log',
  process_heartbeat: 'monitor',
  // The request pipeline's own tables: no area reads them.
  idempotency_key: 'plugins',
  file_chunk: 'db',
} as const satisfies Record<string, string | Layer>;

export type OwnedTable = keyof typeof TABLE_OWNERS;

/**
 * Views an owner defines as its public read: any area may read them in SQL. Each names what it
 * answers so that a reader never needs the owner's statuses or columns.
 */
export const PUBLIC_READS = {
  /**
   * Every batch with its title, period, status, final paid amount and count, and `is_paid`
   * (已完成, 部分成功) and `is_live` (not 已取消) in place of payroll's statuses (migration 0047).
   */
  payroll_batch_state: 'payroll',
  /** What the paid batches of each service company debited, and how many paid something. */
  payroll_paid_by_service_company: 'payroll',
  /** A worker's name, masked ID number and mobile, for other areas' lists (public-views.ts). */
  worker_card: 'worker',
  /** Which roles each admin holds (migration 0048). */
  admin_role_grant: 'admin',
  /** A role's name and what it grants (migration 0048). */
  role_grant: 'role',
} as const satisfies Record<string, string>;

/**
 * Tables any area may read for a display name (a company's, a service company's, an admin's or a
 * platform operator's) next to its own rows: a name is not a fact another area keeps, and asking
 * the owner for each list's names would add a round trip to every page.
 */
export const DISPLAY_NAME_TABLES: readonly OwnedTable[] = ['company', 'service_company', 'admin', 'operator'];
