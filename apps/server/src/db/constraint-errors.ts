/**
 * What the admin reads when the database refuses a write for a foreign key (SQLSTATE 23503):
 * the error handler (plugins/errors.ts) answers 40900 with the message of the constraint, so a
 * delete of a row that others still refer to is refused in Chinese by every route, whichever
 * check of a service it got past, and the transaction it ran in leaves nothing half-saved.
 * A service's own check answers the same cases beforehand (often with a count); the key is what
 * finally holds.
 */

/** A row still referred to: why it cannot be deleted, by the name of the referring key. */
export const REFERENCED_MESSAGES: Readonly<Record<string, string>> = {
  // A worker with items in a batch (the payroll's fact); their payout accounts likewise.
  payroll_item_worker_fk: '该员工已有发放记录，不能删除，可设为离职',
  payroll_item_bank_card_fk: '该收款账户已有发放记录，不能删除',
  payroll_item_alipay_fk: '该收款账户已有发放记录，不能删除',
  payout_bank_card_fk: '该收款账户已有发放记录，不能删除',
  payout_alipay_fk: '该收款账户已有发放记录，不能删除',
  // A worker or a job type a task names (the task area's facts).
  task_assignment_worker_fk: '该员工已有任务记录，不能删除，可设为离职',
  task_event_worker_fk: '该员工已有任务记录，不能删除，可设为离职',
  task_order_job_type_fk: '该工种已有任务使用，不能删除，可停用',
  // A job type, a department given to workers; a department with departments under it.
  worker_company_id_job_type_id_job_type_company_id_id_fk: '该工种已有员工使用，不能删除，可停用',
  worker_company_id_department_id_department_company_id_id_fk: '该部门下还有员工，不能删除',
  department_company_id_parent_id_department_company_id_id_fk: '该部门下还有下级部门，不能删除',
  // A worker or an admin who leads a department.
  department_leader_worker_fk: '该员工是部门负责人，请先更换负责人',
  department_leader_admin_fk: '该管理员是部门负责人，请先更换负责人',
  // A role granted to admins.
  admin_role_company_id_role_id_role_company_id_id_fk: '该角色已分配给管理员，不能删除',
  // What was paid stays: an item or a batch with payouts.
  payout_item_id_payroll_item_id_fk: '该发放明细已有支付记录，不能删除',
  payout_batch_fk: '该发放批次已有支付记录，不能删除',
  // A batch an invoice was applied for; the PDF of an issued invoice (the invoice area's facts).
  invoice_application_batch_batch_fk: '该发放批次已申请开票，不能删除',
  invoice_application_file_fk: '该文件是已开具的发票，不能删除',
  // The PDF of a contract (the contract area's fact).
  company_contract_file_fk: '该文件是合同文件，不能删除',
  company_contract_signed_file_fk: '该文件是已签署的合同文件，不能删除',
  // A file a top-up keeps as its voucher.
  topup_voucher_file_fk: '该文件是充值凭证，不能删除',
  // An admin who acted (signed in, created, started, decided): disabled, never deleted.
  ...Object.fromEntries(
    [
      'session_admin_fk',
      'audit_log_admin_fk',
      'stored_file_admin_fk',
      'import_job_admin_fk',
      'export_job_admin_fk',
      'topup_created_by_fk',
      'approval_request_creator_fk',
      'approval_action_admin_fk',
      'payroll_batch_created_by_fk',
      'company_contract_signed_by_fk',
    ].map((name) => [name, '该管理员已有操作记录，不能删除，可停用']),
  ),
};

/** A referred row with no message of its own. */
export const REFERENCED_FALLBACK = '数据已被其他记录引用，不能删除';
/** A write naming a row that does not exist (deleted meanwhile, or never this company's). */
export const MISSING_REFERENCE_MESSAGE = '所引用的数据不存在或已被删除，请刷新后重试';

export interface ForeignKeyViolation {
  constraint: string;
  /**
   * `referenced`: a delete (or key change) of a row others refer to; `missing`: an insert or
   * update naming a row that is not there.
   */
  kind: 'referenced' | 'missing';
  message: string;
}

/**
 * The foreign-key violation behind an error, or undefined. Drizzle wraps the driver's error in
 * `cause`; node-postgres and PGlite both give `code`, `constraint` and the server's message.
 */
export function foreignKeyViolationOf(err: unknown): ForeignKeyViolation | undefined {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    const fields = e as { code?: unknown; constraint?: unknown };
    if (fields.code !== '23503') continue;
    const constraint = typeof fields.constraint === 'string' ? fields.constraint : '';
    if (isReferencedSide(e.message)) {
      return { constraint, kind: 'referenced', message: REFERENCED_MESSAGES[constraint] ?? REFERENCED_FALLBACK };
    }
    return { constraint, kind: 'missing', message: MISSING_REFERENCE_MESSAGE };
  }
  return undefined;
}

/**
 * Which side of the key refused. Both carry the same SQLSTATE, table and constraint; only the
 * message tells them apart: `update or delete on table "a" violates foreign key constraint "k"
 * on table "b"` names three identifiers, `insert or update on table "b" violates foreign key
 * constraint "k"` two. Counting the quoted names also reads a server whose lc_messages is not
 * English: every translation PostgreSQL 15 ships keeps three and two (quoted "", «» or »«).
 */
function isReferencedSide(message: string): boolean {
  if (message.startsWith('update or delete on table ')) return true;
  if (message.startsWith('insert or update on table ')) return false;
  return (message.match(/"[^"]*"|«[^»]*»|»[^«]*«/g) ?? []).length >= 3;
}
