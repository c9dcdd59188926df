import { API, ZCostRule, ZCostRuleBody, ZCostRuleParams } from '@flexpay/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/route.ts';
import { updateCostRule } from './service.ts';

/** 企业管理 at /ops: a company's cost rule with one of its service companies. */
export const opsCostRuleRoutes: FastifyPluginAsync = async (app) => {
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
};
