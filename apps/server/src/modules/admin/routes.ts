import {
  Code,
  ZAdminQuery,
  ZAdminRow,
  ZAdminStatusBody,
  ZCreateAdminBody,
  ZEnvelope,
  ZPage,
  ZResetPasswordBody,
  ZUpdateAdminBody,
} from '@flexpay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth.ts';
import { createAdmin, getAdmin, listAdmins, resetAdminPassword, setAdminStatus, updateAdmin } from './service.ts';

const ZId = z.object({ id: z.coerce.number({ error: 'id 必须是数字' }).int().positive() });
const ZOk = ZEnvelope(z.null());

/** 管理员管理: the admins of the session's company. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/user/page',
    {
      config: { access: 'system:admin' },
      schema: {
        tags: ['admin'],
        summary: '管理员列表',
        querystring: ZAdminQuery,
        response: { 200: ZEnvelope(ZPage(ZAdminRow)) },
      },
    },
    async (request) => ({ status: Code.OK, data: await listAdmins(app.ctx, requireAuth(request), request.query) }),
  );

  app.get(
    '/api/admin/user/:id',
    {
      config: { access: 'system:admin' },
      schema: { tags: ['admin'], summary: '管理员详情', params: ZId, response: { 200: ZEnvelope(ZAdminRow) } },
    },
    async (request) => ({ status: Code.OK, data: await getAdmin(app.ctx, requireAuth(request), request.params.id) }),
  );

  app.post(
    '/api/admin/user',
    {
      config: { access: 'system:admin', audit: 'admin.create' },
      schema: {
        tags: ['admin'],
        summary: '添加管理员',
        body: ZCreateAdminBody,
        response: { 200: ZEnvelope(ZAdminRow) },
      },
    },
    async (request) => {
      const row = await createAdmin(app.ctx, requireAuth(request), request.body);
      request.audit.target = `admin:${row.id}`;
      return { status: Code.OK, data: row };
    },
  );

  app.put(
    '/api/admin/user/:id',
    {
      config: { access: 'system:admin', audit: 'admin.update' },
      schema: {
        tags: ['admin'],
        summary: '编辑管理员',
        params: ZId,
        body: ZUpdateAdminBody,
        response: { 200: ZEnvelope(ZAdminRow) },
      },
    },
    async (request) => {
      request.audit.target = `admin:${request.params.id}`;
      return {
        status: Code.OK,
        data: await updateAdmin(app.ctx, requireAuth(request), request.params.id, request.body),
      };
    },
  );

  app.put(
    '/api/admin/user/:id/status',
    {
      config: { access: 'system:admin', audit: 'admin.status' },
      schema: {
        tags: ['admin'],
        summary: '启用或停用管理员',
        params: ZId,
        body: ZAdminStatusBody,
        response: { 200: ZOk },
      },
    },
    async (request) => {
      request.audit.target = `admin:${request.params.id}`;
      request.audit.detail = { status: request.body.status };
      await setAdminStatus(app.ctx, requireAuth(request), request.params.id, request.body.status);
      return { status: Code.OK, data: null };
    },
  );

  app.put(
    '/api/admin/user/:id/password',
    {
      config: { access: 'system:admin', audit: 'admin.resetPassword' },
      schema: {
        tags: ['admin'],
        summary: '重置管理员密码',
        params: ZId,
        body: ZResetPasswordBody,
        response: { 200: ZOk },
      },
    },
    async (request) => {
      request.audit.target = `admin:${request.params.id}`;
      await resetAdminPassword(app.ctx, requireAuth(request), request.params.id, request.body.password);
      return { status: Code.OK, data: null };
    },
  );
};
