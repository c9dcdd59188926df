import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Branding of spec section 3, served as JSON text by getCustomCompanyInfo. */
export interface TBranding {
  logoObj?: { close: string; logoImgSrc: string };
  customerServiceObj?: { close: string; phoneNumber: string };
  title?: string;
  loginObj?: { close: string; loginImgSrc: string };
}

/** The employer customer: the tenant. */
export const company = pgTable(
  'company',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: 100 }).notNull(),
    creditCode: varchar('credit_code', { length: 18 }).notNull().unique(),
    contactName: varchar('contact_name', { length: 50 }).notNull().default(''),
    contactPhone: varchar('contact_phone', { length: 20 }).notNull().default(''),
    address: varchar('address', { length: 200 }).notNull().default(''),
    /** normal 正常 | frozen 冻结 (can sign in and read, not pay). */
    status: varchar('status', { length: 10 }).notNull().default('normal'),
    /** Why and since when an operator froze the company (null while normal). */
    frozenReason: varchar('frozen_reason', { length: 200 }),
    frozenAt: timestamp('frozen_at', { withTimezone: true }),
    branding: jsonb('branding').$type<TBranding>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('company_status_ck', sql`${t.status} in ('normal', 'frozen')`)],
);

/** A licensed entity of the platform that contracts with and pays workers (服务商). */
export const serviceCompany = pgTable('service_company', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  name: varchar('name', { length: 100 }).notNull(),
  creditCode: varchar('credit_code', { length: 18 }).notNull().unique(),
  status: varchar('status', { length: 10 }).notNull().default('normal'),
  /** The account companies transfer top-ups to (shown on 账户充值). */
  bankName: varchar('bank_name', { length: 50 }).notNull().default(''),
  bankAccountName: varchar('bank_account_name', { length: 100 }).notNull().default(''),
  bankAccountNo: varchar('bank_account_no', { length: 30 }).notNull().default(''),
  createdAt: createdAt(),
});

/** A company's contract with a service company and its cost rules (签约服务商 / 费用规则). */
export const companyServiceCompany = pgTable(
  'company_service_company',
  {
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => company.id),
    serviceCompanyId: bigint('service_company_id', { mode: 'number' })
      .notNull()
      .references(() => serviceCompany.id),
    /** Service fee in basis points: 650 = 6.50%. */
    feeRateBp: integer('fee_rate_bp').notNull(),
    /** company 企业承担 (added on top) | worker 个人承担 (deducted). */
    feeBearer: varchar('fee_bearer', { length: 10 }).notNull().default('company'),
    monthlyLimitFen: bigint('monthly_limit_fen', { mode: 'number' }).notNull().default(9_800_000),
    singleMinFen: bigint('single_min_fen', { mode: 'number' }).notNull().default(1),
    singleMaxFen: bigint('single_max_fen', { mode: 'number' }).notNull().default(9_800_000),
    /** normal 增值税普通发票 | special 增值税专用发票. */
    invoiceType: varchar('invoice_type', { length: 10 }).notNull().default('normal'),
    invoiceContents: text('invoice_contents')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    enabled: boolean('enabled').notNull().default(true),
    /**
     * Pay only workers whose real name is verified (已认证) and who signed the service company's
     * current agreement (issue 43); on by default.
     */
    payVerifiedOnly: boolean('pay_verified_only').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.serviceCompanyId] }),
    check('csc_fee_rate_ck', sql`${t.feeRateBp} between 0 and 10000`),
    check('csc_fee_bearer_ck', sql`${t.feeBearer} in ('company', 'worker')`),
    index('csc_service_company_idx').on(t.serviceCompanyId),
  ],
);
