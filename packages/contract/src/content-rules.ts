/** 内容管理 (issue 28): zod-free constants and labels the web needs. */
export const ARTICLE_STATUSES = ['draft', 'published'] as const;
export type TArticleStatus = (typeof ARTICLE_STATUSES)[number];
export const ARTICLE_STATUS_LABELS: Record<TArticleStatus, string> = { draft: '草稿', published: '已发布' };
/** The longest article body, in characters of HTML (before sanitising). */
export const ARTICLE_BODY_MAX = 100_000;

/** The audit actions of 内容管理 with their Chinese names (操作日志). */
export const CONTENT_AUDIT_ACTION_LABELS: Record<string, string> = {
  'content.article.create': '添加文章',
  'content.article.update': '编辑文章',
  'content.article.delete': '删除文章',
};
