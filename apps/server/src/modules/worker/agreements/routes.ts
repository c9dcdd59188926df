import {
  API,
  ZAgreementParams,
  ZAgreementSendBody,
  ZAgreementSendResult,
  ZIdParams,
  ZWorkerAgreement,
} from '@flexpay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../../core/auth.ts';
import { sendAttachment } from '../../../lib/content-disposition.ts';
import { route } from '../../../plugins/route.ts';
import * as service from './service.ts';

/** 签约: 发起签约 (a job), a worker's agreements and a signed PDF. */
export const agreementRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, {
    method: 'POST',
    url: API.worker.agreementSend,
    access: 'employee:sign',
    audit: 'worker.agreement.send',
    schema: {
      tags: ['worker'],
      summary: '发起签约（一人、勾选或按筛选条件，后台发送）',
      body: ZAgreementSendBody,
      data: ZAgreementSendResult,
    },
    message: '已提交签约，短信将在后台发送',
    target: ({ body }) => `serviceCompany:${body.serviceCompanyId}`,
    handler: (auth, { body }) =>
      service.requestSigning(app.ctx, auth, body, (job) => app.jobs.send(service.AGREEMENT_SEND_JOB, job)),
  });

  route(app, {
    method: 'GET',
    url: API.worker.agreements,
    access: 'employee:view',
    schema: { tags: ['worker'], summary: '员工签约记录', params: ZIdParams, data: z.array(ZWorkerAgreement) },
    handler: (auth, { params }) => service.listAgreements(app.ctx, auth, params.id),
  });

  // The signed PDF: a file, not the envelope.
  app.get(
    API.worker.agreementPdf,
    {
      config: { access: 'employee:view' },
      schema: { tags: ['worker'], summary: '下载已签署协议', params: ZAgreementParams },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { id, agreementId } = ZAgreementParams.parse(request.params);
      const { file, body } = await service.openSignedPdf(app.ctx, auth, id, agreementId);
      return sendAttachment(reply, { fileName: file.name, size: file.size, contentType: file.contentType, body });
    },
  );
};
