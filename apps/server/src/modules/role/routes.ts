import { Code, ZEnvelope, ZPage, ZRole, ZRoleBody, ZRoleOption, ZRoleQuery } from '@flexpay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth.ts';
import { createRole, deleteRole, getRole, listRoleOptions, listRoles, updateRole } from './service.ts';

const ZId = z.object({ id: z.coerce.number({ error: 'id 必须是数字' }).int().positive() });

/** 角色管理: roles of the session's company with their menu and element grants. */
export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/role/page',
    {
      config: { access: 'system:role' },
      schema: {
        tags: ['role'],
        summary: '角色列表',
        querystring: ZRoleQuery,
        response: { 200: ZEnvelope(ZPage(ZRole)) },
      },
    },
    async (request) => ({ status: Code.OK, data: await listRoles(app.ctx, requireAuth(request), request.query) }),
  );

  app.get(
    '/api/admin/role/options',
    {
      config: { access: 'system:admin' },
      schema: { tags: ['role'], summary: '角色选项', response: { 200: ZEnvelope(z.array(ZRoleOption)) } },
    },
    async (request) => ({ status: Code.OK, data: await listRoleOptions(app.ctx, requireAuth(request)) }),
  );

  app.get(
    '/api/admin/role/:id',
    {
      config: { access: 'system:role' },
      schema: { tags: ['role'], summary: '角色详情', params: ZId, response: { 200: ZEnvelope(ZRole) } },
    },
    async (request) => ({ status: Code.OK, data: await getRole(app.ctx, requireAuth(request), request.params.id) }),
  );

  app.post(
    '/api/admin/role',
    {
      config: { access: 'system:role', audit: 'role.create' },
      schema: { tags: ['role'], summary: '新增角色', body: ZRoleBody, response: { 200: ZEnvelope(ZRole) } },
    },
    async (request) => {
      const role = await createRole(app.ctx, requireAuth(request), request.body);
      request.audit.target = `role:${role.id}`;
      return { status: Code.OK, data: role };
    },
  );

  app.put(
    '/api/admin/role/:id',
    {
      config: { access: 'system:role', audit: 'role.update' },
      schema: {
        tags: ['role'],
        summary: '编辑角色',
        params: ZId,
        body: ZRoleBody,
        response: { 200: ZEnvelope(ZRole) },
      },
    },
    async (request) => {
      request.audit.target = `role:${request.params.id}`;
      return {
        status: Code.OK,
        data: await updateRole(app.ctx, requireAuth(request), request.params.id, request.body),
      };
    },
  );

  app.delete(
    '/api/admin/role/:id',
    {
      config: { access: 'system:role', audit: 'role.delete' },
      schema: { tags: ['role'], summary: '删除角色', params: ZId, response: { 200: ZEnvelope(z.null()) } },
    },
    async (request) => {
      request.audit.target = `role:${request.params.id}`;
      await deleteRole(app.ctx, requireAuth(request), request.params.id);
      return { status: Code.OK, data: null };
    },
  );
};
