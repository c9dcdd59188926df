/**
 * How each table of the `public` schema would be placed on a Citus cluster (ADR 0020), read by
 * test/db/citus-ready.test.ts:
 *
 * - a **tenant** table (every table not listed below) holds rows of one company: it has
 *   `company_id`, its primary key and every unique index start with it, and its foreign keys to
 *   other tenant tables carry it, so it can be distributed by `company_id` and colocated with
 *   the others (every join and key check stays on one node);
 * - a **reference** table is platform-wide, small and read by every company: replicated to every
 *   node, a tenant table may have a foreign key to it, it has none to a tenant or local table;
 * - a **local** table stays on the coordinator only: platform bookkeeping that no tenant query
 *   joins, and that has no foreign key to a tenant table.
 *
 * A new table either follows the tenant rule or is named here, with its reason.
 */

/** Replicated to every node. */
export const REFERENCE_TABLES: Readonly<Record<string, string>> = {
  company:
    'The tenants themselves: a few thousand rows that every tenant table keys to (company_id) and the operator console lists; replicated, so that key is checked on the node of the shard.',
  service_company:
    '服务商: a handful of licensed entities of the platform, named by companies, batches, top-ups, ledger accounts and invoices of every company.',
  operator:
    'Platform operators (/ops): a handful of people, named by top-ups, invoices and contracts of every company.',
  chat_quick_reply:
    "在线客服's canned replies of the platform's operators: a short list, no company's, keyed to operator (a reference table).",
  service_agreement_template:
    "服务商's cooperation agreement templates (issue 43): a few versions per service company, uploaded by operators, read by every company's signing and payroll check; replicated like service_company.",
  operator_session: "An operator's sessions: operators are not of a company; small, and checked on every /ops request.",
};

/** Kept on the coordinator only. */
export const LOCAL_TABLES: Readonly<Record<string, string>> = {
  idempotency_key:
    'Keyed by realm (`company:<id>` or `operator`) and the client key; read and written once per money request by its key, joined with nothing. Could be distributed by realm later.',
  login_attempt:
    'Sign-in attempts by username and IP, counted before any company is known (the login form names none), in both realms.',
  sms_outbox: "The default SmsSender's outbox (development): by mobile and IP, no company.",
  file_chunk:
    "The database file store's chunks (ADR 0021), keyed by storage key: a blob store behind the FileStore port, not rows of a company (stored_file is). On Citus it would be distributed by storage_key on its own, not colocated, or replaced by an object store.",
  access_log:
    "网关日志: the platform's record of every API request of both realms, read by operators only (no company's scope may read it: revoked from flexpay_app). Partitioned by day and dropped by day; on Citus it stays on the coordinator or moves to a log store.",
  server_log:
    "The server's warning and error lines of a request, for 网关日志: the platform's, partitioned like access_log.",
  operator_export_job:
    "The operators' 下载中心: an operator's export (网关日志) spans companies and names none, so it is no company's row; read and written by operators and the platform's export jobs only (revoked from flexpay_app). A few rows per operator a day, joined with nothing; on Citus it stays on the coordinator.",
  receipt_check:
    "回单验真's checks of a code, by client address, counted to limit guessing before any company is known (like login_attempt); the platform's (revoked from flexpay_app), joined with nothing.",
  reconcile_day:
    "对账 (ADR 0030): one service company's day reconciled against the provider's statement; spans companies, read by operators and the platform's job only (revoked from flexpay_app).",
  reconcile_difference:
    "对账's differences: a statement line or payout of any company of a service company, read and resolved by operators only (revoked from flexpay_app); its key to the payout names the company.",
  reconcile_line:
    "对账's staging table: a statement COPied in, kept two days, read by the matching statement only (revoked from flexpay_app).",
  sandbox_payout:
    "The sandbox payout provider's own books: it stands for an outside system, keyed by our payout's ref, with no key to ours.",
  sandbox_signing_document:
    "The sandbox signing provider's copies of the documents it was sent (one per content): an outside system's store, no company's, with no key to ours.",
  sandbox_signing_request:
    "The sandbox signing provider's own books: it stands for an outside e-signing service, keyed by our agreement's ref as a value, with no key to ours.",
  process_heartbeat:
    "系统监控's heartbeats: one row per server process (its name, memory, load), rewritten every 10 s; the platform's bookkeeping, of no company, read by the operators only.",
};

/**
 * Local tables that no company's scope may touch: the platform's own records, read by operators.
 * Their migration revokes them from `flexpay_app` (a forgotten route or a query in a company's
 * scope fails instead of reading them); test/db/row-level-security.test.ts holds the grants to it.
 */
export const PLATFORM_ONLY: readonly string[] = [
  'access_log',
  'server_log',
  'operator_export_job',
  'receipt_check',
  'reconcile_day',
  'reconcile_difference',
  'reconcile_line',
];

/**
 * Tenant tables that do not follow the rule yet (known debt, ADR 0020): the test skips them, and
 * fails when one of them starts to follow it (take it off this list then). Each says what is in
 * the way.
 */
export const TENANT_DEBT: Readonly<Record<string, string>> = {
  admin:
    'Usernames are unique across the platform (the login form names no company): a unique index on username alone. Needs a login directory (username → company) as a reference or local table, then (company_id, username); and verification refers to admin by id alone.',
  verification:
    'No company_id: a captcha is made before anyone is known (no admin), an SMS or TOTP challenge names an admin by id alone. Split: pre-sign-in challenges local, admin challenges tenant with (company_id, admin_id).',
  audit_log:
    'company_id is null on operator rows and on failed sign-ins of unknown usernames: split the operator realm into a table of its own (local or reference), then key by (company_id, id).',
  stored_file:
    'Keyed by id: export_job and import_job refer to files by id alone (file_id, report_file_id, staged_file_id). Re-key to (company_id, id) with those keys made composite.',
  export_job: 'Keyed by id (uuid, the download link names it) and its file key is by id alone: goes with stored_file.',
  import_job: 'Keyed by id (uuid) and its three file keys are by id alone: goes with stored_file.',
  payroll_item:
    'Keyed by id: payout.item_id and task_payment.item_id refer to it by id alone. Re-key to (company_id, id) with those keys made (company_id, item_id).',
  payout:
    "Keyed by id; ref (PO + id) is unique across the platform because the provider's callback names only the ref, and its item uniques (item_id, attempt), (item_id) where live name no company. Needs the ref to carry the company (or a local ref → company directory) before (company_id, ref).",
  task_payment: 'Keyed by id, and its key to payroll_item is by id alone: goes with payroll_item.',
  ledger_account:
    "The platform's own accounts (bank clearing, fee income, payouts in transit) have no company: company_id is null, and the unique key is (kind, company_id, service_company_id). Split the platform's accounts from the companies' (ADR 0012) before keying by company.",
  ledger_transfer:
    'company_id is null on platform-only transfers, and the unique (type, ref_kind, ref_id) names no company: goes with ledger_account.',
  ledger_entry:
    "Keyed by id with keys to ledger_account and ledger_transfer by id alone, company_id null on the platform's entries: goes with ledger_account.",
  topup: 'Keyed by id, and its key to ledger_transfer (transfer_id) is by id alone: goes with the ledger.',
};

export type Placement = 'tenant' | 'reference' | 'local';

export function placementOf(table: string): Placement {
  if (table in REFERENCE_TABLES) return 'reference';
  if (table in LOCAL_TABLES) return 'local';
  return 'tenant';
}

/**
 * Row-level security (ADR 0025, migration 0049): every tenant table has the policies
 * `tenant_isolation` (its company's rows only, against `app.company_id`) and `platform_access`
 * (every row, for `flexpay_platform`), enabled and forced, except those named here with their
 * reason. test/db/row-level-security.test.ts holds the schema to it.
 */
export const ROW_SECURITY_EXEMPT: Readonly<Record<string, string>> = {
  verification:
    'No company_id column (TENANT_DEBT): a captcha or an SMS challenge is made before anyone is known, and read by its token alone. It holds no company data: a code, its purpose, and the id of the admin it was sent to.',
};

/**
 * Tenant tables whose `tenant_isolation` also admits rows without a company: the platform's own
 * side of a company's posting (its clearing, fee-income and in-transit accounts, their entries),
 * written in the company's transaction through the ledger. Rows of another company stay hidden.
 */
export const PLATFORM_ROWS: Readonly<Record<string, string>> = {
  ledger_account: "The platform's accounts have no company (TENANT_DEBT); a company's posting moves their balance.",
  ledger_transfer: 'Platform-only transfers have no company; a company reads only its own.',
  ledger_entry: "The platform's side of a company's transfer is an entry without a company, written with it.",
};
