import { API, ZExportJob, ZExportQuery, ZKeyParams, ZPage } from '@flexpay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendAttachment } from '../../lib/content-disposition.ts';
import { requireAuth } from '../../core/auth.ts';
import { route } from '../../plugins/route.ts';
import { EXPORT_RUN_OPTIONS } from './centre.ts';
import * as service from './service.ts';

/**
 * 下载中心: the export jobs, their files, and the background jobs that make and clean them. The
 * export types are the areas' (`registry.exporters`).
 */
export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.jobs.work(
    service.EXPORT_RUN_JOB,
    z.object({ exportId: z.string() }),
    (data, run) => service.runExportJob(app.ctx, data.exportId, run),
    EXPORT_RUN_OPTIONS,
  );
  app.jobs.work(service.EXPORT_CLEANUP_JOB, z.object({}), () => service.cleanupExports(app.ctx), {
    schedule: '17 * * * *',
    runOnStart: true,
  });

  route(app, {
    method: 'GET',
    url: API.export.page,
    access: 'session',
    schema: {
      tags: ['export'],
      summary: '下载中心：导出任务列表（企业主看全企业，其他管理员看自己的）',
      querystring: ZExportQuery,
      data: ZPage(ZExportJob),
    },
    handler: (auth, { query }) => service.listExports(app.ctx, auth, query),
  });

  // Sends the file itself, with its own headers: registered with Fastify, not route().
  app.get(
    API.export.download,
    {
      config: { access: 'session' },
      schema: { tags: ['export'], summary: '下载导出文件', params: ZKeyParams },
    },
    async (request, reply) =>
      sendAttachment(reply, await service.openExportDownload(app.ctx, requireAuth(request), request.params.id)),
  );
};
