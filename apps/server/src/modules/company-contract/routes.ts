import {
  API,
  ZCompanyContract,
  ZCompanyContractDetail,
  ZContractQuery,
  ZContractServiceCompany,
  ZContractSignBody,
  ZIdParams,
  ZPage,
  ZPayCodeSent,
  ZPayMethods,
} from '@flexpay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../core/auth.ts';
import { contentDisposition } from '../../lib/content-disposition.ts';
import { route } from '../../plugins/route.ts';
import { contractPdf, getContract, listContracts, listContractServiceCompanies } from './service.ts';
import { getSignMethods, sendSignCode, signContractOnline } from './signing.ts';

const TAG = 'contract';

/** 企业合同, 合同列表, 合同详情 and the contract's PDF. */
export const contractRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, {
    method: 'GET',
    url: API.contract.serviceCompanies,
    access: 'contract:view',
    schema: {
      tags: [TAG],
      summary: '企业合同：各服务商及其合同数量',
      description: '已到期按结束日期（北京时间）计算。',
      data: z.array(ZContractServiceCompany),
    },
    handler: (auth) => listContractServiceCompanies(app.ctx, auth),
  });

  route(app, {
    method: 'GET',
    url: API.contract.page,
    access: 'contract:view',
    schema: { tags: [TAG], summary: '合同列表', querystring: ZContractQuery, data: ZPage(ZCompanyContract) },
    handler: (auth, { query }) => listContracts(app.ctx, auth, query),
  });

  route(app, {
    method: 'GET',
    url: API.contract.one,
    access: 'contract:view',
    schema: { tags: [TAG], summary: '合同详情', params: ZIdParams, data: ZCompanyContractDetail },
    handler: (auth, { params }) => getContract(app.ctx, auth, params.id),
  });

  route(app, {
    method: 'GET',
    url: API.contract.signMethods,
    access: 'contract:sign',
    schema: { tags: [TAG], summary: '在线签署的验证方式（短信、身份验证器）', data: ZPayMethods },
    handler: (auth) => getSignMethods(app.ctx, auth),
  });

  route(app, {
    method: 'POST',
    url: API.contract.signCode,
    access: 'contract:sign',
    audit: 'contract.signCode',
    schema: {
      tags: [TAG],
      summary: '发送合同签署短信验证码',
      description:
        '发送至当前管理员本人手机（60 秒一次，每日上限同 sendSms）。仅演示模式（DEMO_MODE=1）下应答带 demoCode，其他情况下为 null。',
      data: ZPayCodeSent,
    },
    handler: (auth, { request }) => sendSignCode(app.ctx, auth, request.ip),
  });

  route(app, {
    method: 'POST',
    url: API.contract.sign,
    access: 'contract:sign',
    audit: 'contract.sign',
    schema: {
      tags: [TAG],
      summary: '在线签署合同',
      description:
        '待签署且未到期的合同：以本人短信验证码或身份验证器动态码确认，PDF 后附签署页（签署人、企业、时间、原文件 SHA-256），状态变为已签署。已签署的合同再次签署时原样返回。',
      params: ZIdParams,
      body: ZContractSignBody,
      data: ZCompanyContractDetail,
    },
    target: ({ params }) => `contract:${params.id}`,
    message: '合同已签署',
    handler: (auth, { params, body, request }) => signContractOnline(app.ctx, auth, params.id, body, request.ip),
  });

  app.get(
    API.contract.pdf,
    {
      config: { access: 'contract:view' },
      schema: { tags: [TAG], summary: '合同 PDF（预览与下载）', params: ZIdParams },
    },
    async (request, reply) => {
      const { file, fileName, body } = await contractPdf(app.ctx, requireAuth(request), request.params.id);
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
