import {
  API,
  ZCreateWorkerBody,
  ZDepartmentOption,
  ZIdParams,
  ZLeaveBody,
  ZPage,
  ZUpdateWorkerBody,
  ZWorkerDetail,
  ZWorkerQuery,
  ZWorkerRow,
} from '@flexpay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { route } from '../../plugins/route.ts';
import { settleAnchorRebuilds } from './large-list/page.ts';
import * as service from './service.ts';

const workerTarget = ({ params }: { params: { id: number } }) => `worker:${params.id}`;

/** 员工管理: workers and the department options (their accounts and job types: sub-folders). */
export const workerRoutes: FastifyPluginAsyncZod = async (app) => {
  // Page-anchor rebuilds run in the background; the database must outlive them.
  app.addHook('onClose', () => settleAnchorRebuilds(app.ctx.db));

  route(app, {
    method: 'GET',
    url: API.worker.page,
    access: 'employee:view',
    schema: { tags: ['worker'], summary: '员工列表', querystring: ZWorkerQuery, data: ZPage(ZWorkerRow) },
    handler: (auth, { query }) => service.listWorkers(app.ctx, auth, query),
  });

  route(app, {
    method: 'GET',
    url: API.worker.one,
    access: 'employee:view',
    schema: { tags: ['worker'], summary: '员工详情', params: ZIdParams, data: ZWorkerDetail },
    handler: (auth, { params }) => service.getWorker(app.ctx, auth, params.id),
  });

  route(app, {
    method: 'POST',
    url: API.worker.create,
    access: 'employee:add',
    audit: 'worker.create',
    schema: { tags: ['worker'], summary: '添加员工', body: ZCreateWorkerBody, data: ZWorkerDetail },
    targetOfResult: (worker) => `worker:${worker.id}`,
    handler: async (auth, { body }) => {
      const worker = await service.createWorker(app.ctx, auth, body);
      // 实名认证 of the new worker, in the background.
      await app.realNameWork.kick(auth.companyId);
      return worker;
    },
  });

  route(app, {
    method: 'PUT',
    url: API.worker.one,
    access: 'employee:edit',
    audit: 'worker.update',
    schema: { tags: ['worker'], summary: '编辑员工', params: ZIdParams, body: ZUpdateWorkerBody, data: ZWorkerDetail },
    target: workerTarget,
    handler: async (auth, { params, body }) => {
      const worker = await service.updateWorker(app.ctx, auth, params.id, body);
      if (worker.realNameStatus === 'verifying') await app.realNameWork.kick(auth.companyId);
      return worker;
    },
  });

  route(app, {
    method: 'PUT',
    url: API.worker.leave,
    access: 'employee:edit',
    audit: 'worker.leave',
    schema: { tags: ['worker'], summary: '员工离职', params: ZIdParams, body: ZLeaveBody, data: z.null() },
    target: workerTarget,
    handler: async (auth, { params, body }) => {
      await service.leaveWorker(app.ctx, auth, params.id, body.leftAt);
      return null;
    },
  });

  route(app, {
    method: 'PUT',
    url: API.worker.rejoin,
    access: 'employee:edit',
    audit: 'worker.rejoin',
    schema: { tags: ['worker'], summary: '恢复在职', params: ZIdParams, data: z.null() },
    target: workerTarget,
    handler: async (auth, { params }) => {
      await service.rejoinWorker(app.ctx, auth, params.id);
      return null;
    },
  });

  route(app, {
    method: 'DELETE',
    url: API.worker.one,
    access: 'employee:delete',
    audit: 'worker.delete',
    schema: { tags: ['worker'], summary: '删除员工（从未发放过）', params: ZIdParams, data: z.null() },
    target: workerTarget,
    handler: async (auth, { params }) => {
      await service.deleteWorker(app.ctx, auth, params.id);
      return null;
    },
  });

  route(app, {
    method: 'GET',
    url: API.worker.departmentOptions,
    access: 'employee:view',
    schema: { tags: ['worker'], summary: '部门选项', data: z.array(ZDepartmentOption) },
    handler: (auth) => service.listDepartments(app.ctx, auth),
  });
};
