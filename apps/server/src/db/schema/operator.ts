import { bigint, index, pgTable, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/** A platform operator (运营): signs in at /ops, in a realm of its own (DOMAIN section 0). */
export const operator = pgTable('operator', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  username: varchar('username', { length: 64 }).notNull().unique(),
  passwordHash: varchar('password_hash', { length: 200 }).notNull(),
  name: varchar('name', { length: 50 }).notNull(),
  /** enabled | disabled */
  status: varchar('status', { length: 10 }).notNull().default('enabled'),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** An operator's session: a row, so that logout ends it at once (as for admins). */
export const operatorSession = pgTable(
  'operator_session',
  {
    id: uuid('id').primaryKey(),
    operatorId: bigint('operator_id', { mode: 'number' })
      .notNull()
      .references(() => operator.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('operator_session_operator_idx').on(t.operatorId)],
);
