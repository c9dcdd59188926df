import {
  API,
  INVOICE_TRANSITIONS,
  ZIdParams,
  ZInvoiceApplication,
  ZInvoiceApplicationDetail,
  ZInvoiceIssueBody,
  ZInvoiceMailBody,
  ZInvoiceReasonBody,
  ZOpsInvoiceQuery,
  ZPage,
  ZUploadedFile,
} from '@flexpay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireOperator } from '../../../core/auth.ts';
import { contentDisposition } from '../../../lib/content-disposition.ts';
import { route } from '../../../plugins/route.ts';
import { incomingFileOf } from '../../file/incoming.ts';
import {
  getOpsApplication,
  INVOICE_PDF_MAX_BYTES,
  issueInvoice,
  listOpsApplications,
  mailInvoice,
  opsInvoicePdf,
  rejectApplication,
  uploadInvoicePdf,
  voidInvoice,
} from './service.ts';

const TAG = 'ops';
const target = ({ params }: { params: { id: number } }) => `invoice:${params.id}`;

/** 开票处理 at /ops: the queue across companies, upload, issue, mail, reject, void. */
export const opsInvoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, {
    method: 'GET',
    url: API.ops.invoicePage,
    access: 'operator',
    schema: {
      tags: [TAG],
      summary: '开票申请队列',
      description: '各企业的开票申请；待审核按提交时间从早到晚。',
      querystring: ZOpsInvoiceQuery,
      data: ZPage(ZInvoiceApplication),
    },
    handler: (_op, { query }) => listOpsApplications(app.ctx, query),
  });

  route(app, {
    method: 'GET',
    url: API.ops.invoiceOne,
    access: 'operator',
    schema: { tags: [TAG], summary: '开票申请详情', params: ZIdParams, data: ZInvoiceApplicationDetail },
    handler: (_op, { params }) => getOpsApplication(app.ctx, params.id),
  });

  route(app, {
    method: 'POST',
    url: API.ops.invoiceUpload,
    access: 'operator',
    audit: 'ops.invoice.upload',
    schema: {
      tags: [TAG],
      summary: '上传发票 PDF（multipart 字段 file，仅 PDF，最大 10 MB）',
      description: '上传后以返回的文件 id 开票；未用于开票的文件一天后删除。',
      consumes: ['multipart/form-data'],
      params: ZIdParams,
      data: ZUploadedFile,
    },
    target,
    handler: async (op, { params, request }) =>
      uploadInvoicePdf(app.ctx, op, params.id, await incomingFileOf(request, INVOICE_PDF_MAX_BYTES)),
  });

  route(app, {
    method: 'POST',
    url: API.ops.invoiceIssue,
    access: 'operator',
    audit: INVOICE_TRANSITIONS.issue.audit,
    schema: {
      tags: [TAG],
      summary: '开票（待审核 → 已开票）',
      params: ZIdParams,
      body: ZInvoiceIssueBody,
      data: ZInvoiceApplicationDetail,
    },
    message: '已开票',
    target,
    handler: (op, { params, body }) => issueInvoice(app.ctx, op, params.id, body),
  });

  route(app, {
    method: 'POST',
    url: API.ops.invoiceMail,
    access: 'operator',
    audit: INVOICE_TRANSITIONS.mail.audit,
    schema: {
      tags: [TAG],
      summary: '邮寄（已开票 → 已邮寄）',
      params: ZIdParams,
      body: ZInvoiceMailBody,
      data: ZInvoiceApplicationDetail,
    },
    message: '已登记邮寄',
    target,
    handler: (op, { params, body }) => mailInvoice(app.ctx, op, params.id, body),
  });

  route(app, {
    method: 'POST',
    url: API.ops.invoiceReject,
    access: 'operator',
    audit: INVOICE_TRANSITIONS.reject.audit,
    schema: {
      tags: [TAG],
      summary: '驳回（待审核 → 已驳回）',
      params: ZIdParams,
      body: ZInvoiceReasonBody,
      data: ZInvoiceApplicationDetail,
    },
    message: '已驳回',
    target,
    handler: (op, { params, body }) => rejectApplication(app.ctx, op, params.id, body.reason),
  });

  route(app, {
    method: 'POST',
    url: API.ops.invoiceVoid,
    access: 'operator',
    audit: INVOICE_TRANSITIONS.void.audit,
    schema: {
      tags: [TAG],
      summary: '作废（已开票、已邮寄 → 已作废）',
      params: ZIdParams,
      body: ZInvoiceReasonBody,
      data: ZInvoiceApplicationDetail,
    },
    message: '已作废',
    target,
    handler: (op, { params, body }) => voidInvoice(app.ctx, op, params.id, body.reason),
  });

  app.get(
    API.ops.invoicePdf,
    {
      config: { access: 'operator' },
      schema: { tags: [TAG], summary: '发票 PDF', params: ZIdParams },
    },
    async (request, reply) => {
      requireOperator(request);
      const { file, fileName, body } = await opsInvoicePdf(app.ctx, request.params.id);
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
