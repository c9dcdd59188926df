import {
  API,
  TASK_STATUS_LABELS,
  TASK_TRANSITIONS,
  ZIdParams,
  ZPage,
  ZTaskBody,
  ZTaskCancelBody,
  ZTaskDetail,
  ZTaskQuery,
  ZTaskRow,
  ZTaskStatusCount,
  type TTaskAction,
} from '@flexpay/contract';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { route } from '../../../plugins/route.ts';
import { countTasks, createTask, getTask, listTasks, moveTask, updateTask } from './service.ts';

const TAG = 'task';
const target = ({ params }: { params: { id: number } }) => `task:${params.id}`;

/** 企业任务列表, 发布需求, 编辑任务, 任务详情 and the task's transitions. */
export const taskOrderRoutes: FastifyPluginAsync = async (app) => {
  route(app, {
    method: 'GET',
    url: API.task.page,
    access: 'task:view',
    schema: { tags: [TAG], summary: '企业任务列表', querystring: ZTaskQuery, data: ZPage(ZTaskRow) },
    handler: (auth, { query }) => listTasks(app.ctx, auth, query),
  });

  route(app, {
    method: 'GET',
    url: API.task.statusCounts,
    access: 'task:view',
    schema: { tags: [TAG], summary: '各状态的任务数', data: z.array(ZTaskStatusCount) },
    handler: (auth) => countTasks(app.ctx, auth),
  });

  route(app, {
    method: 'POST',
    url: API.task.create,
    access: 'task:edit',
    audit: 'task.create',
    schema: {
      tags: [TAG],
      summary: '发布需求：新建任务（草稿）',
      description: '发布是单独的操作（task:publish）。附件为本企业通过通用上传接口上传的文件。',
      body: ZTaskBody,
      data: ZTaskDetail,
    },
    message: '任务已保存',
    targetOfResult: (t) => `task:${t.id}`,
    handler: (auth, { body }) => createTask(app.ctx, auth, body),
  });

  route(app, {
    method: 'GET',
    url: API.task.one,
    access: 'task:view',
    schema: { tags: [TAG], summary: '任务详情', params: ZIdParams, data: ZTaskDetail },
    handler: (auth, { params }) => getTask(app.ctx, auth, params.id),
  });

  route(app, {
    method: 'PUT',
    url: API.task.one,
    access: 'task:edit',
    audit: 'task.update',
    schema: {
      tags: [TAG],
      summary: '编辑任务',
      description: '已有人员后只能修改不影响已约定人员的字段（见详情的 lockedFields）。',
      params: ZIdParams,
      body: ZTaskBody,
      data: ZTaskDetail,
    },
    message: '任务已保存',
    target,
    handler: (auth, { params, body }) => updateTask(app.ctx, auth, params.id, body),
  });

  const transitions: [TTaskAction, string, string][] = [
    ['publish', API.task.publish, '任务已发布'],
    ['start', API.task.start, '任务已开始执行'],
    ['finish', API.task.finish, '任务已进入验收'],
    ['complete', API.task.complete, '任务已完成'],
  ];
  for (const [action, url, message] of transitions) {
    const t = TASK_TRANSITIONS[action];
    route(app, {
      method: 'POST',
      url,
      access: t.element,
      audit: t.audit,
      schema: {
        tags: [TAG],
        summary: `${t.label}（${t.from.map((s) => TASK_STATUS_LABELS[s]).join('、')} → ${TASK_STATUS_LABELS[t.to ?? 'draft']}）`,
        params: ZIdParams,
        data: ZTaskDetail,
      },
      message,
      target,
      handler: (auth, { params }) => moveTask(app.ctx, auth, params.id, action),
    });
  }

  route(app, {
    method: 'POST',
    url: API.task.cancel,
    access: TASK_TRANSITIONS.cancel.element,
    audit: TASK_TRANSITIONS.cancel.audit,
    schema: {
      tags: [TAG],
      summary: '取消任务',
      description: '草稿、已发布、进行中的任务，且没有已提交或验收通过的成果。',
      params: ZIdParams,
      body: ZTaskCancelBody,
      data: ZTaskDetail,
    },
    message: '任务已取消',
    target,
    handler: (auth, { params, body }) => moveTask(app.ctx, auth, params.id, 'cancel', body.reason),
  });
};
