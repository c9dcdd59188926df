import { API, ZCompanyLogAdmin, ZCompanyLogQuery, ZCompanyLogRow, ZPage } from '@flexpay/contract';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { route } from '../../plugins/route.ts';
import { listCompanyLog, listCompanyLogAdmins } from './service.ts';

/** 操作日志: what this company's admins did (the audit rows of the session's company). */
export const auditLogRoutes: FastifyPluginAsync = async (app) => {
  route(app, {
    method: 'GET',
    url: API.money.logPage,
    access: 'money:log',
    schema: {
      tags: ['money'],
      summary: '操作日志',
      description: '本企业管理员的操作记录，最新在前；可按管理员、操作与日期（含首尾两天）筛选。',
      querystring: ZCompanyLogQuery,
      data: ZPage(ZCompanyLogRow),
    },
    handler: (auth, { query }) => listCompanyLog(app.ctx, auth.companyId, query),
  });

  route(app, {
    method: 'GET',
    url: API.money.logAdmins,
    access: 'money:log',
    schema: { tags: ['money'], summary: '操作日志的管理员选项', data: z.array(ZCompanyLogAdmin) },
    handler: (auth) => listCompanyLogAdmins(app.ctx, auth.companyId),
  });
};
