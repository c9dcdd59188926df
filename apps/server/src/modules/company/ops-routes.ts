import {
  API,
  ZFreezeCompanyBody,
  ZIdParams,
  ZOpsCompany,
  ZOpsCompanyQuery,
  ZPage,
  ZUnfreezeCompanyBody,
} from '@flexpay/contract';
import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../lib/errors.ts';
import { route } from '../../plugins/route.ts';
import { costRulesOfCompanies } from '../service-company/service.ts';
import { listCompanies, setCompanyFrozen, type OpsCompany } from './service.ts';

/** 企业管理 at /ops: the companies with their service companies and cost rules, 冻结 and 解冻. */
export const opsCompanyRoutes: FastifyPluginAsync = async (app) => {
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
};
