import { API, ZHomeModule, ZHomeModuleBody, ZHomeModuleQuery, ZIdParams, ZPage } from '@flexpay/contract';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { route } from '../../../plugins/route.ts';
import { createHomeModule, getHomeModule, listHomeModules, removeHomeModule, updateHomeModule } from './service.ts';

const TAG = 'content';
const target = ({ params }: { params: { id: number } }) => `homeModule:${params.id}`;

/** 首页模块, 添加模块, 编辑模块. */
export const homeModuleRoutes: FastifyPluginAsync = async (app) => {
  route(app, {
    method: 'GET',
    url: API.content.modulePage,
    access: 'content:view',
    schema: { tags: [TAG], summary: '首页模块列表', querystring: ZHomeModuleQuery, data: ZPage(ZHomeModule) },
    handler: (auth, { query }) => listHomeModules(app.ctx, auth, query),
  });

  route(app, {
    method: 'GET',
    url: API.content.module,
    access: 'content:view',
    schema: { tags: [TAG], summary: '首页模块详情', params: ZIdParams, data: ZHomeModule },
    handler: (auth, { params }) => getHomeModule(app.ctx, auth, params.id),
  });

  route(app, {
    method: 'POST',
    url: API.content.moduleCreate,
    access: 'content:edit',
    audit: 'content.module.create',
    schema: { tags: [TAG], summary: '添加首页模块', body: ZHomeModuleBody, data: ZHomeModule },
    message: '首页模块已保存',
    targetOfResult: (m) => `homeModule:${m.id}`,
    handler: (auth, { body }) => createHomeModule(app.ctx, auth, body),
  });

  route(app, {
    method: 'PUT',
    url: API.content.module,
    access: 'content:edit',
    audit: 'content.module.update',
    schema: { tags: [TAG], summary: '编辑首页模块', params: ZIdParams, body: ZHomeModuleBody, data: ZHomeModule },
    message: '首页模块已保存',
    target,
    handler: (auth, { params, body }) => updateHomeModule(app.ctx, auth, params.id, body),
  });

  route(app, {
    method: 'DELETE',
    url: API.content.module,
    access: 'content:edit',
    audit: 'content.module.delete',
    schema: { tags: [TAG], summary: '删除首页模块', params: ZIdParams, data: z.null() },
    message: '首页模块已删除',
    target,
    handler: (auth, { params }) => removeHomeModule(app.ctx, auth, params.id),
  });
};
