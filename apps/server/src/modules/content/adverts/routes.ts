import { API, ZAdvert, ZAdvertBody, ZAdvertQuery, ZIdParams, ZPage } from '@flexpay/contract';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { route } from '../../../plugins/route.ts';
import { createAdvert, getAdvert, listAdverts, removeAdvert, updateAdvert } from './service.ts';

const TAG = 'content';
const target = ({ params }: { params: { id: number } }) => `advert:${params.id}`;

/** 广告管理, 添加广告, 编辑广告. */
export const advertRoutes: FastifyPluginAsync = async (app) => {
  route(app, {
    method: 'GET',
    url: API.content.advertPage,
    access: 'content:view',
    schema: { tags: [TAG], summary: '广告列表', querystring: ZAdvertQuery, data: ZPage(ZAdvert) },
    handler: (auth, { query }) => listAdverts(app.ctx, auth, query),
  });

  route(app, {
    method: 'GET',
    url: API.content.advert,
    access: 'content:view',
    schema: { tags: [TAG], summary: '广告详情', params: ZIdParams, data: ZAdvert },
    handler: (auth, { params }) => getAdvert(app.ctx, auth, params.id),
  });

  route(app, {
    method: 'POST',
    url: API.content.advertCreate,
    access: 'content:edit',
    audit: 'content.advert.create',
    schema: { tags: [TAG], summary: '添加广告', body: ZAdvertBody, data: ZAdvert },
    message: '广告已保存',
    targetOfResult: (m) => `advert:${m.id}`,
    handler: (auth, { body }) => createAdvert(app.ctx, auth, body),
  });

  route(app, {
    method: 'PUT',
    url: API.content.advert,
    access: 'content:edit',
    audit: 'content.advert.update',
    schema: { tags: [TAG], summary: '编辑广告', params: ZIdParams, body: ZAdvertBody, data: ZAdvert },
    message: '广告已保存',
    target,
    handler: (auth, { params, body }) => updateAdvert(app.ctx, auth, params.id, body),
  });

  route(app, {
    method: 'DELETE',
    url: API.content.advert,
    access: 'content:edit',
    audit: 'content.advert.delete',
    schema: { tags: [TAG], summary: '删除广告', params: ZIdParams, data: z.null() },
    message: '广告已删除',
    target,
    handler: (auth, { params }) => removeAdvert(app.ctx, auth, params.id),
  });
};
