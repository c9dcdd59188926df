import { API, ZIdParams, ZJobType, ZJobTypeBody, ZJobTypeQuery, ZPage } from '@flexpay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { route } from '../../../plugins/route.ts';
import * as service from './service.ts';

const jobTypeTarget = ({ params }: { params: { id: number } }) => `jobType:${params.id}`;

/** 工种: the spec's call lists all of them; the rest is the 工种管理 screen. */
export const jobTypeRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, {
    method: 'GET',
    url: API.jobType.options,
    access: 'employee:view',
    schema: { tags: ['jobType'], summary: '本企业全部工种', data: z.array(ZJobType) },
    handler: (auth) => service.listAllJobTypes(app.ctx, auth),
  });

  route(app, {
    method: 'GET',
    url: API.jobType.page,
    access: 'employee:view',
    schema: { tags: ['jobType'], summary: '工种列表', querystring: ZJobTypeQuery, data: ZPage(ZJobType) },
    handler: (auth, { query }) => service.listJobTypes(app.ctx, auth, query),
  });

  route(app, {
    method: 'POST',
    url: API.jobType.create,
    access: 'employee:jobType',
    audit: 'jobType.create',
    schema: { tags: ['jobType'], summary: '新增工种', body: ZJobTypeBody, data: ZJobType },
    targetOfResult: (jobType) => `jobType:${jobType.id}`,
    handler: (auth, { body }) => service.createJobType(app.ctx, auth, body),
  });

  route(app, {
    method: 'PUT',
    url: API.jobType.one,
    access: 'employee:jobType',
    audit: 'jobType.update',
    schema: { tags: ['jobType'], summary: '编辑工种', params: ZIdParams, body: ZJobTypeBody, data: ZJobType },
    target: jobTypeTarget,
    handler: (auth, { params, body }) => service.updateJobType(app.ctx, auth, params.id, body),
  });

  route(app, {
    method: 'DELETE',
    url: API.jobType.one,
    access: 'employee:jobType',
    audit: 'jobType.delete',
    schema: { tags: ['jobType'], summary: '删除工种', params: ZIdParams, data: z.null() },
    target: jobTypeTarget,
    handler: async (auth, { params }) => {
      await service.deleteJobType(app.ctx, auth, params.id);
      return null;
    },
  });
};
