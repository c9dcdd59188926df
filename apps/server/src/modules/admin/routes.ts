import {
  API,
  ZAdminQuery,
  ZAdminRow,
  ZAdminStatusBody,
  ZCreateAdminBody,
  ZIdParams,
  ZPage,
  ZResetPasswordBody,
  ZUpdateAdminBody,
} from '@flexpay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { route } from '../../plugins/route.ts';
import { createAdmin, getAdmin, listAdmins, resetAdminPassword, setAdminStatus, updateAdmin } from './service.ts';

const tags = ['admin'];
const adminTarget = ({ params }: { params: { id: number } }) => `admin:${params.id}`;

/** 管理员管理: the admins of the session's company. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, {
    method: 'GET',
    url: API.admin.page,
    access: 'system:admin',
    schema: { tags, summary: '管理员列表', querystring: ZAdminQuery, data: ZPage(ZAdminRow) },
    handler: (auth, { query }) => listAdmins(app.ctx, auth, query),
  });

  route(app, {
    method: 'GET',
    url: API.admin.one,
    access: 'system:admin',
    schema: { tags, summary: '管理员详情', params: ZIdParams, data: ZAdminRow },
    handler: (auth, { params }) => getAdmin(app.ctx, auth, params.id),
  });

  route(app, {
    method: 'POST',
    url: API.admin.create,
    access: 'system:admin',
    audit: 'admin.create',
    schema: { tags, summary: '添加管理员', body: ZCreateAdminBody, data: ZAdminRow },
    targetOfResult: (row) => `admin:${row.id}`,
    handler: (auth, { body }) => createAdmin(app.ctx, auth, body),
  });

  route(app, {
    method: 'PUT',
    url: API.admin.one,
    access: 'system:admin',
    audit: 'admin.update',
    schema: { tags, summary: '编辑管理员', params: ZIdParams, body: ZUpdateAdminBody, data: ZAdminRow },
    target: adminTarget,
    handler: (auth, { params, body }) => updateAdmin(app.ctx, auth, params.id, body),
  });

  route(app, {
    method: 'PUT',
    url: API.admin.status,
    access: 'system:admin',
    audit: 'admin.status',
    schema: { tags, summary: '启用或停用管理员', params: ZIdParams, body: ZAdminStatusBody, data: z.null() },
    target: adminTarget,
    handler: async (auth, { params, body, request }) => {
      request.audit.detail = { status: body.status };
      await setAdminStatus(app.ctx, auth, params.id, body.status);
      return null;
    },
  });

  route(app, {
    method: 'PUT',
    url: API.admin.password,
    access: 'system:admin',
    audit: 'admin.resetPassword',
    schema: { tags, summary: '重置管理员密码', params: ZIdParams, body: ZResetPasswordBody, data: z.null() },
    target: adminTarget,
    handler: async (auth, { params, body }) => {
      await resetAdminPassword(app.ctx, auth, params.id, body.password);
      return null;
    },
  });
};
