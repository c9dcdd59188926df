/**
 * Why each foreign key is there and why its ON DELETE, by constraint name: the human column of
 * `docs/foreign-keys.md`, merged by `npm run docs:generate` (`foreign-keys-doc.ts`). A new key
 * needs a line here, or the doc's test fails; a line whose key is gone fails it too.
 */
export const FOREIGN_KEY_REASONS: Readonly<Record<string, string>> = {
  admin_company_id_company_id_fk: 'the tenant',
  admin_role_admin_fk: 'a grant is part of its admin and goes with it; same company',
  admin_role_company_id_role_id_role_company_id_id_fk:
    'a role granted to admins is not deleted: 该角色已分配给管理员，不能删除 (the service answers first with the count); index `admin_role_role_idx`',
  advert_company_id_company_id_fk: 'the tenant (内容管理, migrations 0032, 0035)',
  advert_image_file_fk: "the advert's image is the company's own upload (PNG or JPG); index `advert_image_file_idx`",
  approval_action_admin_fk: 'who decided; `company_id` copied from the request (migration 0041, ADR 0020)',
  approval_action_request_fk:
    'the decisions of a request (requests are never deleted); unique `approval_action_once_uq` (company_id, request_id, step, admin_id) serves it (migration 0041)',
  approval_flow_company_id_company_id_fk: 'the tenant',
  approval_request_company_id_company_id_fk: 'the tenant',
  approval_request_creator_fk: 'who started it',
  article_company_id_company_id_fk: 'the tenant (内容管理, migrations 0032, 0035)',
  article_cover_file_fk:
    "the cover is the company's own upload, checked as a PNG or JPG by the content area; null for none; index `article_cover_file_idx`",
  audit_log_company_id_company_id_fk:
    'the tenant; null for a sign-in with an unknown username (added by the foreign-key audit, migration 0023)',
  audit_log_admin_fk:
    'who acted; an admin who ever acted is disabled, never deleted (audit is append-only: SET NULL would rewrite history) (added by the foreign-key audit, migration 0023)',
  audit_log_operator_id_operator_id_fk:
    'who acted in the operator console (added by the foreign-key audit, migration 0023)',
  chat_conversation_assigned_operator_id_operator_id_fk: 'the operator who took it',
  chat_conversation_company_id_company_id_fk: 'the tenant (in 0040, which also dropped `customer_service_message`)',
  chat_message_company_id_company_id_fk: 'the tenant',
  chat_message_conversation_fk: 'a part of its conversation',
  chat_message_file_fk: 'an image of the company',
  chat_quick_reply_operator_id_operator_id_fk: 'who added it',
  company_contract_company_id_company_id_fk: 'the tenant (合同管理)',
  company_contract_file_fk: "the contract's file is the company's own upload: 该文件是合同文件，不能删除",
  company_contract_service_company_fk:
    'a contract is with a service company the company is contracted to, of the same company',
  company_contract_signed_by_fk: 'the admin who signed it',
  company_contract_signed_file_fk: 'the signed file is kept with the contract: 该文件是已签署的合同文件，不能删除',
  company_contract_operator_id_operator_id_fk: 'the operator of the last action at /ops',
  company_service_company_company_id_company_id_fk: "a company's contract; companies are not deleted",
  company_service_company_service_company_id_service_company_id_f:
    'a contract names its service company (index `csc_service_company_idx`)',
  department_company_id_company_id_fk: 'the tenant',
  department_leader_admin_fk:
    "a department's leader, one of the company's admins: 该管理员是部门负责人，请先更换负责人 (migration 0036; partial index `department_leader_admin_idx`)",
  department_leader_worker_fk:
    "a department's leader, one of the company's workers: 该员工是部门负责人，请先更换负责人 (migration 0036; partial index `department_leader_worker_idx`)",
  department_company_id_parent_id_department_company_id_id_fk:
    'a department with departments under it: 该部门下还有下级部门，不能删除 (no route deletes departments yet)',
  department_closure_company_id_company_id_fk: 'the tenant',
  department_closure_company_id_ancestor_id_department_company_id:
    "a row of the tree's closure (ADR 0018) is part of both its departments and goes with either",
  department_closure_company_id_descendant_id_department_company_:
    "a row of the tree's closure (ADR 0018) is part of both its departments and goes with either",
  export_job_company_id_company_id_fk: 'the tenant',
  export_job_admin_fk: 'who started it',
  export_job_file_id_stored_file_id_fk:
    "the job's row outlives its expired files; single-column, because a composite key would also null `company_id` (Drizzle's builder cannot write `SET NULL (file_id)`); the job writes these files itself, for its own company",
  home_module_company_id_company_id_fk: 'the tenant (内容管理, migrations 0032, 0035)',
  import_job_company_id_company_id_fk: 'the tenant',
  import_job_admin_fk: 'who started it',
  import_job_file_id_stored_file_id_fk:
    "the job's row outlives its expired files; single-column, because a composite key would also null `company_id` (Drizzle's builder cannot write `SET NULL (file_id)`); the job writes these files itself, for its own company",
  import_job_report_file_id_stored_file_id_fk:
    "the job's row outlives its expired files; single-column, because a composite key would also null `company_id` (Drizzle's builder cannot write `SET NULL (file_id)`); the job writes these files itself, for its own company",
  import_job_staged_file_id_stored_file_id_fk:
    "the job's row outlives its expired files; single-column, because a composite key would also null `company_id` (Drizzle's builder cannot write `SET NULL (file_id)`); the job writes these files itself, for its own company",
  invoice_application_company_id_company_id_fk: 'the tenant (开票申请)',
  invoice_application_created_by_fk: 'who applied',
  invoice_application_info_fk:
    'the 开票信息 chosen; deleting that info clears the reference first (the fields are a snapshot)',
  invoice_application_file_fk: "the issued invoice's PDF: 该文件是已开具的发票，不能删除",
  invoice_application_service_company_fk:
    'the service company invoicing is one the company is contracted to, of the same company',
  invoice_application_operator_id_operator_id_fk: 'the operator of the last action at /ops',
  invoice_application_batch_application_fk: 'what an application takes of a batch is part of the application',
  invoice_application_batch_batch_fk: 'a paid batch an application invoices: 该发放批次已申请开票，不能删除',
  invoice_info_company_id_company_id_fk: 'the tenant (开票信息)',
  invoiceable_total_company_id_company_id_fk: 'the tenant of a kept total (可开票金额, migration 0039)',
  invoiceable_total_service_company_fk: "the kept total's service company, one the company is contracted to",
  job_type_company_id_company_id_fk: 'the tenant',
  ledger_account_company_id_company_id_fk: "the account's owner",
  ledger_account_service_company_id_service_company_id_fk: "the account's owner",
  ledger_entry_account_id_ledger_account_id_fk:
    'append-only postings (index `ledger_entry_transfer_idx`, `ledger_entry_account_idx`)',
  ledger_entry_transfer_id_ledger_transfer_id_fk:
    'append-only postings (index `ledger_entry_transfer_idx`, `ledger_entry_account_idx`)',
  ledger_entry_day_company_id_company_id_fk:
    "the day counters' keys (one upsert per statement: no cost worth naming) (added by the foreign-key audit, migration 0023)",
  ledger_entry_day_service_company_id_service_company_id_fk:
    "the day counters' keys (one upsert per statement: no cost worth naming) (added by the foreign-key audit, migration 0023)",
  ledger_transfer_company_id_company_id_fk: 'whose money moved',
  operator_export_job_operator_id_operator_id_fk:
    'who asked for the export (下载中心 at /ops, migration 0052): only they see it; operators are disabled, never deleted',
  operator_session_operator_id_operator_id_fk: 'whose session',
  payment_account_company_id_company_id_fk:
    'the tenant (a top-up copies the payer account as text, no key: deleting a payment account is free)',
  payout_alipay_fk:
    'the account a payout went to (the dispatcher decrypts it; the record of money sent keeps it): 该收款账户已有发放记录，不能删除; generated columns; partial indexes (added by the foreign-key audit, migration 0023)',
  payout_bank_card_fk:
    'the account a payout went to (the dispatcher decrypts it; the record of money sent keeps it): 该收款账户已有发放记录，不能删除; generated columns; partial indexes (added by the foreign-key audit, migration 0023)',
  payout_batch_fk:
    "a payout's batch, company and service company are its batch's (one check instead of a second key to `service_company`); a batch with payouts: 该发放批次已有支付记录，不能删除; index `payout_batch_idx`",
  reconcile_day_service_company_id_service_company_id_fk:
    'whose statement (对账, migrations 0055/0057, ADR 0030): one row per service company and Beijing day; service companies are never deleted; unique `reconcile_day_key` (service_company_id, day) serves it',
  reconcile_difference_day_id_reconcile_day_id_fk:
    "the day whose statement found it; days are never deleted; unique `reconcile_difference_key` (day_id, kind, ref) serves it. Its payout is named by `payout_id` alone, not a key: a platform table (local on Citus) holds no key to a company's table (migration 0057)",
  reconcile_difference_service_company_id_service_company_id_fk:
    "the statement's service company, copied from its day for the list",
  reconcile_difference_resolved_by_operator_id_fk:
    'the operator who resolved it (with the reason and an audit row); operators are disabled, never deleted',
  payout_receipt_payout_fk:
    "a receipt as issued (回单验真, migration 0054): one succeeded payout's code and PDF hash; payouts are never deleted; the primary key serves it; new unique index `payout_company_id_key` (company_id, id) on payout, its target",
  payout_item_id_payroll_item_id_fk:
    "an item with payouts: 该发放明细已有支付记录，不能删除; single-column (payouts are written only from their batch's items; a composite would cost payroll_item one more unique index per item); new unique index `payout_item_attempt_key (item_id, attempt)` (the old partial `payout_item_live_key` left failed payouts out, so deleting a draft item read the whole payout table)",
  payout_month_total_company_id_company_id_fk: 'the tenant of a kept monthly total (本月已发放, migration 0043)',
  payout_month_worker_company_id_company_id_fk: 'the tenant of a kept per-worker monthly count (migration 0043)',
  payroll_batch_company_id_company_id_fk: 'the tenant; the service company paying',
  payroll_batch_approval_fk:
    "the latest submission's approval, of the same company (added by the foreign-key audit, migration 0023)",
  payroll_batch_created_by_fk: 'who made it',
  payroll_batch_service_company_id_service_company_id_fk: 'the tenant; the service company paying',
  payroll_item_alipay_fk:
    'same, for Alipay; generated column; partial index (added by the foreign-key audit, migration 0023)',
  payroll_item_bank_card_fk:
    'the account an item pays to: 该收款账户已有发放记录，不能删除; `bank_card_id` is generated from `(account_channel, account_id)`; partial index (added by the foreign-key audit, migration 0023)',
  payroll_item_batch_fk:
    "an item is part of its batch; holds the item's company too (no key of its own to company); index `payroll_item_batch_idx`",
  payroll_item_worker_fk:
    '**a worker with items (checked into a batch, paid or not, cancelled batches included) is not deleted: 该员工已有发放记录，不能删除，可设为离职**; index `payroll_item_worker_idx (company_id, worker_id) where worker_id is not null` (also serves the payroll\'s "has this worker items?") (added by the foreign-key audit, migration 0023)',
  role_company_id_company_id_fk: 'the tenant',
  sandbox_signing_request_document_fk:
    "a sandbox signing request's document (its copy of the template's PDF, kept once per content; never deleted); index `sandbox_signing_request_document_idx` (migration 0058, ADR 0031)",
  session_company_id_company_id_fk: 'the tenant',
  session_admin_fk: "a session records a sign-in of that company's admin",
  stored_file_company_id_company_id_fk: 'the tenant',
  stored_file_admin_fk: 'who stored it (nullable)',
  task_assignment_assigned_by_fk: 'who put the worker on the task',
  task_assignment_task_fk: 'a worker on a task; tasks are cancelled, not deleted',
  task_assignment_worker_fk: 'a worker on a task is not deleted: 该员工已有任务记录，不能删除，可设为离职',
  task_assignment_count_task_fk: "the task's kept counts (migration 0031) are part of it",
  task_attachment_file_fk: "the attachment is the company's own upload, kept while the task refers to it",
  task_attachment_task_fk: 'an attachment is part of its task',
  task_delivery_assignment_fk: 'a delivery round is part of its assignment',
  task_delivery_reviewed_by_fk: 'who reviewed it',
  task_delivery_submitted_by_fk: "who submitted it on the worker's behalf",
  task_delivery_file_delivery_fk: "a delivery's file list is part of the delivery",
  task_delivery_file_file_fk: "the delivered file is the company's own upload",
  task_event_admin_fk: 'who did it (任务记录)',
  task_event_task_fk: "a task's record is part of the task",
  task_event_worker_fk: 'a worker with a task record is not deleted: 该员工已有任务记录，不能删除，可设为离职',
  task_order_company_id_company_id_fk: 'the tenant (任务)',
  task_order_created_by_fk: 'who made the task',
  task_order_job_type_fk: 'a job type in use by a task: 该工种已有任务使用，不能删除，可停用',
  task_order_service_company_fk: "a task's service company is one the company is contracted to, of the same company",
  task_payment_assignment_fk: 'the assignment whose amount was taken into a batch',
  task_payment_batch_fk: 'the batch that pays it (cancelled, never deleted)',
  task_payment_created_by_fk: 'who confirmed it (任务确认)',
  task_payment_item_id_payroll_item_id_fk:
    'an item removed from its batch takes its task payments along, so the assignment is payable again',
  topup_company_id_company_id_fk: 'whose top-up, to whom',
  topup_created_by_fk: 'who made it',
  topup_voucher_file_fk: "the voucher is kept with the top-up and is the company's own: 该文件是充值凭证，不能删除",
  topup_decided_by_operator_id_fk: 'who decided',
  topup_service_company_id_service_company_id_fk: 'whose top-up, to whom',
  topup_transfer_id_ledger_transfer_id_fk: "the confirmed top-up's transfer",
  totp_step_use_admin_fk: 'the last authenticator step an admin used is part of the admin',
  verification_admin_id_admin_id_fk: 'a challenge is part of its admin; no company column',
  worker_company_id_company_id_fk: 'the tenant',
  worker_company_id_department_id_department_company_id_id_fk:
    '该部门下还有员工，不能删除; index `worker_department_idx`',
  worker_company_id_job_type_id_job_type_company_id_id_fk:
    'a job type in use: 该工种已有员工使用，不能删除，可停用 (the service answers first with the count); index `worker_job_type_idx`',
  worker_alipay_company_id_worker_id_worker_company_id_id_fk:
    "a payout account is part of its worker; a worker that can be deleted takes them along (their keys from items and payouts still refuse it if any were used, which the worker's own key refuses first)",
  worker_bank_card_company_id_worker_id_worker_company_id_id_fk:
    "a payout account is part of its worker; a worker that can be deleted takes them along (their keys from items and payouts still refuse it if any were used, which the worker's own key refuses first)",
  worker_count_company_id_company_id_fk: 'the tenant of the counters and anchors',
  worker_facet_count_company_id_company_id_fk: 'the tenant of the counters and anchors',
  worker_page_anchor_company_id_company_id_fk: 'the tenant of the counters and anchors',
  worker_real_name_run_company_id_company_id_fk: 'the tenant (实名认证, migration 0056, ADR 0031)',
  worker_real_name_check_company_id_company_id_fk: 'the tenant (实名认证, migration 0056, ADR 0031)',
  worker_real_name_check_worker_fk:
    'a verification is of its worker; a worker that can be deleted (never paid) takes its checks along; index `worker_real_name_check_worker_idx`',
  worker_real_name_check_run_fk:
    'the run that asked it (its progress counts it); runs are deleted only with their checks; index `worker_real_name_check_run_idx`',
  worker_agreement_company_id_company_id_fk: 'the tenant (签约, migration 0056, ADR 0031)',
  worker_agreement_worker_fk:
    "an agreement is the worker's; a worker that can be deleted (never paid) takes it along; unique `worker_agreement_version_uq` (company_id, worker_id, template_id) serves it",
  worker_agreement_service_company_id_service_company_id_fk:
    'whose agreement it is; service companies are never deleted; index `worker_agreement_service_company_idx`',
  worker_agreement_template_id_service_agreement_template_id_fk:
    'the template version signed; templates are never deleted (a new version is a new row); index `worker_agreement_template_idx`',
  worker_agreement_signed_file_fk:
    "the signed PDF in the company's file store, of the agreement's company; a stored file named here is not deleted; index `worker_agreement_signed_file_idx`",
  service_agreement_template_service_company_id_service_company_i:
    'the service company whose agreement it is; unique `service_agreement_template_version_uq` (service_company_id, version) serves it',
  service_agreement_template_operator_id_operator_id_fk:
    'the operator who uploaded the version; operators are never deleted (disabled instead)',
  invoice_batch_balance_batch_fk:
    "invoice's own balance of a paid batch (applied amount against the batch's paid amount, kept by invoice's triggers on its own tables: migration 0047, ADR 0024); a batch an application took is never deleted (paid batches are not)",
  invoice_batch_balance_company_id_company_id_fk: 'the tenant (migration 0047)',
  invoice_batch_balance_service_company_fk:
    "the batch's service company, linked with the company: invoice's open-batch index per service company (选择订单) reads it without payroll's table",
  payroll_paid_total_company_id_company_id_fk: 'the tenant (migration 0047)',
  payroll_paid_total_service_company_fk:
    "payroll's kept paid total per company and service company, read by invoice through payroll's view (ADR 0024); the link is never deleted while it has paid batches",
};
