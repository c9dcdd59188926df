import { API, ZIdParams, ZOpsTopupQuery, ZPage, ZRejectTopupBody, ZTopup } from '@flexpay/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import { requireOperator } from '../../core/auth.ts';
import { contentDisposition } from '../../lib/content-disposition.ts';
import { notFound } from '../../lib/errors.ts';
import { idempotent } from '../../plugins/idempotency.ts';
import { route } from '../../plugins/route.ts';
import { isInStore, readStoredFile } from '../file/service.ts';
import { confirmTopup, findTopupVoucher, getTopup, listTopups, rejectTopup } from './service.ts';

/** 充值确认 at /ops: every company's top-ups, their vouchers, 确认到账 and 驳回. */
export const opsTopupRoutes: FastifyPluginAsync = async (app) => {
  route(app, {
    method: 'GET',
    url: API.ops.topupPage,
    access: 'operator',
    schema: {
      tags: ['ops'],
      summary: '充值审核队列',
      description: '各企业的充值；按状态筛选（待确认按提交时间从早到晚）。',
      querystring: ZOpsTopupQuery,
      data: ZPage(ZTopup),
    },
    handler: (_op, { query }) => listTopups(app.db, { ...query, forOperator: true }, query.status === 'pending'),
  });

  route(app, {
    method: 'GET',
    url: API.ops.topupOne,
    access: 'operator',
    schema: { tags: ['ops'], summary: '充值详情', params: ZIdParams, data: ZTopup },
    handler: (_op, { params }) => getTopup(app.db, params.id),
  });

  // The voucher's bytes, shown beside the amount (a file, so registered with Fastify directly).
  app.get(
    API.ops.topupVoucher,
    {
      config: { access: 'operator' },
      schema: { tags: ['ops'], summary: '充值转账凭证（文件）', params: ZIdParams },
    },
    async (request, reply) => {
      requireOperator(request);
      const { id } = request.params as z.output<typeof ZIdParams>;
      const file = await findTopupVoucher(app.ctx, id);
      if (!file || !(await isInStore(app.ctx, file))) throw notFound('转账凭证不存在');
      reply.header('content-type', file.contentType);
      reply.header('content-disposition', contentDisposition(file.name, 'inline'));
      reply.header('cache-control', 'private, no-store');
      return reply.send(readStoredFile(app.ctx, file));
    },
  );

  route(app, {
    method: 'POST',
    url: API.ops.topupConfirm,
    idempotent: true,
    access: 'operator',
    audit: 'ops.topup.confirm',
    schema: {
      tags: ['ops'],
      summary: '确认充值到账',
      description: `核对凭证后确认：从服务商银行清算账户记入企业可用余额，只记一次（充值行锁 + 账本来源唯一键）；已处理的答 40900。`,
      params: ZIdParams,
      data: ZTopup,
    },
    message: '已确认到账',
    target: ({ params }) => `topup:${params.id}`,
    handler: (op, { params, request }) =>
      idempotent(app.db, request, `operator:${op.operatorId}`, (tx) =>
        confirmTopup(tx, params.id, op.operatorId, app.ctx.now()),
      ),
  });

  route(app, {
    method: 'POST',
    url: API.ops.topupReject,
    idempotent: true,
    access: 'operator',
    audit: 'ops.topup.reject',
    schema: {
      tags: ['ops'],
      summary: '驳回充值',
      description: `驳回待确认的充值并写明原因；不动资金。`,
      params: ZIdParams,
      body: ZRejectTopupBody,
      data: ZTopup,
    },
    message: '已驳回',
    target: ({ params }) => `topup:${params.id}`,
    handler: (op, { params, body, request }) =>
      idempotent(app.db, request, `operator:${op.operatorId}`, (tx) =>
        rejectTopup(tx, params.id, op.operatorId, body.reason, app.ctx.now()),
      ),
  });
};
