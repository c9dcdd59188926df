import { API, ZIdParams, ZInvoiceInfo, ZInvoiceInfoBody } from '@flexpay/contract';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { route } from '../../../plugins/route.ts';
import { createInfo, deleteInfo, getDefaultInfo, listInfos, setDefaultInfo, updateInfo } from './service.ts';

const TAG = 'invoice';
const target = ({ params }: { params: { id: number } }) => `invoiceInfo:${params.id}`;

/** 开票信息: list, the default (the spec's call), create, edit, delete, 设为默认. */
export const invoiceInfoRoutes: FastifyPluginAsync = async (app) => {
  route(app, {
    method: 'GET',
    url: API.invoice.infoList,
    access: 'invoice:view',
    schema: { tags: [TAG], summary: '开票信息列表（默认在前）', data: z.array(ZInvoiceInfo) },
    handler: (auth) => listInfos(app.ctx, auth),
  });

  route(app, {
    method: 'GET',
    url: API.invoice.infoDefault,
    access: 'invoice:view',
    schema: { tags: [TAG], summary: '默认开票信息（没有时为 null）', data: ZInvoiceInfo.nullable() },
    handler: (auth) => getDefaultInfo(app.ctx, auth),
  });

  route(app, {
    method: 'POST',
    url: API.invoice.infoCreate,
    access: 'invoice:edit',
    audit: 'invoice.info.create',
    schema: {
      tags: [TAG],
      summary: '新增开票信息',
      description: '纳税人识别号为 18 位统一社会信用代码（校验码检查）；第一条自动设为默认。',
      body: ZInvoiceInfoBody,
      data: ZInvoiceInfo,
    },
    message: '开票信息已保存',
    targetOfResult: (i) => `invoiceInfo:${i.id}`,
    handler: (auth, { body }) => createInfo(app.ctx, auth, body),
  });

  route(app, {
    method: 'PUT',
    url: API.invoice.infoOne,
    access: 'invoice:edit',
    audit: 'invoice.info.update',
    schema: { tags: [TAG], summary: '编辑开票信息', params: ZIdParams, body: ZInvoiceInfoBody, data: ZInvoiceInfo },
    message: '开票信息已保存',
    target,
    handler: (auth, { params, body }) => updateInfo(app.ctx, auth, params.id, body),
  });

  route(app, {
    method: 'DELETE',
    url: API.invoice.infoOne,
    access: 'invoice:edit',
    audit: 'invoice.info.delete',
    schema: {
      tags: [TAG],
      summary: '删除开票信息',
      description: '默认开票信息在还有其他信息时不能删除；已提交的申请保留申请时的开票信息。',
      params: ZIdParams,
      data: z.null(),
    },
    message: '开票信息已删除',
    target,
    handler: (auth, { params }) => deleteInfo(app.ctx, auth, params.id),
  });

  route(app, {
    method: 'POST',
    url: API.invoice.infoSetDefault,
    access: 'invoice:edit',
    audit: 'invoice.info.default',
    schema: { tags: [TAG], summary: '设为默认开票信息', params: ZIdParams, data: ZInvoiceInfo },
    message: '已设为默认',
    target,
    handler: (auth, { params }) => setDefaultInfo(app.ctx, auth, params.id),
  });
};
