import { API, ZIdParams, ZPage, ZRole, ZRoleBody, ZRoleOption, ZRoleQuery } from '@flexpay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { route } from '../../plugins/route.ts';
import { createRole, deleteRole, getRole, listRoleOptions, listRoles, updateRole } from './service.ts';

const tags = ['role'];
const roleTarget = ({ params }: { params: { id: number } }) => `role:${params.id}`;

/** 角色管理: roles of the session's company with their menu and element grants. */
export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, {
    method: 'GET',
    url: API.role.page,
    access: 'system:role',
    schema: { tags, summary: '角色列表', querystring: ZRoleQuery, data: ZPage(ZRole) },
    handler: (auth, { query }) => listRoles(app.ctx, auth, query),
  });

  route(app, {
    method: 'GET',
    url: API.role.options,
    access: 'system:admin',
    schema: { tags, summary: '角色选项', data: z.array(ZRoleOption) },
    handler: (auth) => listRoleOptions(app.ctx, auth),
  });

  route(app, {
    method: 'GET',
    url: API.role.one,
    access: 'system:role',
    schema: { tags, summary: '角色详情', params: ZIdParams, data: ZRole },
    handler: (auth, { params }) => getRole(app.ctx, auth, params.id),
  });

  route(app, {
    method: 'POST',
    url: API.role.create,
    access: 'system:role',
    audit: 'role.create',
    schema: { tags, summary: '新增角色', body: ZRoleBody, data: ZRole },
    targetOfResult: (role) => `role:${role.id}`,
    handler: (auth, { body }) => createRole(app.ctx, auth, body),
  });

  route(app, {
    method: 'PUT',
    url: API.role.one,
    access: 'system:role',
    audit: 'role.update',
    schema: { tags, summary: '编辑角色', params: ZIdParams, body: ZRoleBody, data: ZRole },
    target: roleTarget,
    handler: (auth, { params, body }) => updateRole(app.ctx, auth, params.id, body),
  });

  route(app, {
    method: 'DELETE',
    url: API.role.one,
    access: 'system:role',
    audit: 'role.delete',
    schema: { tags, summary: '删除角色', params: ZIdParams, data: z.null() },
    target: roleTarget,
    handler: async (auth, { params }) => {
      await deleteRole(app.ctx, auth, params.id);
      return null;
    },
  });
};
