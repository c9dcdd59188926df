import {
  API,
  ZCompanyContract,
  ZCompanyContractDetail,
  ZContractQuery,
  ZContractServiceCompany,
  ZIdParams,
  ZPage,
} from '@flexpay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../core/auth.ts';
import { contentDisposition } from '../../lib/content-disposition.ts';
import { route } from '../../plugins/route.ts';
import { contractPdf, getContract, listContracts, listContractServiceCompanies } from './service.ts';

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
