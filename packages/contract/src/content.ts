import { z } from 'zod';
import { ZPageQuery } from './envelope.ts';
import { ARTICLE_BODY_MAX, ARTICLE_STATUSES } from './content-rules.ts';

/** 添加文章 / 编辑文章: the whole article. The body is HTML the server sanitises (allow-list). */
export const ZArticleBody = z.object({
  title: z.string({ error: '请输入文章标题' }).trim().min(1, '请输入文章标题').max(100, '文章标题最多 100 个字'),
  summary: z.string({ error: '摘要格式有误' }).trim().max(300, '摘要最多 300 个字').default(''),
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
