import {
  API,
  ZAgreementServiceCompany,
  ZAgreementTemplate,
  ZAgreementTemplateUploadQuery,
  ZCostRule,
  ZCostRuleBody,
  ZCostRuleParams,
  ZIdParams,
  AGREEMENT_TEMPLATE_MAX_BYTES,
} from '@flexpay/contract';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { requireOperator } from '../../core/auth.ts';
import { sendAttachment } from '../../lib/content-disposition.ts';
import { route } from '../../plugins/route.ts';
import { incomingFileOf } from '../file/incoming.ts';
import {
  listAgreementServiceCompanies,
  listAgreementTemplates,
  openAgreementTemplate,
  uploadAgreementTemplate,
} from './agreements.ts';
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

  route(app, {
    method: 'GET',
    url: API.ops.agreementServiceCompanies,
    access: 'operator',
    schema: { tags: ['ops'], summary: '各服务商的协议模板', data: z.array(ZAgreementServiceCompany) },
    handler: () => listAgreementServiceCompanies(app.ctx),
  });

  route(app, {
    method: 'GET',
    url: API.ops.agreementTemplates,
    access: 'operator',
    schema: {
      tags: ['ops'],
      summary: '服务商协议模板（各版本，新在前）',
      params: ZIdParams,
      data: z.array(ZAgreementTemplate),
    },
    handler: (_op, { params }) => listAgreementTemplates(app.ctx, params.id),
  });

  route(app, {
    method: 'POST',
    url: API.ops.agreementTemplates,
    access: 'operator',
    audit: 'ops.agreementTemplate.upload',
    schema: {
      tags: ['ops'],
      summary: '上传协议模板新版本（multipart 字段 file，仅 PDF，最大 10 MB）',
      consumes: ['multipart/form-data'],
      params: ZIdParams,
      querystring: ZAgreementTemplateUploadQuery,
      data: ZAgreementTemplate,
    },
    message: '协议模板已上传',
    target: ({ params }) => `serviceCompany:${params.id}`,
    handler: async (op, { params, query, request }) =>
      uploadAgreementTemplate(
        app.ctx,
        op,
        params.id,
        query,
        await incomingFileOf(request, AGREEMENT_TEMPLATE_MAX_BYTES),
      ),
  });

  // The template's PDF: a file, not the envelope.
  app.get(
    API.ops.agreementTemplatePdf,
    { config: { access: 'operator' }, schema: { tags: ['ops'], summary: '下载协议模板', params: ZIdParams } },
    async (request, reply) => {
      requireOperator(request);
      const { id } = ZIdParams.parse(request.params);
      const t = await openAgreementTemplate(app.ctx, app.db, id);
      return sendAttachment(reply, {
        fileName: t.row.fileName,
        size: t.row.size,
        contentType: 'application/pdf',
        body: t.body(),
      });
    },
  );
};
