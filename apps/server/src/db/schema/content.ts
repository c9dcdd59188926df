import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, primaryKey, text, timestamp, unique, varchar } from 'drizzle-orm/pg-core';
import { companyId, createdAt, updatedAt } from './columns.ts';

/**
 * 文章 (内容管理, issue 28): a company's article. `body` is rich-text HTML kept only as the
 * content area's allow-list sanitiser left it (no script, no event handler, no javascript: or
 * data: address), so whoever shows it shows it as stored.
 */
export const article = pgTable(
  'article',
  {
    companyId: companyId(),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    title: varchar('title', { length: 100 }).notNull(),
    summary: varchar('summary', { length: 300 }).notNull().default(''),
    body: text('body').notNull(),
    /** draft 草稿 | published 已发布 */
    status: varchar('status', { length: 10 }).notNull().default('draft'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    unique('article_id_uq').on(t.id),
    index('article_company_idx').on(t.companyId, t.createdAt, t.id),
    check('article_status_ck', sql`${t.status} in ('draft', 'published')`),
    check('article_published_ck', sql`${t.status} = 'draft' or ${t.publishedAt} is not null`),
  ],
);
