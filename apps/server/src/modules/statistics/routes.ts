import {
  API,
  ZEmployeeAnalysis,
  ZEmployeeAnalysisExportBody,
  ZEmployeeAnalysisOptions,
  ZEmployeeAnalysisQuery,
  ZExportJob,
  ZSubmitStats,
  ZSubmitStatsQuery,
} from '@flexpay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../plugins/route.ts';
import * as service from './service.ts';
import * as submit from './submit.ts';

/** 员工分析: the figures and the export of one of its tables. */
export const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, {
    method: 'GET',
    url: API.statistics.employeeAnalysis,
    access: 'stats:view',
    schema: {
      tags: ['statistics'],
      summary: '员工分析',
      description:
        '在职员工的合计、本月新增、本月已发放人数，按性别、年龄段、省份、工种、部门的分布，与近 12 个月的发放。',
      querystring: ZEmployeeAnalysisQuery,
      data: ZEmployeeAnalysis,
    },
    handler: (auth, { query }) => service.getEmployeeAnalysis(app.ctx, auth.companyId, query),
  });
  route(app, {
    method: 'GET',
    url: API.statistics.employeeAnalysisOptions,
    access: 'stats:view',
    schema: {
      tags: ['statistics'],
      summary: '员工分析的筛选项（部门、工种）',
      data: ZEmployeeAnalysisOptions,
    },
    handler: (auth) => service.getAnalysisOptions(app.ctx, auth),
  });
  route(app, {
    method: 'POST',
    url: API.statistics.employeeAnalysisExport,
    access: 'stats:export',
    audit: 'employeeAnalysis.export',
    schema: {
      tags: ['statistics'],
      summary: '导出员工分析的一张表（到下载中心）',
      body: ZEmployeeAnalysisExportBody,
      data: ZExportJob,
    },
    targetOfResult: (job) => `export:${job.id}`,
    handler: (auth, { body }) => service.requestAnalysisExport(app.ctx, app.jobs, auth, body),
  });
  route(app, {
    method: 'GET',
    url: API.statistics.submitStatistics,
    access: 'stats:view',
    schema: {
      tags: ['statistics'],
      summary: '提交统计',
      description:
        '企业提交的发放批次、开票申请与充值，按北京时间的日（最多 31 天）或月（最多 12 个月）、状态与服务商统计笔数和金额（分）。',
      querystring: ZSubmitStatsQuery,
      data: ZSubmitStats,
    },
    handler: (auth, { query }) => submit.getSubmitStatistics(app.ctx, auth.companyId, query),
  });
  route(app, {
    method: 'POST',
    url: API.statistics.submitStatisticsExport,
    access: 'stats:export',
    audit: 'submitStatistics.export',
    schema: {
      tags: ['statistics'],
      summary: '导出提交统计（到下载中心）',
      body: ZSubmitStatsQuery,
      data: ZExportJob,
    },
    targetOfResult: (job) => `export:${job.id}`,
    handler: (auth, { body }) => submit.requestSubmitStatisticsExport(app.ctx, app.jobs, auth, body),
  });
};
