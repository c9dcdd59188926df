import { API, ZOperatorInfo, ZOpsAuditQuery, ZOpsAuditRow, ZOpsLoginBody, ZPage } from '@flexpay/contract';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { route } from '../../plugins/route.ts';
import { listOperatorAudit } from '../audit-log/service.ts';
import { loginOperator, logoutOperator, operatorInfo, refreshOperator } from './service.ts';

/**
 * The operator realm's own API (/ops): sign-in, its session, and the operators' audit. What
 * operators decide lives in the area it belongs to (its ops-routes.ts): top-ups in money,
 * companies in company, cost rules in service-company, invoices, contracts and chat in theirs.
 */
export const operatorRoutes: FastifyPluginAsync = async (app) => {
  route(app, {
    method: 'POST',
    url: API.ops.login,
    access: 'public',
    audit: 'ops.login',
    schema: {
      tags: ['ops'],
      summary: '运营后台登录',
      description: '运营人员的独立登录域：返回的令牌只能访问 /api/ops 下的接口。',
      body: ZOpsLoginBody,
      data: z.object({ token: z.string(), operator: ZOperatorInfo }),
    },
    handler: async (_auth, { body, request }) => {
      request.audit.username = body.username;
      const { token, operator } = await loginOperator(app.ctx, body, request.ip);
      request.audit.operatorId = operator.operatorId;
      return { token, operator: operatorInfo(operator) };
    },
  });

  route(app, {
    method: 'POST',
    url: API.ops.logout,
    access: 'operator',
    audit: 'ops.logout',
    schema: { tags: ['ops'], summary: '运营后台退出登录', data: z.null() },
    handler: (op) => logoutOperator(app.ctx, op),
  });

  route(app, {
    method: 'POST',
    url: API.ops.refresh,
    access: 'operator',
    audit: 'ops.refresh',
    schema: {
      tags: ['ops'],
      summary: '刷新运营后台登录凭证',
      description: '为当前会话签发新的两小时凭证（控制台在剩余不足 10 分钟时调用）。',
      data: z.object({ token: z.string() }),
    },
    handler: (op) => refreshOperator(app.ctx, op),
  });

  route(app, {
    method: 'GET',
    url: API.ops.info,
    access: 'operator',
    schema: { tags: ['ops'], summary: '当前运营人员', data: ZOperatorInfo },
    handler: (op) => operatorInfo(op),
  });

  route(app, {
    method: 'GET',
    url: API.ops.auditPage,
    access: 'operator',
    schema: { tags: ['ops'], summary: '运营操作日志', querystring: ZOpsAuditQuery, data: ZPage(ZOpsAuditRow) },
    handler: (_op, { query }) => listOperatorAudit(app.ctx, query),
  });
};
