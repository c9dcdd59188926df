import { z } from 'zod';
import { ZPageQuery } from './envelope.ts';
import { ZDate } from './primitives.ts';
import {
  ADVERT_POSITIONS,
  ARTICLE_BODY_MAX,
  ARTICLE_STATUSES,
  CONTENT_LINK_PATTERN,
  HOME_MODULE_ICON_NAMES,
  isInternalContentLink,
} from './content-rules.ts';
import { consolePageAt } from './routes.ts';

/** A stored file's id (the upload's answer), as content refers to its images. */
const ZImageFileId = (label: string) => z.string({ error: `请上传${label}` }).uuid(`${label}不存在，请重新上传`);

/** A link: a console path or an http(s) address; empty for none where allowed. */
const ZContentLink = z
  .string({ error: '链接格式有误' })
  .trim()
  .max(300, '链接最多 300 个字符')
  .refine((v) => !v.includes('\\'), '链接不能包含反斜杠（\\）')
  .refine(
    (v) => v === '' || v.includes('\\') || CONTENT_LINK_PATTERN.test(v),
    '链接须为以 / 开头的页面路径或 http(s):// 开头的网址',
  );

const ZSort = z
  .number({ error: '排序须为整数' })
  .int('排序须为整数')
  .min(0, '排序不能小于 0')
  .max(9999, '排序不能大于 9999');

/** 添加文章 / 编辑文章: the whole article. The body is HTML the server sanitises (allow-list). */
export const ZArticleBody = z.object({
  title: z.string({ error: '请输入文章标题' }).trim().min(1, '请输入文章标题').max(100, '文章标题最多 100 个字'),
  summary: z.string({ error: '摘要格式有误' }).trim().max(300, '摘要最多 300 个字').default(''),
  /** The cover image (an uploaded PNG or JPG), or null for none. */
  coverFileId: ZImageFileId('封面图片').nullable().default(null),
  body: z
    .string({ error: '请输入正文' })
    .min(1, '请输入正文')
    .max(ARTICLE_BODY_MAX, `正文最多 ${ARTICLE_BODY_MAX} 个字符`),
  status: z.enum(ARTICLE_STATUSES, { error: '文章状态不存在' }),
});
export type TArticleBody = z.input<typeof ZArticleBody>;

export const ZArticle = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  coverFileId: z.string().nullable(),
  body: z.string(),
  status: z.enum(ARTICLE_STATUSES),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TArticle = z.infer<typeof ZArticle>;

/** 文章管理's list: newest first, by status and title. */
export const ZArticleQuery = ZPageQuery.extend({
  status: z.enum(ARTICLE_STATUSES, { error: '文章状态不存在' }).optional(),
  title: z.string().trim().max(100).optional(),
});

/** 添加模块 / 编辑模块. */
export const ZHomeModuleBody = z.object({
  title: z.string({ error: '请输入模块名称' }).trim().min(1, '请输入模块名称').max(20, '模块名称最多 20 个字'),
  icon: z.enum(HOME_MODULE_ICON_NAMES as [string, ...string[]], { error: '请选择图标' }),
  /** A page of the console chosen by its menu name, or an outside http(s) address. */
  link: ZContentLink.refine((v) => v !== '', '请输入链接').refine(
    (v) => !isInternalContentLink(v) || consolePageAt(v) !== undefined,
    '链接不是本系统的页面，请从页面列表中选择',
  ),
  sort: ZSort.default(0),
  enabled: z.boolean({ error: '请选择是否启用' }).default(true),
});
export type THomeModuleBody = z.input<typeof ZHomeModuleBody>;

export const ZHomeModule = z.object({
  id: z.number().int(),
  title: z.string(),
  icon: z.string(),
  link: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type THomeModule = z.infer<typeof ZHomeModule>;

/** 首页模块's list: by order, then oldest first. */
export const ZHomeModuleQuery = ZPageQuery.extend({
  title: z.string().trim().max(20).optional(),
  enabled: z.enum(['true', 'false'], { error: '状态不存在' }).optional(),
});

/** 添加广告 / 编辑广告: shown from the start day to the end day, both included (China time). */
export const ZAdvertBody = z
  .object({
    title: z.string({ error: '请输入广告标题' }).trim().min(1, '请输入广告标题').max(50, '广告标题最多 50 个字'),
    imageFileId: ZImageFileId('广告图片'),
    link: ZContentLink.default(''),
    position: z.enum(ADVERT_POSITIONS, { error: '请选择广告位' }),
    startDate: ZDate('开始日期'),
    endDate: ZDate('结束日期'),
    sort: ZSort.default(0),
    enabled: z.boolean({ error: '请选择是否启用' }).default(true),
  })
  .refine((v) => v.endDate >= v.startDate, { path: ['endDate'], message: '结束日期不能早于开始日期' });
export type TAdvertBody = z.input<typeof ZAdvertBody>;

export const ZAdvert = z.object({
  id: z.number().int(),
  title: z.string(),
  imageFileId: z.string(),
  link: z.string(),
  position: z.enum(ADVERT_POSITIONS),
  startDate: z.string(),
  endDate: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TAdvert = z.infer<typeof ZAdvert>;

/** 广告管理's list: by position and order. */
export const ZAdvertQuery = ZPageQuery.extend({
  title: z.string().trim().max(50).optional(),
  position: z.enum(ADVERT_POSITIONS, { error: '广告位不存在' }).optional(),
});
