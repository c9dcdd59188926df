import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  varchar,
  type PgTableExtraConfigValue,
} from 'drizzle-orm/pg-core';
import { companyId, createdAt, updatedAt } from './columns.ts';
import { company } from './company.ts';
import { admin } from './identity.ts';

/**
 * The company of a worker's payout account: no key of its own to company, since the key to its
 * worker, (company_id, worker_id), already holds it to the worker's company; one check fewer
 * per account an import inserts.
 */
const accountCompanyId = () => bigint('company_id', { mode: 'number' }).notNull();

/**
 * 组织架构: a tree of departments per company. `parent_id` is the tree; `department_closure`
 * (below) repeats it as every (ancestor, descendant) pair, so a subtree is one index range
 * (ADR 0018). `sort` orders siblings. The leader is one of the company's admins or workers
 * (at most one of the two); the keys of migration 0036 refuse deleting a leader.
 */
export const department = pgTable(
  'department',
  {
    companyId: companyId(),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    parentId: bigint('parent_id', { mode: 'number' }),
    name: varchar('name', { length: 50 }).notNull(),
    leaderAdminId: bigint('leader_admin_id', { mode: 'number' }),
    leaderWorkerId: bigint('leader_worker_id', { mode: 'number' }),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  // Typed by hand: the leader's key names `worker`, whose key names `department` back.
  (t): PgTableExtraConfigValue[] => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.parentId], foreignColumns: [t.companyId, t.id] }),
    foreignKey({
      name: 'department_leader_admin_fk',
      columns: [t.companyId, t.leaderAdminId],
      foreignColumns: [admin.companyId, admin.id],
    }),
    foreignKey({
      name: 'department_leader_worker_fk',
      columns: [t.companyId, t.leaderWorkerId],
      foreignColumns: [worker.companyId, worker.id],
    }),
    index('department_parent_idx').on(t.companyId, t.parentId, t.sort, t.id),
    index('department_leader_admin_idx')
      .on(t.companyId, t.leaderAdminId)
      .where(sql`${t.leaderAdminId} is not null`),
    index('department_leader_worker_idx')
      .on(t.companyId, t.leaderWorkerId)
      .where(sql`${t.leaderWorkerId} is not null`),
    check('department_one_leader_ck', sql`${t.leaderAdminId} is null or ${t.leaderWorkerId} is null`),
  ],
);

/**
 * Every (ancestor, descendant) pair of a company's department tree, a department its own
 * ancestor at depth 0 (ADR 0018): the departments under one are one range of the primary key,
 * its ancestors one range of the descendant index. Written only by the department service, under
 * the company's tree lock, in the same transaction as `department.parent_id`.
 */
export const departmentClosure = pgTable(
  'department_closure',
  {
    companyId: companyId(),
    ancestorId: bigint('ancestor_id', { mode: 'number' }).notNull(),
    descendantId: bigint('descendant_id', { mode: 'number' }).notNull(),
    depth: integer('depth').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.ancestorId, t.descendantId] }),
    index('department_closure_descendant_idx').on(t.companyId, t.descendantId, t.depth),
    foreignKey({
      columns: [t.companyId, t.ancestorId],
      foreignColumns: [department.companyId, department.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.companyId, t.descendantId],
      foreignColumns: [department.companyId, department.id],
    }).onDelete('cascade'),
  ],
);

/** 工种 (jobList). */
export const jobType = pgTable(
  'job_type',
  {
    companyId: companyId(),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: 30 }).notNull(),
    code: varchar('code', { length: 20 }).notNull(),
    description: varchar('description', { length: 200 }).notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    unique('job_type_code_uq').on(t.companyId, t.code),
    unique('job_type_name_uq').on(t.companyId, t.name),
  ],
);

/**
 * A worker (员工). The ID number is stored encrypted, with a keyed hash for uniqueness and
 * exact search and a masked copy for lists, so a list never decrypts anything.
 */
export const worker = pgTable(
  'worker',
  {
    companyId: companyId(),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: 50 }).notNull(),
    idNumberEnc: text('id_number_enc').notNull(),
    idNumberHash: varchar('id_number_hash', { length: 64 }).notNull(),
    idNumberMasked: varchar('id_number_masked', { length: 18 }).notNull(),
    mobile: varchar('mobile', { length: 11 }).notNull(),
    /** male | female, from the ID number. */
    gender: varchar('gender', { length: 6 }).notNull(),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    province: varchar('province', { length: 20 }).notNull(),
    regionCode: varchar('region_code', { length: 6 }).notNull(),
    jobTypeId: bigint('job_type_id', { mode: 'number' }),
    departmentId: bigint('department_id', { mode: 'number' }),
    /** active 在职 | left 离职 */
    status: varchar('status', { length: 10 }).notNull().default('active'),
    /** unverified | verifying | verified | failed: follows the latest worker_real_name_check. */
    realNameStatus: varchar('real_name_status', { length: 12 }).notNull().default('unverified'),
    /** unsigned | signing | signed: signed once an agreement is (worker_agreement, per service company). */
    contractStatus: varchar('contract_status', { length: 10 }).notNull().default('unsigned'),
    joinedAt: date('joined_at', { mode: 'string' }).notNull(),
    leftAt: date('left_at', { mode: 'string' }),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    unique('worker_id_number_uq').on(t.companyId, t.idNumberHash),
    foreignKey({ columns: [t.companyId, t.jobTypeId], foreignColumns: [jobType.companyId, jobType.id] }),
    foreignKey({ columns: [t.companyId, t.departmentId], foreignColumns: [department.companyId, department.id] }),
    // Plain ascending indexes: scanned forwards they serve ASC, backwards DESC (with PostgreSQL's
    // default NULLS placement for each), so one index serves both sort orders of the list.
    // Migrations 0013 and 0014 add INCLUDE (name, status), which this builder cannot write: a
    // name or status filter in the default order reads index entries only, so status needs no
    // index of its own (one index fewer for every worker an import inserts).
    index('worker_created_idx').on(t.companyId, t.createdAt, t.id),
    index('worker_name_idx').on(t.companyId, t.name.op('text_pattern_ops')),
    index('worker_mobile_idx').on(t.companyId, t.mobile),
    // Only the workers that have a job type or department: a filter always names one, and the
    // workers an import adds (never with a department) cost these indexes nothing.
    index('worker_job_type_idx')
      .on(t.companyId, t.jobTypeId, t.createdAt, t.id)
      .where(sql`${t.jobTypeId} is not null`),
    index('worker_department_idx')
      .on(t.companyId, t.departmentId, t.createdAt, t.id)
      .where(sql`${t.departmentId} is not null`),
    index('worker_joined_idx').on(t.companyId, t.joinedAt, t.id),
    check('worker_status_ck', sql`${t.status} in ('active', 'left')`),
    check('worker_real_name_ck', sql`${t.realNameStatus} in ('unverified', 'verifying', 'verified', 'failed')`),
    check('worker_contract_ck', sql`${t.contractStatus} in ('unsigned', 'signing', 'signed')`),
    check('worker_gender_ck', sql`${t.gender} in ('male', 'female')`),
  ],
);

/** 银行卡: payout accounts by bank card; one default per worker across channels. */
export const workerBankCard = pgTable(
  'worker_bank_card',
  {
    companyId: accountCompanyId(),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    workerId: bigint('worker_id', { mode: 'number' }).notNull(),
    bankCode: varchar('bank_code', { length: 20 }).notNull(),
    cardNumberEnc: text('card_number_enc').notNull(),
    cardNumberHash: varchar('card_number_hash', { length: 64 }).notNull(),
    cardNumberMasked: varchar('card_number_masked', { length: 30 }).notNull(),
    branch: varchar('branch', { length: 100 }).notNull().default(''),
    holderName: varchar('holder_name', { length: 50 }).notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.workerId], foreignColumns: [worker.companyId, worker.id] }).onDelete(
      'cascade',
    ),
    // Also the index of a worker's cards: (company_id, worker_id) is its prefix.
    unique('bank_card_worker_card_uq').on(t.companyId, t.workerId, t.cardNumberHash),
  ],
);

/** 支付宝: payout accounts by Alipay (mobile or email). */
export const workerAlipay = pgTable(
  'worker_alipay',
  {
    companyId: accountCompanyId(),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    workerId: bigint('worker_id', { mode: 'number' }).notNull(),
    accountEnc: text('account_enc').notNull(),
    accountHash: varchar('account_hash', { length: 64 }).notNull(),
    accountMasked: varchar('account_masked', { length: 100 }).notNull(),
    holderName: varchar('holder_name', { length: 50 }).notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.workerId], foreignColumns: [worker.companyId, worker.id] }).onDelete(
      'cascade',
    ),
    // Also the index of a worker's Alipay accounts: (company_id, worker_id) is its prefix.
    unique('alipay_worker_account_uq').on(t.companyId, t.workerId, t.accountHash),
  ],
);

/**
 * The number of workers per company, kept by statement-level triggers on `worker` (migration
 * 0006), so the unfiltered list of a million workers does not count them on every page.
 */
export const workerCount = pgTable('worker_count', {
  companyId: bigint('company_id', { mode: 'number' })
    .primaryKey()
    .references(() => company.id),
  total: bigint('total', { mode: 'number' }).notNull().default(0),
});

/**
 * The number of workers per company and value of each single-column list filter (工种, 部门,
 * 状态, 实名状态), kept by the statement-level triggers of migration 0009: a list filtered on
 * one of them does not count a quarter of a million rows on every page.
 */
export const workerFacetCount = pgTable(
  'worker_facet_count',
  {
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => company.id),
    /** job_type | department | status | real_name */
    facet: varchar('facet', { length: 20 }).notNull(),
    /** The column's value as text; '' for no job type or department. */
    value: varchar('value', { length: 40 }).notNull(),
    total: bigint('total', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.facet, t.value] })],
);

/**
 * Page anchors of the default worker order (created_at, id): the key of every
 * `WORKER_ANCHOR_EVERY`-th worker of a company, counted from the oldest. A deep page seeks to the
 * nearest anchor through the (company_id, created_at, id) index and skips fewer than that many
 * entries, instead of skipping hundreds of thousands with OFFSET. Appended workers (newer than
 * the last anchor) leave the anchors valid; any other insert or delete drops the company's
 * anchors (triggers of migration 0010) until they are rebuilt.
 */
export const workerPageAnchor = pgTable(
  'worker_page_anchor',
  {
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => company.id),
    /** The number of the company's workers ordered before this one (oldest first). */
    position: bigint('position', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /**
     * With `created_at`, the anchor's key in the order, not a reference: it stays valid when that
     * worker is deleted (only workers ordered before it move it), so it has no foreign key.
     */
    workerId: bigint('worker_id', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.position] })],
);
