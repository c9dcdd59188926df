import { sql } from 'drizzle-orm';
import {
  bigint,
  char,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { serviceCompany } from './company.ts';
import { operator } from './operator.ts';

/**
 * 对账 (issue 42 point 1, ADR 0030): one service company's day, reconciled once against the
 * provider's signed statement. `done` holds the result (matched count and sum, differences);
 * `refused` a statement that could not be trusted (bad signature or malformed), tried again by
 * the next run. The platform's (operators only): local, revoked from flexpay_app.
 */
export const reconcileDay = pgTable(
  'reconcile_day',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    serviceCompanyId: bigint('service_company_id', { mode: 'number' })
      .notNull()
      .references(() => serviceCompany.id),
    /** The Beijing day of the provider's settle time. */
    day: date('day', { mode: 'string' }).notNull(),
    /** done | refused */
    status: varchar('status', { length: 10 }).notNull(),
    /** Hex SHA-256 of the statement file loaded. */
    statementSha256: char('statement_sha256', { length: 64 }),
    lineCount: integer('line_count').notNull().default(0),
    matchedCount: integer('matched_count').notNull().default(0),
    matchedFen: bigint('matched_fen', { mode: 'number' }).notNull().default(0),
    differenceCount: integer('difference_count').notNull().default(0),
    /** Differences not resolved yet (kept by the resolutions). */
    openCount: integer('open_count').notNull().default(0),
    /** Why a statement was refused, in Chinese. */
    error: varchar('error', { length: 200 }),
    attempts: integer('attempts').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('reconcile_day_key').on(t.serviceCompanyId, t.day),
    index('reconcile_day_day_idx').on(t.day, t.id),
    check('reconcile_day_status_ck', sql`${t.status} in ('done', 'refused')`),
  ],
);

/**
 * One difference a day's reconciliation found between the provider's statement and our payouts,
 * with both sides' facts, what was moved to the suspense account when the payout was quarantined
 * (`suspense_fen`: added to the suspense account, signed) and its resolution by an operator.
 */
export const reconcileDifference = pgTable(
  'reconcile_difference',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    dayId: bigint('day_id', { mode: 'number' })
      .notNull()
      .references(() => reconcileDay.id),
    serviceCompanyId: bigint('service_company_id', { mode: 'number' })
      .notNull()
      .references(() => serviceCompany.id),
    /** missing_provider | missing_ours | amount | status | duplicate */
    kind: varchar('kind', { length: 20 }).notNull(),
    /** Our order id as the statement or our payout names it. */
    ref: varchar('ref', { length: 40 }).notNull(),
    /**
     * Our payout (null when we never sent it). Not a foreign key: a platform table (local on
     * Citus) cannot hold a key to a company's table (ADR 0020); its company is the payout's.
     */
    payoutId: bigint('payout_id', { mode: 'number' }),
    /** queued | submitted | succeeded | failed, and net fen, as our books had it. */
    ourStatus: varchar('our_status', { length: 10 }),
    ourAmountFen: bigint('our_amount_fen', { mode: 'number' }),
    providerRef: varchar('provider_ref', { length: 64 }),
    /** succeeded | failed; null when the statement has no line for it. */
    providerStatus: varchar('provider_status', { length: 10 }),
    /** The sum of its lines' amounts (fen). */
    providerAmountFen: bigint('provider_amount_fen', { mode: 'number' }),
    providerLines: integer('provider_lines').notNull().default(0),
    providerAt: timestamp('provider_at', { withTimezone: true }),
    suspenseFen: bigint('suspense_fen', { mode: 'number' }).notNull().default(0),
    /** open | resolved */
    status: varchar('status', { length: 10 }).notNull().default('open'),
    /** provider | ours */
    resolution: varchar('resolution', { length: 10 }),
    reason: varchar('reason', { length: 200 }),
    resolvedBy: bigint('resolved_by', { mode: 'number' }).references(() => operator.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('reconcile_difference_key').on(t.dayId, t.kind, t.ref),
    index('reconcile_difference_payout_idx').on(t.payoutId),
    index('reconcile_difference_open_idx')
      .on(t.id)
      .where(sql`${t.status} = 'open'`),
    check(
      'reconcile_difference_kind_ck',
      sql`${t.kind} in ('missing_provider', 'missing_ours', 'amount', 'status', 'duplicate')`,
    ),
    check('reconcile_difference_status_ck', sql`${t.status} in ('open', 'resolved')`),
    check(
      'reconcile_difference_resolution_ck',
      sql`(${t.status} = 'open') = (${t.resolution} is null) and (${t.resolution} is null or ${t.resolution} in ('provider', 'ours'))`,
    ),
  ],
);

/**
 * The staging table a statement is COPied into (its day from the transaction's
 * `flexpay.reconcile_day` setting). Lines are kept two days, so a payout settled just after
 * midnight is found on the previous day's statement; older ones are deleted by the next load.
 */
export const reconcileLine = pgTable('reconcile_line', {
  dayId: bigint('day_id', { mode: 'number' })
    .notNull()
    .default(sql`(current_setting('flexpay.reconcile_day'))::bigint`),
  providerRef: varchar('provider_ref', { length: 64 }).notNull(),
  ref: varchar('ref', { length: 40 }).notNull(),
  amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
  status: varchar('status', { length: 10 }).notNull(),
  settledAt: timestamp('settled_at', { withTimezone: true }).notNull(),
});
