import {
  API,
  ZApprovalDecisionBody,
  ZApprovalFlow,
  ZApprovalFlowBody,
  ZApprovalFlowOptions,
  ZApprovalRejectBody,
  ZApprovalRequest,
  ZApprovalTypeParams,
  ZIdParams,
} from '@flexpay/contract';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { route } from '../../plugins/route.ts';
import { decide, getFlow, getFlowOptions, getRequest, listPendingForMe, saveFlow } from './service.ts';

/** 审批管理: each type's flow, 待我审批, and the decisions at each step. */
export const approvalRoutes: FastifyPluginAsync = async (app) => {
  route(app, {
    method: 'GET',
    url: API.approval.flow,
    access: 'system:approval',
    schema: { tags: ['approval'], summary: '审批流程（按类型）', params: ZApprovalTypeParams, data: ZApprovalFlow },
    handler: (auth, { params }) => getFlow(app.ctx, auth.companyId, params.type),
  });

  route(app, {
    method: 'PUT',
    url: API.approval.flow,
    access: 'system:approval',
    audit: 'approval.flow',
    schema: {
      tags: ['approval'],
      summary: '保存审批流程',
      description: '金额不低于门槛（分）的申请依次经过各步骤；每一步为一个角色或指定管理员，任一人或所有人审批。',
      params: ZApprovalTypeParams,
      body: ZApprovalFlowBody,
      data: ZApprovalFlow,
    },
    target: ({ params }) => `approvalFlow:${params.type}`,
    message: '审批流程已保存',
    handler: (auth, { params, body }) => saveFlow(app.ctx, auth, params.type, body),
  });

  route(app, {
    method: 'GET',
    url: API.approval.flowOptions,
    access: 'system:approval',
    schema: { tags: ['approval'], summary: '审批流程可选的角色与管理员', data: ZApprovalFlowOptions },
    handler: (auth) => getFlowOptions(app.ctx, auth.companyId),
  });

  route(app, {
    method: 'GET',
    url: API.approval.pending,
    access: 'session',
    schema: { tags: ['approval'], summary: '待我审批', data: z.array(ZApprovalRequest) },
    handler: (auth) => listPendingForMe(app.ctx, auth),
  });

  route(app, {
    method: 'GET',
    url: API.approval.pendingCount,
    access: 'session',
    schema: { tags: ['approval'], summary: '待我审批的数量', data: z.object({ count: z.number().int() }) },
    handler: async (auth) => ({ count: (await listPendingForMe(app.ctx, auth)).length }),
  });

  route(app, {
    method: 'GET',
    url: API.approval.one,
    access: 'session',
    schema: { tags: ['approval'], summary: '审批详情与历史', params: ZIdParams, data: ZApprovalRequest },
    handler: (auth, { params }) => getRequest(app.ctx, auth, params.id),
  });

  route(app, {
    method: 'POST',
    url: API.approval.approve,
    access: 'session',
    audit: 'approval.approve',
    schema: {
      tags: ['approval'],
      summary: '审批同意',
      description: '只有当前步骤的审批人可以审批；发起人不能审批自己的申请。',
      params: ZIdParams,
      body: ZApprovalDecisionBody,
      data: ZApprovalRequest,
    },
    target: ({ params }) => `approval:${params.id}`,
    handler: (auth, { params, body }) => decide(app.ctx, auth, params.id, 'approve', body.comment),
  });

  route(app, {
    method: 'POST',
    url: API.approval.reject,
    access: 'session',
    audit: 'approval.reject',
    schema: {
      tags: ['approval'],
      summary: '审批驳回',
      params: ZIdParams,
      body: ZApprovalRejectBody,
      data: ZApprovalRequest,
    },
    target: ({ params }) => `approval:${params.id}`,
    handler: (auth, { params, body }) => decide(app.ctx, auth, params.id, 'reject', body.comment),
  });
};
