import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { approvalRequest } from './approval.ts';
import { companyId, createdAt, updatedAt } from './columns.ts';
import { companyServiceCompany, serviceCompany } from './company.ts';
import { admin } from './identity.ts';
import { worker, workerAlipay, workerBankCard } from './worker.ts';

/**
 * The payout account of an item or a payout as a key of its channel's table: `account_id` names a
 * bank card or an Alipay account depending on the channel, which no foreign key can follow, so
 * the database derives one column per channel from the pair (null for the other channel), and each
 * has its foreign key. Written by nobody: the code keeps writing `account_channel`/`account_id`.
 */
const accountOfChannel = (name: string, channel: 'bank' | 'alipay', channelColumn: string) =>
  bigint(name, { mode: 'number' }).generatedAlwaysAs(
    sql.raw(`case when "${channelColumn}" = '${channel}' then "account_id" end`),
  );

/**
 * A payroll batch (发放批次, DOMAIN section 6): its header, its totals kept with its items, and
 * its state up to 待支付 (paying is the payout issue's). Money in fen.
 */
export const payrollBatch = pgTable(
  'payroll_batch',
  {
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    title: varchar('title', { length: 50 }).notNull(),
    /** YYYY-MM: the month whose per-worker limit the items count toward. */
    period: varchar('period', { length: 7 }).notNull(),
    serviceCompanyId: bigint('service_company_id', { mode: 'number' })
      .notNull()
      .references(() => serviceCompany.id),
    /** bank | alipay */
    channel: varchar('channel', { length: 10 }).notNull(),
    /** sheet | workers | tasks */
    source: varchar('source', { length: 10 }).notNull(),
    /** draft | checking | confirming | approving | to_pay | paying | completed | partial | cancelled */
    status: varchar('status', { length: 12 }).notNull().default('draft'),
    itemCount: integer('item_count').notNull().default(0),
    okCount: integer('ok_count').notNull().default(0),
    failedCount: integer('failed_count').notNull().default(0),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull().default(0),
    feeFen: bigint('fee_fen', { mode: 'number' }).notNull().default(0),
    netFen: bigint('net_fen', { mode: 'number' }).notNull().default(0),
    debitFen: bigint('debit_fen', { mode: 'number' }).notNull().default(0),
    /**
     * What its paid items debited (pay_status 'paid'), and how many: kept by a trigger on
     * payroll_item (migration 0039). Final once the batch is 已完成 or 部分成功 (its items are all
     * settled by then). Other areas read it through the view payroll_batch_state (migration 0047).
     */
    paidFen: bigint('paid_fen', { mode: 'number' }).notNull().default(0),
    paidCount: integer('paid_count').notNull().default(0),
    /** The cost rule the last check applied. */
    feeRateBp: integer('fee_rate_bp'),
    feeBearer: varchar('fee_bearer', { length: 10 }),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    createdBy: bigint('created_by', { mode: 'number' }).notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: varchar('cancel_reason', { length: 200 }),
    /** The approval of the latest submission, when the company's flow asked for one. */
    approvalRequestId: bigint('approval_request_id', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The keys the batch's items and payouts refer to it by: the tenant travels with them, and a
    // payout's service company is its batch's.
    primaryKey({ name: 'payroll_batch_pkey', columns: [t.companyId, t.id] }),
    // The payout dispatcher, callbacks and receipts read a batch by id alone.
    index('payroll_batch_id_idx').on(t.id),
    unique('payroll_batch_service_company_uq').on(t.companyId, t.id, t.serviceCompanyId),
    foreignKey({
      name: 'payroll_batch_created_by_fk',
      columns: [t.companyId, t.createdBy],
      foreignColumns: [admin.companyId, admin.id],
    }),
    foreignKey({
      name: 'payroll_batch_approval_fk',
      columns: [t.companyId, t.approvalRequestId],
      foreignColumns: [approvalRequest.companyId, approvalRequest.id],
    }),
    index('payroll_batch_company_idx').on(t.companyId, t.createdAt, t.id),
    index('payroll_batch_status_idx').on(t.companyId, t.status, t.createdAt, t.id),
    // The batches of a month and service company, whose items count toward the monthly limit.
    index('payroll_batch_period_idx').on(t.companyId, t.serviceCompanyId, t.period),
    // Paid batches (payroll_batch_state's is_paid, a public read), newest first: a company's, and
    // those of one service company that paid something (选择订单's pages read their ids from it
    // alone, deep pages too).
    index('payroll_batch_paid_idx')
      .on(t.companyId, t.createdAt, t.id)
      .where(sql`${t.status} in ('completed', 'partial')`),
    index('payroll_batch_paid_service_idx')
      .on(t.companyId, t.serviceCompanyId, t.createdAt, t.id)
      .where(sql`${t.status} in ('completed', 'partial') and ${t.paidFen} > 0`),
    check(
      'payroll_batch_status_ck',
      sql`${t.status} in ('draft', 'checking', 'confirming', 'approving', 'to_pay', 'paying', 'completed', 'partial', 'cancelled')`,
    ),
    check('payroll_batch_channel_ck', sql`${t.channel} in ('bank', 'alipay')`),
    check('payroll_batch_source_ck', sql`${t.source} in ('sheet', 'workers', 'tasks')`),
    check('payroll_batch_period_ck', sql`${t.period} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('payroll_batch_totals_ck', sql`${t.amountFen} >= 0 and ${t.feeFen} >= 0 and ${t.debitFen} >= 0`),
  ],
);

/**
 * An item of a batch: whom (matched by the ID number's keyed hash), how much, and what the last
 * check found (the worker, the payout account as a masked snapshot, the fee, 正常 or the reasons).
 */
export const payrollItem = pgTable(
  'payroll_item',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** No key of its own to company: the key to its batch, (company_id, batch_id), holds it. */
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    batchId: bigint('batch_id', { mode: 'number' }).notNull(),
    /**
     * 序号: 1, 2, 3… in the order the items were added (the sheet's order), kept without gaps (a
     * removal renumbers the items after it), so a deep page of the list seeks to its first row.
     */
    rowNo: integer('row_no').notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    idNumberHash: varchar('id_number_hash', { length: 64 }).notNull(),
    idNumberMasked: varchar('id_number_masked', { length: 18 }).notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    feeFen: bigint('fee_fen', { mode: 'number' }).notNull().default(0),
    netFen: bigint('net_fen', { mode: 'number' }).notNull().default(0),
    debitFen: bigint('debit_fen', { mode: 'number' }).notNull().default(0),
    /** Set by the check: the worker the ID number found, and the account it pays to. */
    workerId: bigint('worker_id', { mode: 'number' }),
    accountChannel: varchar('account_channel', { length: 10 }),
    accountId: bigint('account_id', { mode: 'number' }),
    accountMasked: varchar('account_masked', { length: 100 }),
    accountBank: varchar('account_bank', { length: 20 }),
    /** `account_id` when the channel is bank, for its foreign key (see accountOfChannel). */
    bankCardId: accountOfChannel('bank_card_id', 'bank', 'account_channel'),
    /** `account_id` when the channel is alipay, for its foreign key. */
    alipayId: accountOfChannel('alipay_id', 'alipay', 'account_channel'),
    /** unchecked | ok | failed */
    checkResult: varchar('check_result', { length: 10 }).notNull().default('unchecked'),
    /** The reasons of a failed check, one per line. */
    checkReasons: text('check_reasons').notNull().default(''),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    /** paying | paid | failed, once the batch is paid (the latest payout's outcome). */
    payStatus: varchar('pay_status', { length: 10 }),
    payFailReason: varchar('pay_fail_reason', { length: 100 }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    // An item is part of its batch.
    foreignKey({
      name: 'payroll_item_batch_fk',
      columns: [t.companyId, t.batchId],
      foreignColumns: [payrollBatch.companyId, payrollBatch.id],
    }).onDelete('cascade'),
    // A worker or an account with items cannot be deleted (该员工已有发放记录…): no cascade, no
    // SET NULL. The indexes answer those deletes (and "has this worker items?") without a scan.
    foreignKey({
      name: 'payroll_item_worker_fk',
      columns: [t.companyId, t.workerId],
      foreignColumns: [worker.companyId, worker.id],
    }),
    foreignKey({
      name: 'payroll_item_bank_card_fk',
      columns: [t.companyId, t.bankCardId],
      foreignColumns: [workerBankCard.companyId, workerBankCard.id],
    }),
    foreignKey({
      name: 'payroll_item_alipay_fk',
      columns: [t.companyId, t.alipayId],
      foreignColumns: [workerAlipay.companyId, workerAlipay.id],
    }),
    index('payroll_item_worker_idx')
      .on(t.companyId, t.workerId)
      .where(sql`${t.workerId} is not null`),
    index('payroll_item_bank_card_idx')
      .on(t.companyId, t.bankCardId)
      .where(sql`${t.bankCardId} is not null`),
    index('payroll_item_alipay_idx')
      .on(t.companyId, t.alipayId)
      .where(sql`${t.alipayId} is not null`),
    index('payroll_item_batch_idx').on(t.companyId, t.batchId, t.rowNo, t.id),
    // 员工分析: the paid items of a period, with what its figures sum, read from the index alone.
    index('payroll_item_paid_idx')
      .on(t.companyId, t.paidAt, t.workerId, t.amountFen)
      .where(sql`${t.payStatus} = 'paid'`),
    index('payroll_item_result_idx').on(t.companyId, t.batchId, t.checkResult, t.rowNo, t.id),
    // 姓名 prefix search within a batch.
    index('payroll_item_name_idx').on(t.companyId, t.batchId, t.name.op('text_pattern_ops')),
    check('payroll_item_amount_ck', sql`${t.amountFen} > 0`),
    check('payroll_item_result_ck', sql`${t.checkResult} in ('unchecked', 'ok', 'failed')`),
    check('payroll_item_pay_ck', sql`${t.payStatus} is null or ${t.payStatus} in ('paying', 'paid', 'failed')`),
  ],
);

/**
 * One payout of an item to the worker's account (the outbox the dispatcher drains): 待发送 →
 * 支付中 (submitted to the provider) → 已支付 | 支付失败. An item has at most one payout that is
 * not failed, so it can never be paid twice; a failed one may be followed by a new attempt.
 */
export const payout = pgTable(
  'payout',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** No key of its own to company: the key to its batch, (company_id, batch_id), holds it. */
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    batchId: bigint('batch_id', { mode: 'number' }).notNull(),
    itemId: bigint('item_id', { mode: 'number' })
      .notNull()
      .references(() => payrollItem.id),
    /** The batch's: held to it by the key to the batch, (company_id, batch_id, service_company_id). */
    serviceCompanyId: bigint('service_company_id', { mode: 'number' }).notNull(),
    attempt: integer('attempt').notNull(),
    /** The provider's key of this payout: `PO` + id, sent with it and named in its callbacks. */
    ref: varchar('ref', { length: 40 }).notNull(),
    channel: varchar('channel', { length: 10 }).notNull(),
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    /** `account_id` when the channel is bank, for its foreign key (see accountOfChannel). */
    bankCardId: accountOfChannel('bank_card_id', 'bank', 'channel'),
    /** `account_id` when the channel is alipay, for its foreign key. */
    alipayId: accountOfChannel('alipay_id', 'alipay', 'channel'),
    accountMasked: varchar('account_masked', { length: 100 }).notNull(),
    holderName: varchar('holder_name', { length: 50 }).notNull(),
    /** What the worker receives, the fee, and what was frozen for it (net + fee, or the amount). */
    netFen: bigint('net_fen', { mode: 'number' }).notNull(),
    feeFen: bigint('fee_fen', { mode: 'number' }).notNull(),
    debitFen: bigint('debit_fen', { mode: 'number' }).notNull(),
    /** queued | submitted | succeeded | failed */
    status: varchar('status', { length: 10 }).notNull().default('queued'),
    failReason: varchar('fail_reason', { length: 100 }),
    createdAt: createdAt(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /**
     * 对账异常 (ADR 0030): the provider's statement disagrees with this payout. Until an operator
     * resolves it, nothing changes it: no callback, reconciliation, refund or re-payment.
     */
    reconcileHold: boolean('reconcile_hold').notNull().default(false),
  },
  (t) => [
    // A payout is a record of money sent: nothing it names may be deleted while it exists.
    foreignKey({
      name: 'payout_batch_fk',
      columns: [t.companyId, t.batchId, t.serviceCompanyId],
      foreignColumns: [payrollBatch.companyId, payrollBatch.id, payrollBatch.serviceCompanyId],
    }),
    foreignKey({
      name: 'payout_bank_card_fk',
      columns: [t.companyId, t.bankCardId],
      foreignColumns: [workerBankCard.companyId, workerBankCard.id],
    }),
    foreignKey({
      name: 'payout_alipay_fk',
      columns: [t.companyId, t.alipayId],
      foreignColumns: [workerAlipay.companyId, workerAlipay.id],
    }),
    // The attempts of an item, and the payouts of an account: an item's or an account's delete
    // checks them without reading the table (payout_item_live_key leaves failed payouts out).
    uniqueIndex('payout_item_attempt_key').on(t.itemId, t.attempt),
    index('payout_bank_card_idx')
      .on(t.companyId, t.bankCardId)
      .where(sql`${t.bankCardId} is not null`),
    index('payout_alipay_idx')
      .on(t.companyId, t.alipayId)
      .where(sql`${t.alipayId} is not null`),
    uniqueIndex('payout_ref_key').on(t.ref),
    // The target of a receipt's key (payout_receipt), which carries the company (ADR 0020).
    uniqueIndex('payout_company_id_key').on(t.companyId, t.id),
    // At most one payout of an item that is not failed: never two successes, never two in flight.
    uniqueIndex('payout_item_live_key')
      .on(t.itemId)
      .where(sql`${t.status} <> 'failed'`),
    index('payout_batch_idx').on(t.companyId, t.batchId, t.id),
    index('payout_open_idx')
      .on(t.status, t.id)
      .where(sql`${t.status} in ('queued', 'submitted')`),
    // A day's reconciliation reads the payouts a service company settled that day.
    index('payout_settled_idx')
      .on(t.serviceCompanyId, t.settledAt)
      .where(sql`${t.status} in ('succeeded', 'failed')`),
    // The held payouts of a company's items (re-payment asks).
    index('payout_hold_idx')
      .on(t.companyId, t.itemId)
      .where(sql`${t.reconcileHold}`),
    check('payout_status_ck', sql`${t.status} in ('queued', 'submitted', 'succeeded', 'failed')`),
    check('payout_amounts_ck', sql`${t.netFen} > 0 and ${t.feeFen} >= 0 and ${t.debitFen} > 0`),
  ],
);

/**
 * The sandbox payout provider's own books (it stands for an outside system): what was submitted
 * to it, the outcome it decided at submission, when it settles, and whether its callback went out.
 */
export const sandboxPayout = pgTable(
  'sandbox_payout',
  {
    /** Our payout's `ref` as the provider keeps it: an outside system's books have no key to ours. */
    ref: varchar('ref', { length: 40 }).primaryKey(),
    channel: varchar('channel', { length: 10 }).notNull(),
    accountNo: varchar('account_no', { length: 100 }).notNull(),
    holderName: varchar('holder_name', { length: 50 }).notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    /** succeeded | failed, decided when submitted. */
    outcome: varchar('outcome', { length: 10 }).notNull(),
    reason: varchar('reason', { length: 100 }).notNull().default(''),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    settlesAt: timestamp('settles_at', { withTimezone: true }).notNull(),
    callbackAt: timestamp('callback_at', { withTimezone: true }),
    callbacks: integer('callbacks').notNull().default(0),
    /** The service company the payout was paid for (the provider's merchant account). */
    serviceCompanyId: bigint('service_company_id', { mode: 'number' }),
    /** The provider's own reference of the payout: `SB` + this number. */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    /**
     * For tests and demos (ADR 0030): the disagreement its statement line is told to make —
     * omitted | amount | status | duplicate | unsent (a payout we never sent).
     */
    statementFault: varchar('statement_fault', { length: 20 }),
  },
  (t) => [index('sandbox_payout_statement_idx').on(t.serviceCompanyId, t.settlesAt)],
);

/**
 * 员工分析's twelve months and 首页's 本月已发放 (issue 28): per company and calendar month (China
 * time) of `paid_at`, the paid items' amounts (to the workers, and debited with the fee), their
 * count and how many distinct workers they paid. Kept by a statement trigger on `payroll_item`
 * (migration 0043) from the items whose payment changed, so those figures read one row a month
 * however many items a month holds.
 */
export const payoutMonthTotal = pgTable(
  'payout_month_total',
  {
    companyId: companyId(),
    /** 'YYYY-MM'. */
    month: varchar('month', { length: 7 }).notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull().default(0),
    debitFen: bigint('debit_fen', { mode: 'number' }).notNull().default(0),
    itemCount: bigint('item_count', { mode: 'number' }).notNull().default(0),
    workerCount: bigint('worker_count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.month] })],
);

/**
 * What a company's paid batches (已完成, 部分成功) of one service company debited together, and
 * how many paid something: kept by a trigger on payroll_batch (migration 0047), so 可开票金额 and the
 * count of 选择订单 read one row however long the history. Others read it through the view
 * payroll_paid_by_service_company (a public read).
 */
export const payrollPaidTotal = pgTable(
  'payroll_paid_total',
  {
    companyId: companyId(),
    serviceCompanyId: bigint('service_company_id', { mode: 'number' }).notNull(),
    paidFen: bigint('paid_fen', { mode: 'number' }).notNull().default(0),
    /** Those of the batches whose paid amount is above zero. */
    batchCount: integer('batch_count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.serviceCompanyId] }),
    foreignKey({
      name: 'payroll_paid_total_service_company_fk',
      columns: [t.companyId, t.serviceCompanyId],
      foreignColumns: [companyServiceCompany.companyId, companyServiceCompany.serviceCompanyId],
    }),
  ],
);

/**
 * How many paid items each worker has in each month: what makes `payout_month_total.worker_count`
 * a count of distinct workers (a worker counts while this is above zero). Kept with it.
 */
export const payoutMonthWorker = pgTable(
  'payout_month_worker',
  {
    companyId: companyId(),
    month: varchar('month', { length: 7 }).notNull(),
    workerId: bigint('worker_id', { mode: 'number' }).notNull(),
    items: integer('items').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.month, t.workerId] })],
);
