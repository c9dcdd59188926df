import {
  API,
  ZCostRule,
  ZCostRuleBody,
  ZCostRuleParams,
  ZFreezeCompanyBody,
  ZIdParams,
  ZOperatorInfo,
  ZOpsAuditQuery,
  ZOpsAuditRow,
  ZOpsCompany,
  ZOpsCompanyQuery,
  ZOpsLoginBody,
  ZOpsTopupQuery,
  ZPage,
  ZRejectTopupBody,
  ZTopup,
  ZUnfreezeCompanyBody,
} from '@flexpay/contract';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { contentDisposition } from '../../lib/content-disposition.ts';
import { notFound } from '../../lib/errors.ts';
import { requireOperator } from '../../core/auth.ts';
import { idempotent } from '../../plugins/idempotency.ts';
import { route } from '../../plugins/route.ts';
import { listCompanies, setCompanyFrozen, type OpsCompany } from '../company/service.ts';
import { isInStore, readStoredFile } from '../file/service.ts';
import { confirmTopup, findTopupVoucher, getTopup, listTopups, rejectTopup } from '../money/service.ts';
import { costRulesOfCompanies, updateCostRule } from '../service-company/service.ts';
import { listOperatorAudit } from '../audit-log/service.ts';
import { loginOperator, logoutOperator, operatorInfo, refreshOperator } from './service.ts';

/** The operator console's API (/ops): sign-in, the top-up queue, companies and cost rules, the audit. */
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

  route(app, {
    method: 'GET',
    url: API.ops.companyPage,
    access: 'operator',
    schema: {
      tags: ['ops'],
      summary: '企业列表（含签约服务商与费用规则）',
      querystring: ZOpsCompanyQuery,
      data: ZPage(ZOpsCompany),
    },
    handler: async (_op, { query }) => {
      const page = await listCompanies(app.db, query);
      return { total: page.total, rows: await withCostRules(page.rows) };
    },
  });

  /** Companies with their service companies and cost rules, as the list shows them. */
  const withCostRules = async (companies: OpsCompany[]) => {
    const rules = await costRulesOfCompanies(
      app.db,
      companies.map((c) => c.id),
    );
    return companies.map((c) => ({ ...c, serviceCompanies: rules.get(c.id) ?? [] }));
  };
  const oneWithCostRules = async (company: OpsCompany) => {
    const [row] = await withCostRules([company]);
    if (!row) throw notFound('企业不存在');
    return row;
  };

  route(app, {
    method: 'POST',
    url: API.ops.companyFreeze,
    access: 'operator',
    audit: 'ops.company.freeze',
    schema: {
      tags: ['ops'],
      summary: '冻结企业',
      description: `冻结后企业仍可登录和查看，但不能支付（确认支付、重新支付被拒绝）；须写明原因，原因随企业保存并记入操作日志。已冻结的答 40900。`,
      params: ZIdParams,
      body: ZFreezeCompanyBody,
      data: ZOpsCompany,
    },
    message: (c) => `已冻结“${c.name}”，原因：${c.frozenReason ?? ''}`,
    target: ({ params }) => `company:${params.id}`,
    handler: async (_op, { params, body, request }) => {
      request.audit.detail = { reason: body.reason };
      return oneWithCostRules(await setCompanyFrozen(app.ctx, params.id, true, body.reason));
    },
  });

  route(app, {
    method: 'POST',
    url: API.ops.companyUnfreeze,
    access: 'operator',
    audit: 'ops.company.unfreeze',
    schema: {
      tags: ['ops'],
      summary: '解冻企业',
      description: '恢复企业的支付，清除冻结原因；可写明说明，记入操作日志。未冻结的答 40900。',
      params: ZIdParams,
      body: ZUnfreezeCompanyBody,
      data: ZOpsCompany,
    },
    message: (c) => `已解冻“${c.name}”`,
    target: ({ params }) => `company:${params.id}`,
    handler: async (_op, { params, body, request }) => {
      request.audit.detail = { reason: body.reason };
      return oneWithCostRules(await setCompanyFrozen(app.ctx, params.id, false));
    },
  });

  route(app, {
    method: 'PUT',
    url: API.ops.costRule,
    access: 'operator',
    audit: 'ops.costRule.update',
    schema: {
      tags: ['ops'],
      summary: '编辑企业与服务商的费用规则',
      params: ZCostRuleParams,
      body: ZCostRuleBody,
      data: ZCostRule,
    },
    message: '费用规则已保存',
    target: ({ params }) => `company:${params.id}/serviceCompany:${params.serviceCompanyId}`,
    handler: (_op, { params, body }) => updateCostRule(app.ctx, params.id, params.serviceCompanyId, body),
  });

  route(app, {
    method: 'GET',
    url: API.ops.auditPage,
    access: 'operator',
    schema: { tags: ['ops'], summary: '运营操作日志', querystring: ZOpsAuditQuery, data: ZPage(ZOpsAuditRow) },
    handler: (_op, { query }) => listOperatorAudit(app.ctx, query),
  });
};
