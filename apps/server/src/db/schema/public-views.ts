/**
 * Views an owner names as its public read (owners.ts, PUBLIC_READS), typed for Drizzle. Created
 * by migrations (`.existing()`: drizzle-kit leaves them alone).
 */
import { bigint, pgView, varchar } from 'drizzle-orm/pg-core';

/**
 * Worker's card for other areas' lists (migration 0047): who a row is about, as a list shows
 * it. Its owner is worker; selecting workers by the worker list's filters goes through
 * `modules/worker/public-reads.ts` instead.
 */
export const workerCard = pgView('worker_card', {
  companyId: bigint('company_id', { mode: 'number' }).notNull(),
  id: bigint('id', { mode: 'number' }).notNull(),
  name: varchar('name', { length: 50 }).notNull(),
  idNumberMasked: varchar('id_number_masked', { length: 18 }).notNull(),
  mobile: varchar('mobile', { length: 11 }).notNull(),
}).existing();
