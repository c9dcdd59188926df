import { API, ZExportJob, ZExportQuery, ZKeyParams, ZPage } from '@flexpay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireOperator } from '../../../core/auth.ts';
import { route } from '../../../plugins/route.ts';
import { sendAttachment } from '../../../lib/content-disposition.ts';
import * as service from './service.ts';

/**
 * The operators' 下载中心 (/ops): the exports an operator asked for, and their files. The exports
 * are asked for by the areas that own their rows (网关日志's in gateway-log).
 */
export const opsExportRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, {
    method: 'GET',
    url: API.ops.exportPage,
    access: 'operator',
    schema: {
      tags: ['ops'],
      summary: '运营后台下载中心：我的导出任务',
      querystring: ZExportQuery,
      data: ZPage(ZExportJob),
    },
    handler: (op, { query }) => service.listOpsExports(app.ctx, op, query),
  });

  // Sends the file itself, with its own headers: registered with Fastify, not route().
  app.get(
    API.ops.exportDownload,
    {
      config: { access: 'operator' },
      schema: { tags: ['ops'], summary: '运营后台下载中心：下载导出文件', params: ZKeyParams },
    },
    async (request, reply) =>
      sendAttachment(reply, await service.openOpsExportDownload(app.ctx, requireOperator(request), request.params.id)),
  );
};
