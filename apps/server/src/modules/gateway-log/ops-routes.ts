import { API, ZGatewayLogDetail, ZGatewayLogPage, ZGatewayLogQuery, ZGatewayLogRequestParams } from '@flexpay/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/route.ts';
import { gatewayLogDetail, listGatewayLog } from './service.ts';

/** /ops 网关日志: the platform's log of every API request, for operators only. */
export const opsGatewayLogRoutes: FastifyPluginAsync = async (app) => {
  route(app, {
    method: 'GET',
    url: API.ops.gatewayLogPage,
    access: 'operator',
    schema: { tags: ['ops'], summary: '网关日志', querystring: ZGatewayLogQuery, data: ZGatewayLogPage },
    handler: (_op, { query }) => listGatewayLog(app.ctx, query),
  });

  route(app, {
    method: 'GET',
    url: API.ops.gatewayLogOne,
    access: 'operator',
    schema: {
      tags: ['ops'],
      summary: '网关日志：一个请求',
      description: '该请求编号的访问记录、它写下的操作日志，以及服务器对它记下的警告与错误。',
      params: ZGatewayLogRequestParams,
      data: ZGatewayLogDetail,
    },
    handler: (_op, { params }) => gatewayLogDetail(app.ctx, params.requestId),
  });
};
