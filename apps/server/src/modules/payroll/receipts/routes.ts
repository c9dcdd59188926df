import {
  API,
  ZExportJob,
  ZGrantRecordFilters,
  ZIdParams,
  ZPage,
  ZReceipt,
  ZReceiptAmount,
  ZReceiptBatch,
  ZReceiptBatchQuery,
  ZReceiptFilters,
  ZReceiptQuery,
  ZReceiptVerification,
  ZReceiptVerifyBody,
} from '@flexpay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentDisposition } from '../../../lib/content-disposition.ts';
import { requireAuth } from '../../../core/auth.ts';
import { asPlatform } from '../../../db/scope.ts';
import { route } from '../../../plugins/route.ts';
import { requestRecordsExport } from '../batches/records-export.ts';
import { listReceiptBatches, listReceipts, receiptAmount, receiptPdf, requestReceiptsExport } from './service.ts';
import { verifyReceiptCode } from './verification.ts';

const TAG = 'payroll';

/** 回单 (each successful payout's receipt: list, amount, batches, PDF, zip) and 发放记录's export. */
export const receiptRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, {
    method: 'GET',
    url: API.payroll.receiptPage,
    access: 'payroll:view',
    schema: {
      tags: [TAG],
      summary: '电子回单列表（每笔成功的发放一张）',
      querystring: ZReceiptQuery,
      data: ZPage(ZReceipt),
    },
    handler: (auth, { query }) => listReceipts(app.ctx, auth, query),
  });

  route(app, {
    method: 'GET',
    url: API.payroll.receiptAmount,
    access: 'payroll:view',
    schema: {
      tags: [TAG],
      summary: '回单张数与金额合计（同列表的筛选条件）',
      querystring: ZReceiptFilters,
      data: ZReceiptAmount,
    },
    handler: (auth, { query }) => receiptAmount(app.ctx, auth, query),
  });

  route(app, {
    method: 'GET',
    url: API.payroll.receiptBatches,
    access: 'payroll:view',
    schema: {
      tags: [TAG],
      summary: '有回单的发放批次（张数、金额、最后支付时间）',
      querystring: ZReceiptBatchQuery,
      data: ZPage(ZReceiptBatch),
    },
    handler: (auth, { query }) => listReceiptBatches(app.ctx, auth, query),
  });

  route(app, {
    method: 'POST',
    url: API.payroll.receiptExport,
    access: 'payroll:view',
    audit: 'payroll.receipts.export',
    schema: {
      tags: [TAG],
      summary: '打包下载回单（到下载中心，zip）',
      body: ZReceiptFilters,
      data: ZExportJob,
    },
    targetOfResult: (job) => `export:${job.id}`,
    handler: (auth, { body }) => requestReceiptsExport(app.ctx, app.jobs, auth, body),
  });

  route(app, {
    method: 'POST',
    url: API.payroll.recordExport,
    access: 'payroll:export',
    audit: 'payroll.records.export',
    schema: {
      tags: [TAG],
      summary: '导出发放记录（到下载中心）',
      body: ZGrantRecordFilters,
      data: ZExportJob,
    },
    targetOfResult: (job) => `export:${job.id}`,
    handler: (auth, { body }) => requestRecordsExport(app.ctx, app.jobs, auth, body),
  });

  route(app, {
    method: 'POST',
    url: API.payroll.receiptVerify,
    access: 'public',
    audit: 'payroll.receipts.verify',
    schema: {
      tags: [TAG],
      summary: '回单验真（无需登录）：凭回单验证码查看回单证明的内容（脱敏）与 PDF 的 SHA-256',
      description:
        '格式不对、输错与不存在的验证码得到同一回答（40400）；每个客户端地址 10 分钟内最多核验 20 次，超出答 42900（HTTP 429）。',
      body: ZReceiptVerifyBody,
      data: ZReceiptVerification,
    },
    handler: (_auth, { body, request }) =>
      // A code may name a receipt of any company: the platform's scope, for this lookup only.
      asPlatform('回单验真: find a receipt by its verification code', async () => {
        const found = await verifyReceiptCode(app.ctx, body.code, request.ip);
        request.audit.target = `payout:${found.payoutId}`;
        return found.verification;
      }),
  });

  // Sends the PDF itself, with its own headers: registered with Fastify, not route().
  app.get(
    API.payroll.receiptPdf,
    {
      config: { access: 'payroll:view' },
      schema: { tags: [TAG], summary: '电子回单 PDF（预览与下载）', params: ZIdParams },
    },
    async (request, reply) => {
      const file = await receiptPdf(app.ctx, requireAuth(request), request.params.id);
      return reply
        .type('application/pdf')
        .header('content-length', file.body.length)
        .header('content-disposition', contentDisposition(file.fileName, 'inline'))
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );
};
