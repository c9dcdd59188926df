import { API, ZHomeSummary } from '@flexpay/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/route.ts';
import { getHomeSummary } from './service.ts';

/** 首页's figures. */
export const homeRoutes: FastifyPluginAsync = async (app) => {
  route(app, {
    method: 'GET',
    url: API.home.summary,
    access: 'session',
    schema: {
      tags: ['home'],
      summary: '首页数据',
      description:
        '每项只给拥有对应权限的管理员，其余为 null：可用余额 money:view，本月已发放 payroll:view，' +
        '待我审批 payroll:approve，待支付 payroll:pay，待验收 task:review，最近动态 money:log，可开票金额 invoice:view，最新文章（已发布） content:view；' +
        '首页模块（启用的）与广告（启用且在投放日期内的）给本企业每位管理员。',
      data: ZHomeSummary,
    },
    handler: (auth) => getHomeSummary(app.ctx, auth),
  });
};
