import {
  API,
  CONTRACT_TRANSITIONS,
  ZCompanyContract,
  ZCompanyContractDetail,
  ZContractCreateBody,
  ZContractTerminateBody,
  ZContractUploadQuery,
  ZIdParams,
  ZOpsContractQuery,
  ZPage,
  ZUploadedFile,
} from '@flexpay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireOperator } from '../../core/auth.ts';
import { contentDisposition } from '../../lib/content-disposition.ts';
import { route } from '../../plugins/route.ts';
import { incomingFileOf } from '../file/incoming.ts';
import {
  CONTRACT_PDF_MAX_BYTES,
  createContract,
  getOpsContract,
  listOpsContracts,
  opsContractPdf,
  signContract,
  terminateContract,
  uploadContractPdf,
} from './service.ts';

const TAG = 'ops';
const target = ({ params }: { params: { id: number } }) => `contract:${params.id}`;

/** 合同管理 at /ops: every company's contracts, upload, 标记已签署, 终止. */
export const opsContractRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, {
    method: 'GET',
    url: API.ops.contractPage,
    access: 'operator',
    schema: {
      tags: [TAG],
      summary: '合同列表（各企业）',
      querystring: ZOpsContractQuery,
      data: ZPage(ZCompanyContract),
    },
    handler: (_op, { query }) => listOpsContracts(app.ctx, query),
  });

  route(app, {
    method: 'GET',
    url: API.ops.contractOne,
    access: 'operator',
    schema: { tags: [TAG], summary: '合同详情', params: ZIdParams, data: ZCompanyContractDetail },
    handler: (_op, { params }) => getOpsContract(app.ctx, params.id),
  });

  route(app, {
    method: 'POST',
    url: API.ops.contractUpload,
    access: 'operator',
    audit: 'ops.contract.upload',
    schema: {
      tags: [TAG],
      summary: '上传合同 PDF（multipart 字段 file，仅 PDF，最大 10 MB）',
      description: '上传后以返回的文件 id 新增合同；未用于合同的文件一天后删除。',
      consumes: ['multipart/form-data'],
      querystring: ZContractUploadQuery,
      data: ZUploadedFile,
    },
    target: ({ query }) => `company:${query.companyId}`,
    handler: async (op, { query, request }) =>
      uploadContractPdf(app.ctx, op, query.companyId, await incomingFileOf(request, CONTRACT_PDF_MAX_BYTES)),
  });

  route(app, {
    method: 'POST',
    url: API.ops.contractCreate,
    access: 'operator',
    audit: 'ops.contract.create',
    schema: { tags: [TAG], summary: '新增合同', body: ZContractCreateBody, data: ZCompanyContractDetail },
    message: '合同已上传',
    targetOfResult: (c) => `contract:${c.id}`,
    handler: (op, { body }) => createContract(app.ctx, op, body),
  });

  route(app, {
    method: 'POST',
    url: API.ops.contractSign,
    access: 'operator',
    audit: CONTRACT_TRANSITIONS.sign.audit,
    schema: { tags: [TAG], summary: '标记已签署（待签署 → 已签署）', params: ZIdParams, data: ZCompanyContractDetail },
    message: '已标记为已签署',
    target,
    handler: (op, { params }) => signContract(app.ctx, op, params.id),
  });

  route(app, {
    method: 'POST',
    url: API.ops.contractTerminate,
    access: 'operator',
    audit: CONTRACT_TRANSITIONS.terminate.audit,
    schema: {
      tags: [TAG],
      summary: '终止（待签署、已签署 → 已终止）',
      params: ZIdParams,
      body: ZContractTerminateBody,
      data: ZCompanyContractDetail,
    },
    message: '合同已终止',
    target,
    handler: (op, { params, body }) => terminateContract(app.ctx, op, params.id, body.reason),
  });

  app.get(
    API.ops.contractPdf,
    { config: { access: 'operator' }, schema: { tags: [TAG], summary: '合同 PDF', params: ZIdParams } },
    async (request, reply) => {
      requireOperator(request);
      const { file, fileName, body } = await opsContractPdf(app.ctx, request.params.id);
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
