import {
  Code,
  ZAlipayBody,
  ZBankCardBody,
  ZCreateWorkerBody,
  ZDepartmentOption,
  ZEnvelope,
  ZJobType,
  ZJobTypeBody,
  ZJobTypeQuery,
  ZLeaveBody,
  ZPage,
  ZUpdateWorkerBody,
  ZWorkerDetail,
  ZWorkerIdParams,
  ZWorkerQuery,
  ZWorkerRow,
} from '@flexpay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth.ts';
import { settleAnchorRebuilds } from './large-list/page.ts';
import * as service from './service.ts';

const BASE = '/api/companystaff/employee';
const JOB = '/api/companystaff/ecompanyJobCategory';
const ZId = z.coerce.number({ error: 'id 必须是数字' }).int().positive();
const ZAccountParams = z.object({ id: ZId, accountId: ZId });
const ZOk = ZEnvelope(z.null());
const detail = ZEnvelope(ZWorkerDetail);

/** 员工管理: workers, their payout accounts, job types and the department options. */
export const workerRoutes: FastifyPluginAsyncZod = async (app) => {
  // Page-anchor rebuilds run in the background; the database must outlive them.
  app.addHook('onClose', () => settleAnchorRebuilds(app.ctx.db));
  app.get(
    `${BASE}/page`,
    {
      config: { access: 'employee:view' },
      schema: {
        tags: ['worker'],
        summary: '员工列表',
        querystring: ZWorkerQuery,
        response: { 200: ZEnvelope(ZPage(ZWorkerRow)) },
      },
    },
    async (request) => ({
      status: Code.OK,
      data: await service.listWorkers(app.ctx, requireAuth(request), request.query),
    }),
  );

  app.get(
    `${BASE}/:id`,
    {
      config: { access: 'employee:view' },
      schema: { tags: ['worker'], summary: '员工详情', params: ZWorkerIdParams, response: { 200: detail } },
    },
    async (request) => ({
      status: Code.OK,
      data: await service.getWorker(app.ctx, requireAuth(request), request.params.id),
    }),
  );

  app.post(
    BASE,
    {
      config: { access: 'employee:add', audit: 'worker.create' },
      schema: { tags: ['worker'], summary: '添加员工', body: ZCreateWorkerBody, response: { 200: detail } },
    },
    async (request) => {
      const data = await service.createWorker(app.ctx, requireAuth(request), request.body);
      request.audit.target = `worker:${data.id}`;
      return { status: Code.OK, data };
    },
  );

  app.put(
    `${BASE}/:id`,
    {
      config: { access: 'employee:edit', audit: 'worker.update' },
      schema: {
        tags: ['worker'],
        summary: '编辑员工',
        params: ZWorkerIdParams,
        body: ZUpdateWorkerBody,
        response: { 200: detail },
      },
    },
    async (request) => {
      request.audit.target = `worker:${request.params.id}`;
      return {
        status: Code.OK,
        data: await service.updateWorker(app.ctx, requireAuth(request), request.params.id, request.body),
      };
    },
  );

  app.put(
    `${BASE}/:id/leave`,
    {
      config: { access: 'employee:edit', audit: 'worker.leave' },
      schema: {
        tags: ['worker'],
        summary: '员工离职',
        params: ZWorkerIdParams,
        body: ZLeaveBody,
        response: { 200: ZOk },
      },
    },
    async (request) => {
      request.audit.target = `worker:${request.params.id}`;
      await service.leaveWorker(app.ctx, requireAuth(request), request.params.id, request.body.leftAt);
      return { status: Code.OK, data: null };
    },
  );

  app.put(
    `${BASE}/:id/rejoin`,
    {
      config: { access: 'employee:edit', audit: 'worker.rejoin' },
      schema: { tags: ['worker'], summary: '恢复在职', params: ZWorkerIdParams, response: { 200: ZOk } },
    },
    async (request) => {
      request.audit.target = `worker:${request.params.id}`;
      await service.rejoinWorker(app.ctx, requireAuth(request), request.params.id);
      return { status: Code.OK, data: null };
    },
  );

  app.delete(
    `${BASE}/:id`,
    {
      config: { access: 'employee:delete', audit: 'worker.delete' },
      schema: { tags: ['worker'], summary: '删除员工（从未发放过）', params: ZWorkerIdParams, response: { 200: ZOk } },
    },
    async (request) => {
      request.audit.target = `worker:${request.params.id}`;
      await service.deleteWorker(app.ctx, requireAuth(request), request.params.id);
      return { status: Code.OK, data: null };
    },
  );

  for (const channel of ['bank', 'alipay'] as const) {
    const path = channel === 'bank' ? 'bankCard' : 'alipay';
    const label = channel === 'bank' ? '银行卡' : '支付宝';
    app.post(
      `${BASE}/:id/${path}`,
      {
        config: { access: 'employee:edit', audit: `worker.${path}.add` },
        schema: {
          tags: ['worker'],
          summary: `添加${label}`,
          params: ZWorkerIdParams,
          body: channel === 'bank' ? ZBankCardBody : ZAlipayBody,
          response: { 200: detail },
        },
      },
      async (request) => {
        request.audit.target = `worker:${request.params.id}`;
        const auth = requireAuth(request);
        const body = request.body;
        const data =
          'cardNumber' in body
            ? await service.addBankCard(app.ctx, auth, request.params.id, body)
            : await service.addAlipay(app.ctx, auth, request.params.id, body);
        return { status: Code.OK, data };
      },
    );
    app.put(
      `${BASE}/:id/${path}/:accountId/default`,
      {
        config: { access: 'employee:edit', audit: `worker.${path}.default` },
        schema: { tags: ['worker'], summary: `设为默认${label}`, params: ZAccountParams, response: { 200: detail } },
      },
      async (request) => {
        request.audit.target = `worker:${request.params.id}`;
        const { id, accountId } = request.params;
        return {
          status: Code.OK,
          data: await service.setDefaultAccount(app.ctx, requireAuth(request), id, channel, accountId),
        };
      },
    );
    app.delete(
      `${BASE}/:id/${path}/:accountId`,
      {
        config: { access: 'employee:edit', audit: `worker.${path}.remove` },
        schema: { tags: ['worker'], summary: `删除${label}`, params: ZAccountParams, response: { 200: detail } },
      },
      async (request) => {
        request.audit.target = `worker:${request.params.id}`;
        const { id, accountId } = request.params;
        return {
          status: Code.OK,
          data: await service.removeAccount(app.ctx, requireAuth(request), id, channel, accountId),
        };
      },
    );
  }

  app.get(
    '/api/companystaff/department/options',
    {
      config: { access: 'employee:view' },
      schema: { tags: ['worker'], summary: '部门选项', response: { 200: ZEnvelope(z.array(ZDepartmentOption)) } },
    },
    async (request) => ({ status: Code.OK, data: await service.listDepartments(app.ctx, requireAuth(request)) }),
  );

  // Job types: the spec's call lists all of them; the rest is the 工种管理 screen.
  app.get(
    `${JOB}/selectByEcompanyId`,
    {
      config: { access: 'employee:view' },
      schema: { tags: ['jobType'], summary: '本企业全部工种', response: { 200: ZEnvelope(z.array(ZJobType)) } },
    },
    async (request) => ({ status: Code.OK, data: await service.listAllJobTypes(app.ctx, requireAuth(request)) }),
  );

  app.get(
    `${JOB}/page`,
    {
      config: { access: 'employee:view' },
      schema: {
        tags: ['jobType'],
        summary: '工种列表',
        querystring: ZJobTypeQuery,
        response: { 200: ZEnvelope(ZPage(ZJobType)) },
      },
    },
    async (request) => ({
      status: Code.OK,
      data: await service.listJobTypes(app.ctx, requireAuth(request), request.query),
    }),
  );

  app.post(
    JOB,
    {
      config: { access: 'employee:jobType', audit: 'jobType.create' },
      schema: { tags: ['jobType'], summary: '新增工种', body: ZJobTypeBody, response: { 200: ZEnvelope(ZJobType) } },
    },
    async (request) => {
      const data = await service.createJobType(app.ctx, requireAuth(request), request.body);
      request.audit.target = `jobType:${data.id}`;
      return { status: Code.OK, data };
    },
  );

  app.put(
    `${JOB}/:id`,
    {
      config: { access: 'employee:jobType', audit: 'jobType.update' },
      schema: {
        tags: ['jobType'],
        summary: '编辑工种',
        params: ZWorkerIdParams,
        body: ZJobTypeBody,
        response: { 200: ZEnvelope(ZJobType) },
      },
    },
    async (request) => {
      request.audit.target = `jobType:${request.params.id}`;
      return {
        status: Code.OK,
        data: await service.updateJobType(app.ctx, requireAuth(request), request.params.id, request.body),
      };
    },
  );

  app.delete(
    `${JOB}/:id`,
    {
      config: { access: 'employee:jobType', audit: 'jobType.delete' },
      schema: { tags: ['jobType'], summary: '删除工种', params: ZWorkerIdParams, response: { 200: ZOk } },
    },
    async (request) => {
      request.audit.target = `jobType:${request.params.id}`;
      await service.deleteJobType(app.ctx, requireAuth(request), request.params.id);
      return { status: Code.OK, data: null };
    },
  );
};
