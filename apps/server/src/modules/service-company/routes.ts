import { API, ZCostRule, ZReceiptContent, ZReceiptContentQuery, ZServiceCompanyOption } from '@flexpay/contract';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { route } from '../../plugins/route.ts';
import { listCostRules, listReceiptContents, listServiceCompanyOptions } from './service.ts';

/**
 * The spec's calls about the company's service companies: cost rules, options, invoice contents,
 * served under both base paths of spec section 7 (/api/companystaff and the ocompany service's
 * /api/ocompany), one handler each.
 */
export const serviceCompanyRoutes: FastifyPluginAsync = async (app) => {
  for (const paths of [API.serviceCompany, API.ocompany]) registerServiceCompanyCalls(app, paths);
};

function registerServiceCompanyCalls(
  app: FastifyInstance,
  paths: { costRules: string; options: string; receiptContents: string },
): void {
  route(app, {
    method: 'GET',
    url: paths.costRules,
    access: 'session',
    schema: {
      tags: ['money'],
      summary: '签约服务商及费用规则',
      description: '当前企业签约的服务商、费率（基点）、费用承担方、限额、发票类型与开票内容，以及充值收款账户。',
      data: z.array(ZCostRule),
    },
    handler: (auth) => listCostRules(app.ctx, auth.companyId),
  });

  route(app, {
    method: 'GET',
    url: paths.options,
    access: 'session',
    schema: { tags: ['money'], summary: '可用服务商选项', data: z.array(ZServiceCompanyOption) },
    handler: (auth) => listServiceCompanyOptions(app.ctx, auth.companyId),
  });

  route(app, {
    method: 'GET',
    url: paths.receiptContents,
    access: 'session',
    schema: {
      tags: ['money'],
      summary: '服务商开票内容',
      querystring: ZReceiptContentQuery,
      data: z.array(ZReceiptContent),
    },
    handler: (auth, { query }) => listReceiptContents(app.ctx, auth.companyId, query.serviceCompanyId),
  });
}
