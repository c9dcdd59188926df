import {
  API,
  ZIdParams,
  ZInvoiceable,
  ZInvoiceApplication,
  ZInvoiceApplicationDetail,
  ZInvoiceApplyBody,
  ZInvoiceBatch,
  ZInvoiceBatchQuery,
  ZExportJob,
  ZInvoiceExportFilters,
  ZInvoiceQuery,
  ZPage,
} from '@flexpay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../../core/auth.ts';
import { contentDisposition } from '../../../lib/content-disposition.ts';
import { route } from '../../../plugins/route.ts';
import { requestInvoicesExport } from './export.ts';
import {
  applyInvoice,
  getApplication,
  invoicePdf,
  listApplications,
  listInvoiceable,
  listInvoiceBatches,
  resubmitApplication,
} from './service.ts';

const TAG = 'invoice';

/** 可开票金额, 选择订单, 申请开票, 开票记录, 开票详情, 编辑开票申请 and the invoice PDF. */
export const applicationRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, {
    method: 'GET',
    url: API.invoice.invoiceable,
    access: 'invoice:view',
    schema: {
      tags: [TAG],
      summary: '各服务商的可开票金额',
      description: '已发放成功的明细扣款合计，减去待审核、已开票、已邮寄的申请金额。',
      data: z.array(ZInvoiceable),
    },
    handler: (auth) => listInvoiceable(app.ctx, auth),
  });

  route(app, {
    method: 'GET',
    url: API.invoice.batches,
    access: 'invoice:apply',
    schema: {
      tags: [TAG],
      summary: '选择订单：已发放的批次及其可开票金额',
      querystring: ZInvoiceBatchQuery,
      data: ZPage(ZInvoiceBatch),
    },
    handler: (auth, { query }) => listInvoiceBatches(app.ctx, auth, query),
  });

  route(app, {
    method: 'POST',
    url: API.invoice.apply,
    access: 'invoice:apply',
    audit: 'invoice.apply',
    schema: {
      tags: [TAG],
      summary: '申请开票',
      description: '所选批次须为本企业同一服务商已发放的批次；每个批次的开票金额不超过其可开票金额。',
      body: ZInvoiceApplyBody,
      data: ZInvoiceApplicationDetail,
    },
    message: '开票申请已提交',
    targetOfResult: (a) => `invoice:${a.id}`,
    handler: (auth, { body }) => applyInvoice(app.ctx, auth, body),
  });

  route(app, {
    method: 'GET',
    url: API.invoice.page,
    access: 'invoice:view',
    schema: { tags: [TAG], summary: '开票记录', querystring: ZInvoiceQuery, data: ZPage(ZInvoiceApplication) },
    handler: (auth, { query }) => listApplications(app.ctx, auth, query),
  });

  route(app, {
    method: 'POST',
    url: API.invoice.export,
    access: 'invoice:view',
    audit: 'invoice.export',
    schema: {
      tags: [TAG],
      summary: '导出开票记录（到下载中心）',
      body: ZInvoiceExportFilters,
      data: ZExportJob,
    },
    targetOfResult: (job) => `export:${job.id}`,
    handler: (auth, { body }) => requestInvoicesExport(app.ctx, app.jobs, auth, body),
  });

  route(app, {
    method: 'GET',
    url: API.invoice.one,
    access: 'invoice:view',
    schema: { tags: [TAG], summary: '开票详情', params: ZIdParams, data: ZInvoiceApplicationDetail },
    handler: (auth, { params }) => getApplication(app.ctx, auth, params.id),
  });

  route(app, {
    method: 'PUT',
    url: API.invoice.one,
    access: 'invoice:apply',
    audit: 'invoice.resubmit',
    schema: {
      tags: [TAG],
      summary: '编辑开票申请（已驳回的申请修改后重新提交）',
      params: ZIdParams,
      body: ZInvoiceApplyBody,
      data: ZInvoiceApplicationDetail,
    },
    message: '开票申请已重新提交',
    target: ({ params }) => `invoice:${params.id}`,
    handler: (auth, { params, body }) => resubmitApplication(app.ctx, auth, params.id, body),
  });

  app.get(
    API.invoice.pdf,
    {
      config: { access: 'invoice:view' },
      schema: { tags: [TAG], summary: '发票 PDF（预览与下载）', params: ZIdParams },
    },
    async (request, reply) => {
      const { file, fileName, body } = await invoicePdf(app.ctx, requireAuth(request), request.params.id);
      return reply
        .type('application/pdf')
        .header('content-length', file.size)
        .header('content-disposition', contentDisposition(fileName, 'inline'))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  );
};
