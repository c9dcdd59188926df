import {
  API,
  GATEWAY_LOG_EXPORT_CAP,
  ZExportJob,
  ZGatewayLogDetail,
  ZGatewayLogExportBody,
  ZGatewayLogPage,
  ZGatewayLogQuery,
  ZGatewayLogRequestParams,
} from '@flexpay/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/route.ts';
import { requestGatewayLogExport } from './export.ts';
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
    method: 'POST',
    url: API.ops.gatewayLogExport,
    access: 'operator',
    audit: 'ops.gatewayLog.export',
    schema: {
      tags: ['ops'],
      summary: '导出网关日志（到运营后台下载中心）',
      description: `与列表相同的筛选条件，时间范围必填；匹配超过 ${GATEWAY_LOG_EXPORT_CAP.toLocaleString('en-US')} 条时拒绝。`,
      body: ZGatewayLogExportBody,
      data: ZExportJob,
    },
    targetOfResult: (job) => `export:${job.id}`,
    handler: (op, { body }) => requestGatewayLogExport(app.ctx, app.jobs, op, body),
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
