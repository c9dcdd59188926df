import { Code, ZEnvelope, ZExportJob, ZWorkerFilters } from '@flexpay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import * as service from './service.ts';

/** 导出员工: the list's filters become a job of the download centre. */
export const workerExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/companystaff/employee/export',
    {
      config: { access: 'employee:export', audit: 'worker.export' },
      schema: {
        tags: ['worker'],
        summary: '导出员工（到下载中心）',
        body: ZWorkerFilters,
        response: { 200: ZEnvelope(ZExportJob) },
      },
    },
    async (request) => {
      const data = await service.requestWorkerExport(app.ctx, app.jobs, requireAuth(request), request.body);
      request.audit.target = `export:${data.id}`;
      return { status: Code.OK, data };
    },
  );
};
