import {
  API,
  ZCreateDepartmentBody,
  ZDepartmentLeaderBody,
  ZDepartmentNode,
  ZIdParams,
  ZLeaderOption,
  ZLeaderOptionQuery,
  ZMoveDepartmentBody,
  ZMoveWorkersBody,
  ZRenameDepartmentBody,
} from '@flexpay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { route } from '../../../plugins/route.ts';
import * as service from './service.ts';

const target = ({ params }: { params: { id: number } }) => `department:${params.id}`;
const tags = ['organization'];

/** 组织架构: the department tree, its changes, and moving workers between departments. */
export const departmentRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, {
    method: 'GET',
    url: API.organization.tree,
    access: 'org:view',
    schema: { tags, summary: '部门树（含人数）', data: z.array(ZDepartmentNode) },
    handler: (auth) => service.getDepartmentTree(app.ctx, auth),
  });
  route(app, {
    method: 'GET',
    url: API.organization.leaderOptions,
    access: 'org:edit',
    schema: {
      tags,
      summary: '可选负责人（管理员与在职员工）',
      querystring: ZLeaderOptionQuery,
      data: z.array(ZLeaderOption),
    },
    handler: (auth, { query }) => service.listLeaderOptions(app.ctx, auth, query.keyword),
  });
  route(app, {
    method: 'POST',
    url: API.organization.create,
    access: 'org:edit',
    audit: 'department.create',
    schema: { tags, summary: '新增部门', body: ZCreateDepartmentBody, data: z.object({ id: z.number() }) },
    targetOfResult: (r) => `department:${r.id}`,
    handler: (auth, { body }) => service.createDepartment(app.ctx, auth, body),
  });
  route(app, {
    method: 'PUT',
    url: API.organization.one,
    access: 'org:edit',
    audit: 'department.rename',
    schema: { tags, summary: '重命名部门', params: ZIdParams, body: ZRenameDepartmentBody, data: z.null() },
    target,
    handler: (auth, { params, body }) => service.renameDepartment(app.ctx, auth, params.id, body.name),
  });
  route(app, {
    method: 'PUT',
    url: API.organization.leader,
    access: 'org:edit',
    audit: 'department.leader',
    schema: { tags, summary: '设置部门负责人', params: ZIdParams, body: ZDepartmentLeaderBody, data: z.null() },
    target,
    handler: (auth, { params, body }) => service.setDepartmentLeader(app.ctx, auth, params.id, body),
  });
  route(app, {
    method: 'PUT',
    url: API.organization.move,
    access: 'org:edit',
    audit: 'department.move',
    schema: {
      tags,
      summary: '移动部门（调整上级或顺序）',
      params: ZIdParams,
      body: ZMoveDepartmentBody,
      data: z.null(),
    },
    target,
    handler: (auth, { params, body }) => service.moveDepartment(app.ctx, auth, params.id, body),
  });
  route(app, {
    method: 'DELETE',
    url: API.organization.one,
    access: 'org:edit',
    audit: 'department.delete',
    schema: { tags, summary: '删除部门（无下级部门与员工时）', params: ZIdParams, data: z.null() },
    target,
    handler: (auth, { params }) => service.deleteDepartment(app.ctx, auth, params.id),
  });
  route(app, {
    method: 'POST',
    url: API.organization.moveWorkers,
    access: 'org:edit',
    audit: 'department.moveWorkers',
    schema: { tags, summary: '调动员工到部门', body: ZMoveWorkersBody, data: z.object({ moved: z.number() }) },
    target: ({ body }) => `department:${body.departmentId}`,
    handler: (auth, { body }) => service.moveWorkers(app.ctx, auth, body),
  });
};
