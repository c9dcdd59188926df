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
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { companyId, createdAt, updatedAt } from './columns.ts';
import { storedFile } from './stored-file.ts';

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
    /** 封面: an uploaded image of the company (PNG or JPG), or none. */
    coverFileId: uuid('cover_file_id'),
    body: text('body').notNull(),
    /** draft 草稿 | published 已发布 */
    status: varchar('status', { length: 10 }).notNull().default('draft'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('article_company_idx').on(t.companyId, t.createdAt, t.id),
    check('article_status_ck', sql`${t.status} in ('draft', 'published')`),
    check('article_published_ck', sql`${t.status} = 'draft' or ${t.publishedAt} is not null`),
    foreignKey({
      name: 'article_cover_file_fk',
      columns: [t.companyId, t.coverFileId],
      foreignColumns: [storedFile.companyId, storedFile.id],
    }),
    index('article_cover_file_idx').on(t.companyId, t.coverFileId),
  ],
);

/**
 * 首页模块 (内容管理, issue 28): an entry of the company's home page, an icon of the content area's
 * list with a title and a link, shown by `sort` when enabled.
 */
export const homeModule = pgTable(
  'home_module',
  {
    companyId: companyId(),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    title: varchar('title', { length: 20 }).notNull(),
    icon: varchar('icon', { length: 40 }).notNull(),
    /** A console path or an http(s) address. */
    link: varchar('link', { length: 300 }).notNull(),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('home_module_company_sort_idx').on(t.companyId, t.sort, t.id),
  ],
);

/**
 * 广告 (内容管理, issue 28): an image with a title and an optional link, shown in its position on
 * the company's home page from its start day to its end day (both included, China time) when
 * enabled, by `sort`.
 */
export const advert = pgTable(
  'advert',
  {
    companyId: companyId(),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    title: varchar('title', { length: 50 }).notNull(),
    imageFileId: uuid('image_file_id').notNull(),
    /** A console path, an http(s) address, or '' for none. */
    link: varchar('link', { length: 300 }).notNull().default(''),
    /** homeBanner 首页横幅 | homeSide 首页侧栏 */
    position: varchar('position', { length: 20 }).notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('advert_company_sort_idx').on(t.companyId, t.sort, t.id),
    index('advert_image_file_idx').on(t.companyId, t.imageFileId),
    foreignKey({
      name: 'advert_image_file_fk',
      columns: [t.companyId, t.imageFileId],
      foreignColumns: [storedFile.companyId, storedFile.id],
    }),
    check('advert_position_ck', sql`${t.position} in ('homeBanner', 'homeSide')`),
    check('advert_dates_ck', sql`${t.endDate} >= ${t.startDate}`),
  ],
);
