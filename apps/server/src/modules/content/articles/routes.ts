import { API, ZArticle, ZArticleBody, ZArticleQuery, ZIdParams, ZPage } from '@flexpay/contract';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { route } from '../../../plugins/route.ts';
import { createArticle, getArticle, listArticles, removeArticle, updateArticle } from './service.ts';

const TAG = 'content';
const target = ({ params }: { params: { id: number } }) => `article:${params.id}`;

/** 文章管理, 添加文章, 编辑文章. */
export const articleRoutes: FastifyPluginAsync = async (app) => {
  route(app, {
    method: 'GET',
    url: API.content.articlePage,
    access: 'content:view',
    schema: { tags: [TAG], summary: '文章列表', querystring: ZArticleQuery, data: ZPage(ZArticle) },
    handler: (auth, { query }) => listArticles(app.ctx, auth, query),
  });

  route(app, {
    method: 'GET',
    url: API.content.article,
    access: 'content:view',
    schema: { tags: [TAG], summary: '文章详情', params: ZIdParams, data: ZArticle },
    handler: (auth, { params }) => getArticle(app.ctx, auth, params.id),
  });

  route(app, {
    method: 'POST',
    url: API.content.articleCreate,
    access: 'content:edit',
    audit: 'content.article.create',
    schema: {
      tags: [TAG],
      summary: '添加文章',
      description: '正文按白名单清洗：脚本、事件属性、javascript: 与 data: 地址被移除。',
      body: ZArticleBody,
      data: ZArticle,
    },
    message: '文章已保存',
    handler: (auth, { body }) => createArticle(app.ctx, auth, body),
  });

  route(app, {
    method: 'PUT',
    url: API.content.article,
    access: 'content:edit',
    audit: 'content.article.update',
    schema: { tags: [TAG], summary: '编辑文章', params: ZIdParams, body: ZArticleBody, data: ZArticle },
    message: '文章已保存',
    target,
    handler: (auth, { params, body }) => updateArticle(app.ctx, auth, params.id, body),
  });

  route(app, {
    method: 'DELETE',
    url: API.content.article,
    access: 'content:edit',
    audit: 'content.article.delete',
    schema: { tags: [TAG], summary: '删除文章', params: ZIdParams, data: z.null() },
    message: '文章已删除',
    target,
    handler: (auth, { params }) => removeArticle(app.ctx, auth, params.id),
  });
};
