import { Code, ZEnvelope, ZImportJob } from '@flexpay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDisposition } from '../../lib/content-disposition.ts';
import { XLSX_CONTENT_TYPE } from '../../lib/spreadsheet.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { incomingFileOf } from '../file/incoming.ts';
import * as service from './service.ts';

const BASE = '/api/companystaff/employee/import';
const ZImportParams = z.object({ id: z.string().max(64) });
const ZImportData = z.object({ importId: z.string() });

/** 批量导入员工: template, upload (validated in the background), status, commit, error report. */
export const workerImportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.jobs.work(
    service.IMPORT_VALIDATE_JOB,
    ZImportData,
    (data, run) => service.runValidation(app.ctx, data.importId, run),
    {
      retryLimit: 1,
      retryDelay: 30,
      expireInSeconds: 60 * 60,
    },
  );
  app.jobs.work(
    service.IMPORT_COMMIT_JOB,
    ZImportData,
    (data, run) => service.runCommit(app.ctx, data.importId, run, { liveProgress: app.dbKind === 'postgres' }),
    { retryLimit: 1, retryDelay: 30, expireInSeconds: 60 * 60 },
  );
  app.jobs.work(service.IMPORT_CLEANUP_JOB, z.object({}), () => service.cleanupImports(app.ctx), {
    schedule: '23 * * * *',
    runOnStart: true,
  });

  app.get(
    `${BASE}/template`,
    {
      config: { access: 'employee:import' },
      schema: { tags: ['worker'], summary: '下载员工导入模板（xlsx）' },
    },
    async (request, reply) => {
      const body = await service.createImportTemplate(app.ctx, requireAuth(request));
      return reply
        .type(XLSX_CONTENT_TYPE)
        .header('content-disposition', contentDisposition('员工导入模板.xlsx'))
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  );

  app.post(
    BASE,
    {
      config: { access: 'employee:import', audit: 'worker.import' },
      schema: {
        tags: ['worker'],
        summary: '上传员工导入文件（multipart 字段 file；xlsx 或 csv，最多 100000 行），后台校验',
        consumes: ['multipart/form-data'],
        response: { 200: ZEnvelope(ZImportJob) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const incoming = await incomingFileOf(request, service.IMPORT_MAX_BYTES);
      const data = await service.startImport(app.ctx, app.jobs, auth, incoming);
      request.audit.target = `import:${data.id}`;
      return { status: Code.OK, data };
    },
  );

  app.get(
    `${BASE}/:id`,
    {
      config: { access: 'employee:import' },
      schema: {
        tags: ['worker'],
        summary: '导入任务状态',
        params: ZImportParams,
        response: { 200: ZEnvelope(ZImportJob) },
      },
    },
    async (request) => ({
      status: Code.OK,
      data: await service.getImport(app.ctx, requireAuth(request), request.params.id),
    }),
  );

  app.post(
    `${BASE}/:id/commit`,
    {
      config: { access: 'employee:import', audit: 'worker.importCommit' },
      schema: {
        tags: ['worker'],
        summary: '确认导入（全部成功或全部不导入）',
        params: ZImportParams,
        response: { 200: ZEnvelope(ZImportJob) },
      },
    },
    async (request) => {
      request.audit.target = `import:${request.params.id}`;
      const data = await service.commitImport(app.ctx, app.jobs, requireAuth(request), request.params.id);
      return { status: Code.OK, data };
    },
  );

  app.get(
    `${BASE}/:id/report`,
    {
      config: { access: 'employee:import' },
      schema: { tags: ['worker'], summary: '下载导入错误报告（xlsx）', params: ZImportParams },
    },
    async (request, reply) => {
      const file = await service.openImportReport(app.ctx, requireAuth(request), request.params.id);
      return reply
        .type(file.contentType)
        .header('content-length', file.size)
        .header('content-disposition', contentDisposition(file.fileName))
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );
};
