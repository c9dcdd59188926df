/**
 * Column helpers shared by the tables of every area: timestamps and the tenant key. (company.ts
 * keeps its own timestamps: this file refers to its table.)
 */
import { bigint, timestamp } from 'drizzle-orm/pg-core';
import { company } from './company.ts';

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** The owning company, a key to `company`. */
export const companyId = () =>
  bigint('company_id', { mode: 'number' })
    .notNull()
    .references(() => company.id);
