import {
  API,
  ZIdParams,
  ZPage,
  ZReconcileAlerts,
  ZReconcileDay,
  ZReconcileDayQuery,
  ZReconcileDifference,
  ZReconcileDifferenceQuery,
  ZReconcileRunBody,
  ZReconcileRunResult,
  ZResolveDifferenceBody,
  ZResolveDifferenceResult,
} from '@flexpay/contract';
import type { FastifyPluginAsync } from 'fastify';
import { idempotent } from '../../../plugins/idempotency.ts';
import { route } from '../../../plugins/route.ts';
import { askAgain, listDays, listDifferences, reconcileAlerts, resolveDifference } from './resolve.ts';
import { runReconcile } from './service.ts';

/** /ops 对账 (ADR 0030): the reconciled days, their differences and the operators' resolutions. */
export const opsReconcileRoutes: FastifyPluginAsync = async (app) => {
  route(app, {
    method: 'GET',
    url: API.ops.reconcileDayPage,
    access: 'operator',
    schema: {
      tags: ['ops'],
      summary: '对账：对账日列表',
      description: '每个服务商每天一行：对账单行数、匹配笔数与金额、差异数与待处理数；对账单被拒的写明原因。',
      querystring: ZReconcileDayQuery,
      data: ZPage(ZReconcileDay),
    },
    handler: (_op, { query }) => listDays(app.ctx, query),
  });

  route(app, {
    method: 'GET',
    url: API.ops.reconcileDifferences,
    access: 'operator',
    schema: {
      tags: ['ops'],
      summary: '对账：一天的差异',
      params: ZIdParams,
      querystring: ZReconcileDifferenceQuery,
      data: ZPage(ZReconcileDifference),
    },
    handler: (_op, { params, query }) => listDifferences(app.ctx, query, params.id),
  });

  route(app, {
    method: 'GET',
    url: API.ops.reconcileOpenDifferences,
    access: 'operator',
    schema: {
      tags: ['ops'],
      summary: '对账：全部差异',
      querystring: ZReconcileDifferenceQuery,
      data: ZPage(ZReconcileDifference),
    },
    handler: (_op, { query }) => listDifferences(app.ctx, query),
  });

  route(app, {
    method: 'POST',
    url: API.ops.reconcileResolve,
    idempotent: true,
    access: 'operator',
    audit: 'ops.reconcile.resolve',
    schema: {
      tags: ['ops'],
      summary: '处理对账差异',
      description:
        '以服务方为准：按对账单入账（发放状态随之改变，差额与企业结算）；以平台记录为准：向服务方重新查询（服务方无此笔的按原单号重新提交），挂账冲回。' +
        '每次处理是一笔平衡的记账和一条审计记录；已处理的答 40900。',
      params: ZIdParams,
      body: ZResolveDifferenceBody,
      data: ZResolveDifferenceResult,
    },
    message: '已处理',
    target: ({ params }) => `reconcile_difference:${params.id}`,
    handler: async (op, { params, body, request }) => {
      // The provider is outside the transaction: asked first (it dedupes, so a retry asks again harmlessly).
      const answer = body.resolution === 'ours' ? await askAgain(app.ctx, params.id) : null;
      return idempotent(app.db, request, `operator:${op.operatorId}`, (tx) =>
        resolveDifference(tx, op, params.id, body, app.ctx.now(), answer),
      );
    },
  });

  route(app, {
    method: 'POST',
    url: API.ops.reconcileRun,
    access: 'operator',
    audit: 'ops.reconcile.run',
    schema: {
      tags: ['ops'],
      summary: '立即对账',
      description:
        '下载并校验该服务商该日的对账单，载入、匹配并记录差异（每天只对账一次：已对账的答 already，什么也不改变）；签名不符的对账单被拒并告警，可再次执行。',
      body: ZReconcileRunBody,
      data: ZReconcileRunResult,
    },
    target: ({ body }) => `reconcile_day:${body.serviceCompanyId}:${body.day}`,
    handler: (_op, { body }) => runReconcile(app.ctx, body),
  });

  route(app, {
    method: 'GET',
    url: API.ops.reconcileAlerts,
    access: 'operator',
    schema: { tags: ['ops'], summary: '对账告警：待处理差异与被拒的对账单', data: ZReconcileAlerts },
    handler: () => reconcileAlerts(app.ctx),
  });
};
