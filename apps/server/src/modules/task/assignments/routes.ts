import {
  API,
  ASSIGNMENT_TRANSITIONS,
  ZAnswerBody,
  ZAssignBody,
  ZAssignment,
  ZAssignmentAmountBody,
  ZAssignmentDetail,
  ZAssignmentQuery,
  ZAssignResult,
  ZBulkAnswerBody,
  ZBulkResult,
  ZBulkReviewBody,
  ZDeliveryBody,
  ZIdParams,
  ZPage,
  ZReviewBody,
  ZTaskCenterCounts,
  ZTaskCenterQuery,
} from '@flexpay/contract';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { route } from '../../../plugins/route.ts';
import { assignWorkers, previewAssign } from './picking.ts';
import {
  countQueues,
  deliver,
  getAssignment,
  listAssignments,
  listQueue,
  recordAnswers,
  removeAssignment,
  reviewDelivery,
  reviewMany,
  setAgreedAmount,
} from './service.ts';

const TAG = 'task';
const T = ASSIGNMENT_TRANSITIONS;

/** 选择人员, a task's workers, answers, 上传成果, 验收, and 任务中心. */
export const assignmentRoutes: FastifyPluginAsync = async (app) => {
  route(app, {
    method: 'GET',
    url: API.task.assignments,
    access: 'task:view',
    schema: {
      tags: [TAG],
      summary: '任务的人员列表',
      params: ZIdParams,
      querystring: ZAssignmentQuery,
      data: ZPage(ZAssignment),
    },
    handler: (auth, { params, query }) => listAssignments(app.ctx, auth, params.id, query),
  });

  route(app, {
    method: 'POST',
    url: API.task.assignPreview,
    access: 'task:assign',
    audit: false,
    schema: {
      tags: [TAG],
      summary: '选择人员：预览将添加的人数',
      params: ZIdParams,
      body: ZAssignBody,
      data: ZAssignResult,
    },
    handler: (auth, { params, body }) => previewAssign(app.ctx, auth, params.id, body),
  });

  route(app, {
    method: 'POST',
    url: API.task.assign,
    access: 'task:assign',
    audit: 'task.assign',
    schema: {
      tags: [TAG],
      summary: '选择人员：按 id 或按员工列表的筛选条件（全部符合条件）添加',
      description: '只添加本企业在职且尚未在该任务中的员工；超出招募人数或预算时整体拒绝。',
      params: ZIdParams,
      body: ZAssignBody,
      data: ZAssignResult,
    },
    message: (r) => `已添加 ${r.assigned} 人`,
    target: ({ params }) => `task:${params.id}`,
    handler: (auth, { params, body }) => assignWorkers(app.ctx, auth, params.id, body),
  });

  route(app, {
    method: 'GET',
    url: API.task.assignment,
    access: 'task:view',
    schema: { tags: [TAG], summary: '任务人员详情（含每一轮成果）', params: ZIdParams, data: ZAssignmentDetail },
    handler: (auth, { params }) => getAssignment(app.ctx, auth, params.id),
  });

  route(app, {
    method: 'DELETE',
    url: API.task.assignment,
    access: T.remove.element,
    audit: T.remove.audit,
    schema: { tags: [TAG], summary: '移除待接单的人员', params: ZIdParams, data: z.null() },
    message: '已移除',
    target: ({ params }) => `taskAssignment:${params.id}`,
    handler: (auth, { params }) => removeAssignment(app.ctx, auth, params.id),
  });

  route(app, {
    method: 'PUT',
    url: API.task.assignmentAmount,
    access: 'task:assign',
    audit: 'task.assignmentAmount',
    schema: {
      tags: [TAG],
      summary: '修改约定金额（提交成果之前）',
      params: ZIdParams,
      body: ZAssignmentAmountBody,
      data: ZAssignment,
    },
    message: '约定金额已修改',
    target: ({ params }) => `taskAssignment:${params.id}`,
    handler: (auth, { params, body }) => setAgreedAmount(app.ctx, auth, params.id, body.agreedFen),
  });

  route(app, {
    method: 'POST',
    url: API.task.answer,
    access: T.accept.element,
    audit: T.accept.audit,
    schema: {
      tags: [TAG],
      summary: '记录员工的答复：接单，或拒绝（移除）',
      params: ZIdParams,
      body: ZAnswerBody,
      data: ZBulkResult,
    },
    message: '已记录',
    target: ({ params }) => `taskAssignment:${params.id}`,
    handler: async (auth, { params, body }) => ({
      count: await recordAnswers(app.ctx, auth, [params.id], body.accept),
    }),
  });

  route(app, {
    method: 'POST',
    url: API.task.deliver,
    access: T.submit.element,
    audit: T.submit.audit,
    schema: {
      tags: [TAG],
      summary: '上传成果（已驳回后重新提交）',
      description: '成果文件为本企业通过通用上传接口上传的文件。',
      params: ZIdParams,
      body: ZDeliveryBody,
      data: ZAssignmentDetail,
    },
    message: '成果已提交',
    target: ({ params }) => `taskAssignment:${params.id}`,
    handler: (auth, { params, body }) => deliver(app.ctx, auth, params.id, body),
  });

  route(app, {
    method: 'POST',
    url: API.task.review,
    access: T.pass.element,
    audit: T.pass.audit,
    schema: {
      tags: [TAG],
      summary: '验收成果：通过或驳回',
      params: ZIdParams,
      body: ZReviewBody,
      data: ZAssignmentDetail,
    },
    message: (a) => (a.status === 'passed' ? '验收通过' : '已驳回'),
    target: ({ params }) => `taskDelivery:${params.id}`,
    handler: (auth, { params, body }) => reviewDelivery(app.ctx, auth, params.id, body),
  });

  route(app, {
    method: 'GET',
    url: API.task.centerPage,
    access: 'task:view',
    schema: {
      tags: [TAG],
      summary: '任务中心：待验收的成果或待接单的人员（跨任务）',
      querystring: ZTaskCenterQuery,
      data: ZPage(ZAssignment),
    },
    handler: (auth, { query }) => listQueue(app.ctx, auth, query),
  });

  route(app, {
    method: 'GET',
    url: API.task.centerCounts,
    access: 'task:view',
    schema: { tags: [TAG], summary: '任务中心：两类待办的数量', data: ZTaskCenterCounts },
    handler: (auth) => countQueues(app.ctx, auth),
  });

  route(app, {
    method: 'POST',
    url: API.task.centerAnswer,
    access: T.accept.element,
    audit: T.accept.audit,
    schema: { tags: [TAG], summary: '任务中心：批量记录接单或拒绝', body: ZBulkAnswerBody, data: ZBulkResult },
    message: (r) => `已记录 ${r.count} 人`,
    handler: async (auth, { body }) => ({
      count: await recordAnswers(app.ctx, auth, body.assignmentIds, body.accept),
    }),
  });

  route(app, {
    method: 'POST',
    url: API.task.centerReview,
    access: T.pass.element,
    audit: T.pass.audit,
    schema: { tags: [TAG], summary: '任务中心：批量验收最新一轮成果', body: ZBulkReviewBody, data: ZBulkResult },
    message: (r) => `已验收 ${r.count} 份成果`,
    handler: async (auth, { body }) => ({
      count: await reviewMany(app.ctx, auth, body.assignmentIds, body.pass, body.reason),
    }),
  });
};
