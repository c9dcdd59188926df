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
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { company } from './company.ts';

/**
 * A login of one company (管理员). Usernames are unique across the platform because the login
 * form names no company. Admins of one person in several companies share `linkGroup`.
 */
export const admin = pgTable(
  'admin',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => company.id),
    username: varchar('username', { length: 32 }).notNull().unique(),
    passwordHash: varchar('password_hash', { length: 200 }).notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    mobile: varchar('mobile', { length: 11 }).notNull().default(''),
    email: varchar('email', { length: 100 }).notNull().default(''),
    avatar: varchar('avatar', { length: 500 }).notNull().default(''),
    description: varchar('description', { length: 200 }).notNull().default(''),
    /** enabled 启用 | disabled 停用. */
    status: varchar('status', { length: 10 }).notNull().default('enabled'),
    /** password 密码 | sms 短信验证码 | totp 身份验证器. */
    verifyMethod: varchar('verify_method', { length: 10 }).notNull().default('password'),
    /** Base32 TOTP secret, encrypted at rest; null until set up. */
    totpSecret: varchar('totp_secret', { length: 300 }),
    /** 企业主账号: holds every permission and cannot be disabled. */
    isOwner: boolean('is_owner').notNull().default(false),
    linkGroup: uuid('link_group').notNull().defaultRandom(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    lastLoginIp: varchar('last_login_ip', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('admin_company_idx').on(t.companyId),
    // The key that rows of a company refer to an admin by: (company_id, admin_id), so an admin of
    // another company can never be recorded on them.
    unique('admin_company_id_uq').on(t.companyId, t.id),
    index('admin_link_group_idx').on(t.linkGroup),
    check('admin_status_ck', sql`${t.status} in ('enabled', 'disabled')`),
    check('admin_verify_method_ck', sql`${t.verifyMethod} in ('password', 'sms', 'totp')`),
  ],
);

/** A role of one company, granting menu codes and element codes from the contract catalogue. */
export const role = pgTable(
  'role',
  {
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => company.id),
    name: varchar('name', { length: 30 }).notNull(),
    description: varchar('description', { length: 200 }).notNull().default(''),
    /** The owner's role (企业管理员): grants everything and cannot be narrowed or deleted. */
    isOwnerRole: boolean('is_owner_role').notNull().default(false),
    menuCodes: text('menu_codes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    elementCodes: text('element_codes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('role_company_name_uq').on(t.companyId, t.name),
    primaryKey({ name: 'role_pkey', columns: [t.companyId, t.id] }),
  ],
);

export const adminRole = pgTable(
  'admin_role',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    adminId: bigint('admin_id', { mode: 'number' }).notNull(),
    roleId: bigint('role_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.adminId, t.roleId] }),
    // A grant is part of its admin (goes with them); its admin is of the same company.
    foreignKey({
      name: 'admin_role_admin_fk',
      columns: [t.companyId, t.adminId],
      foreignColumns: [admin.companyId, admin.id],
    }).onDelete('cascade'),
    // The role must belong to the same company as the grant.
    foreignKey({ columns: [t.companyId, t.roleId], foreignColumns: [role.companyId, role.id] }),
    index('admin_role_role_idx').on(t.companyId, t.roleId),
  ],
);

/**
 * One signed-in session. The token's `jti` is this row's id; every request checks the row, so
 * logout, a password change or disabling the admin end the session at once.
 */
export const session = pgTable(
  'session',
  {
    id: uuid('id').notNull(),
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => company.id),
    adminId: bigint('admin_id', { mode: 'number' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** logout | switched | password_changed | disabled | password_reset */
    revokedReason: varchar('revoked_reason', { length: 20 }),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    userAgent: varchar('user_agent', { length: 300 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'session_pkey', columns: [t.companyId, t.id] }),
    // Every request reads its session by id alone (the token's jti).
    index('session_id_idx').on(t.id),
    index('session_admin_idx').on(t.adminId),
    foreignKey({
      name: 'session_admin_fk',
      columns: [t.companyId, t.adminId],
      foreignColumns: [admin.companyId, admin.id],
    }),
  ],
);

/** Every sign-in attempt, for captcha thresholds, lockout and rate limits by username and IP. */
export const loginAttempt = pgTable(
  'login_attempt',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** admin (company sign-in) | ops (operator console): each counted apart. */
    realm: varchar('realm', { length: 10 }).notNull().default('admin'),
    username: varchar('username', { length: 64 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    success: boolean('success').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_attempt_username_idx').on(t.username, t.createdAt),
    index('login_attempt_ip_idx').on(t.ip, t.createdAt),
  ],
);

/**
 * A verification challenge: an image captcha, an SMS code, a TOTP step of sign-in, or a TOTP
 * secret being set up. Its id is the `token` the client sends back with the `code`.
 */
export const verification = pgTable(
  'verification',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** login | captcha | verify | mobile_old | mobile_new | totp_setup */
    purpose: varchar('purpose', { length: 20 }).notNull(),
    /** captcha | sms | totp */
    channel: varchar('channel', { length: 10 }).notNull(),
    adminId: bigint('admin_id', { mode: 'number' }).references(() => admin.id, { onDelete: 'cascade' }),
    mobile: varchar('mobile', { length: 11 }),
    /** HMAC of the expected code (captcha, SMS); null for TOTP, checked against the secret. */
    codeHash: varchar('code_hash', { length: 100 }),
    /** Encrypted TOTP secret being set up. */
    secret: varchar('secret', { length: 300 }),
    attempts: integer('attempts').notNull().default(0),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_admin_idx').on(t.adminId)],
);

/**
 * The last authenticator (TOTP) time step an admin used for a purpose (login, verify, pay): a
 * code is accepted once, so a step that is not newer than this one is refused.
 */
export const totpStepUse = pgTable(
  'totp_step_use',
  {
    /** The admin's: held to it by the key to the admin, (company_id, admin_id). */
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    adminId: bigint('admin_id', { mode: 'number' }).notNull(),
    purpose: varchar('purpose', { length: 20 }).notNull(),
    step: bigint('step', { mode: 'number' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'totp_step_use_pk', columns: [t.companyId, t.adminId, t.purpose] }),
    foreignKey({
      name: 'totp_step_use_admin_fk',
      columns: [t.companyId, t.adminId],
      foreignColumns: [admin.companyId, admin.id],
    }).onDelete('cascade'),
  ],
);

/** SMS written by the default SmsSender: the outbox a developer reads instead of a phone. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    mobile: varchar('mobile', { length: 11 }).notNull(),
    content: varchar('content', { length: 500 }).notNull(),
    purpose: varchar('purpose', { length: 20 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_outbox_mobile_idx').on(t.mobile, t.createdAt), index('sms_outbox_ip_idx').on(t.ip, t.createdAt)],
);
