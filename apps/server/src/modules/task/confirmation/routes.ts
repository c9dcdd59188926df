import {
  API,
  ZPage,
  ZTaskConfirmBody,
  ZTaskConfirmResult,
  ZTaskPayable,
  ZTaskPayableFilter,
  ZTaskPayableQuery,
  ZTaskPayableSummary,
} from '@flexpay/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../plugins/route.ts';
import { confirmPayables, listPayables, summarizePayables } from './service.ts';

const TAG = 'task';

/** 任务确认: payable amounts of passed deliveries, and a payroll batch from them. */
export const confirmationRoutes: FastifyPluginAsync = async (app) => {
  route(app, {
    method: 'GET',
    url: API.task.confirmPage,
    access: 'task:confirm',
    schema: {
      tags: [TAG],
      summary: '任务确认：验收通过的应付金额（待确认或已确认）',
      querystring: ZTaskPayableQuery,
      data: ZPage(ZTaskPayable),
    },
    handler: (auth, { query }) => listPayables(app.ctx, auth, query),
  });

  route(app, {
    method: 'GET',
    url: API.task.confirmSummary,
    access: 'task:confirm',
    schema: {
      tags: [TAG],
      summary: '任务确认：符合条件的金额合计',
      querystring: ZTaskPayableFilter,
      data: ZTaskPayableSummary,
    },
    handler: (auth, { query }) => summarizePayables(app.ctx, auth, query),
  });

  route(app, {
    method: 'POST',
    url: API.task.confirm,
    access: 'task:confirm',
    audit: 'task.confirm',
    schema: {
      tags: [TAG],
      summary: '任务确认：所选（或全部符合条件的）待确认金额发起发放批次',
      description:
        '同一服务商的金额生成一个草稿批次（来源：任务确认，每名员工一条明细），之后与其他批次一样核对、审批、支付。批次取消后金额回到待确认。',
      body: ZTaskConfirmBody,
      data: ZTaskConfirmResult,
    },
    message: (r) => `已生成发放批次（${r.itemCount} 人）`,
    targetOfResult: (r) => `payrollBatch:${r.batchId}`,
    handler: (auth, { body }) => confirmPayables(app.ctx, auth, body),
  });
};
