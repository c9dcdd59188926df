import { API, ZExportJob, ZWorkerFilters } from '@flexpay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../plugins/route.ts';
import * as service from './service.ts';

/** 导出员工: the list's filters become a job of the download centre. */
export const workerExportRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, {
    method: 'POST',
    url: API.worker.export,
    access: 'employee:export',
    audit: 'worker.export',
    schema: { tags: ['worker'], summary: '导出员工（到下载中心）', body: ZWorkerFilters, data: ZExportJob },
    targetOfResult: (job) => `export:${job.id}`,
    handler: (auth, { body }) => service.requestWorkerExport(app.ctx, app.jobs, auth, body),
  });
};
