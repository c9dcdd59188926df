import {
  API,
  ZAccountParams,
  ZAlipayBody,
  ZBankCardBody,
  ZCreateWorkerBody,
  ZDepartmentOption,
  ZIdParams,
  ZJobType,
  ZJobTypeBody,
  ZJobTypeQuery,
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
const jobTypeTarget = ({ params }: { params: { id: number } }) => `jobType:${params.id}`;

/** The payout channels of a worker: their paths, audit names and words. */
const CHANNELS = [
  {
    channel: 'bank',
    name: 'bankCard',
    label: '银行卡',
    add: API.worker.bankCards,
    one: API.worker.bankCard,
    setDefault: API.worker.bankCardDefault,
  },
  {
    channel: 'alipay',
    name: 'alipay',
    label: '支付宝',
    add: API.worker.alipays,
    one: API.worker.alipay,
    setDefault: API.worker.alipayDefault,
  },
] as const;

/** 员工管理: workers, their payout accounts, job types and the department options. */
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
    handler: (auth, { body }) => service.createWorker(app.ctx, auth, body),
  });

  route(app, {
    method: 'PUT',
    url: API.worker.one,
    access: 'employee:edit',
    audit: 'worker.update',
    schema: { tags: ['worker'], summary: '编辑员工', params: ZIdParams, body: ZUpdateWorkerBody, data: ZWorkerDetail },
    target: workerTarget,
    handler: (auth, { params, body }) => service.updateWorker(app.ctx, auth, params.id, body),
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

  for (const { channel, name, label, ...paths } of CHANNELS) {
    route(app, {
      method: 'POST',
      url: paths.add,
      access: 'employee:edit',
      audit: `worker.${name}.add`,
      schema: {
        tags: ['worker'],
        summary: `添加${label}`,
        params: ZIdParams,
        body: channel === 'bank' ? ZBankCardBody : ZAlipayBody,
        data: ZWorkerDetail,
      },
      target: workerTarget,
      handler: (auth, { params, body }) =>
        'cardNumber' in body
          ? service.addBankCard(app.ctx, auth, params.id, body)
          : service.addAlipay(app.ctx, auth, params.id, body),
    });

    route(app, {
      method: 'PUT',
      url: paths.setDefault,
      access: 'employee:edit',
      audit: `worker.${name}.default`,
      schema: { tags: ['worker'], summary: `设为默认${label}`, params: ZAccountParams, data: ZWorkerDetail },
      target: workerTarget,
      handler: (auth, { params }) => service.setDefaultAccount(app.ctx, auth, params.id, channel, params.accountId),
    });

    route(app, {
      method: 'DELETE',
      url: paths.one,
      access: 'employee:edit',
      audit: `worker.${name}.remove`,
      schema: { tags: ['worker'], summary: `删除${label}`, params: ZAccountParams, data: ZWorkerDetail },
      target: workerTarget,
      handler: (auth, { params }) => service.removeAccount(app.ctx, auth, params.id, channel, params.accountId),
    });
  }

  route(app, {
    method: 'GET',
    url: API.worker.departmentOptions,
    access: 'employee:view',
    schema: { tags: ['worker'], summary: '部门选项', data: z.array(ZDepartmentOption) },
    handler: (auth) => service.listDepartments(app.ctx, auth),
  });

  // Job types: the spec's call lists all of them; the rest is the 工种管理 screen.
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
