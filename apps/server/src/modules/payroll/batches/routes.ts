import {
  API,
  PAYROLL_EDITABLE_STATUSES,
  ZApprovalPreview,
  ZIdParams,
  ZPage,
  ZPayrollBatch,
  ZPayrollBatchBody,
  ZPayrollBatchDetail,
  ZPayrollBatchQuery,
  ZPayrollCancelBody,
  ZPayrollItem,
  ZPayrollItemBody,
  ZPayrollItemIdsBody,
  ZPayrollItemQuery,
  ZPayrollPickBody,
  ZPayrollStatusCount,
} from '@flexpay/contract';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { route } from '../../../plugins/route.ts';
import { checkBatch } from './check.ts';
import {
  addPickedItems,
  countByStatus,
  createBatch,
  getBatchDetail,
  itemsByIds,
  listBatches,
  listItems,
  removeItem,
  updateItem,
} from './service.ts';
import { cancelBatch, previewSubmit, submitBatch, withdrawBatch } from './submission.ts';

const TAG = 'payroll';

/** 薪酬发放: batches, their items (sheet or picked workers), the check, submission, cancellation. */
export const payrollRoutes: FastifyPluginAsync = async (app) => {
  route(app, {
    method: 'GET',
    url: API.payroll.page,
    access: 'payroll:view',
    schema: {
      tags: [TAG],
      summary: '发放批次列表',
      querystring: ZPayrollBatchQuery,
      data: ZPage(ZPayrollBatch),
    },
    handler: (auth, { query }) => listBatches(app.ctx, auth, query),
  });

  route(app, {
    method: 'GET',
    url: API.payroll.checkPage,
    access: 'payroll:check',
    schema: {
      tags: [TAG],
      summary: '待核对的批次（草稿、核对中、待确认）',
      querystring: ZPayrollBatchQuery,
      data: ZPage(ZPayrollBatch),
    },
    handler: (auth, { query }) => listBatches(app.ctx, auth, query, PAYROLL_EDITABLE_STATUSES),
  });

  route(app, {
    method: 'GET',
    url: API.payroll.statusCounts,
    access: 'payroll:view',
    schema: { tags: [TAG], summary: '各状态的批次数与金额', data: z.array(ZPayrollStatusCount) },
    handler: (auth) => countByStatus(app.ctx, auth),
  });

  route(app, {
    method: 'POST',
    url: API.payroll.create,
    access: 'payroll:create',
    audit: 'payroll.create',
    schema: {
      tags: [TAG],
      summary: '新建发放批次（草稿）',
      description: '再通过表格导入或选择员工添加发放明细，然后核对。',
      body: ZPayrollBatchBody,
      data: ZPayrollBatch,
    },
    message: '发放批次已创建',
    targetOfResult: (b) => `payrollBatch:${b.id}`,
    handler: (auth, { body }) => createBatch(app.ctx, auth, body),
  });

  route(app, {
    method: 'GET',
    url: API.payroll.one,
    access: 'payroll:view',
    schema: { tags: [TAG], summary: '发放详情（含审批记录）', params: ZIdParams, data: ZPayrollBatchDetail },
    handler: (auth, { params }) => getBatchDetail(app.ctx, auth, params.id),
  });

  route(app, {
    method: 'POST',
    url: API.payroll.pick,
    access: 'payroll:create',
    audit: 'payroll.pick',
    schema: {
      tags: [TAG],
      summary: '选择员工添加发放明细',
      params: ZIdParams,
      body: ZPayrollPickBody,
      data: ZPayrollBatch,
    },
    target: ({ params }) => `payrollBatch:${params.id}`,
    message: '发放明细已添加',
    handler: (auth, { params, body }) => addPickedItems(app.ctx, auth, params.id, body),
  });

  route(app, {
    method: 'POST',
    url: API.payroll.check,
    access: 'payroll:check',
    audit: 'payroll.check',
    schema: {
      tags: [TAG],
      summary: '核对批次',
      description:
        '逐条核对：员工存在且在职、姓名与身份证号一致、渠道收款账户、单笔限额、当月累计限额（同一服务商同月所有已核对批次）、批次内重复；并计算服务费。全部通过为待确认，否则为核对中。',
      params: ZIdParams,
      data: ZPayrollBatch,
    },
    target: ({ params }) => `payrollBatch:${params.id}`,
    message: (b) => (b.failedCount > 0 ? `核对完成：${b.failedCount} 条未通过，请修改或删除后重新核对` : '核对通过'),
    handler: (auth, { params }) => checkBatch(app.ctx, auth, params.id),
  });

  route(app, {
    method: 'GET',
    url: API.payroll.submitPreview,
    access: 'payroll:check',
    schema: {
      tags: [TAG],
      summary: '提交前预览审批',
      description: '按批次的扣款合计与创建人：是否需要审批，各步骤的审批人（创建人除外），或不能提交的原因。',
      params: ZIdParams,
      data: ZApprovalPreview,
    },
    handler: (auth, { params }) => previewSubmit(app.ctx, auth, params.id),
  });

  route(app, {
    method: 'POST',
    url: API.payroll.submit,
    access: 'payroll:check',
    audit: 'payroll.submit',
    schema: {
      tags: [TAG],
      summary: '核对确认并提交',
      description: '待确认的批次进入企业的发放审批流程（待审批），无需审批时直接待支付。',
      params: ZIdParams,
      data: ZPayrollBatch,
    },
    target: ({ params }) => `payrollBatch:${params.id}`,
    message: (b) => (b.status === 'approving' ? '已提交审批' : '核对确认完成，待支付'),
    handler: (auth, { params }) => submitBatch(app.ctx, auth, params.id),
  });

  route(app, {
    method: 'POST',
    url: API.payroll.withdraw,
    access: 'payroll:check',
    audit: 'payroll.withdraw',
    schema: {
      tags: [TAG],
      summary: '撤回审批',
      description: '待审批的批次撤回到待确认，其审批结束（已撤回），审批人不再看到；可修改后重新提交。',
      params: ZIdParams,
      data: ZPayrollBatch,
    },
    target: ({ params }) => `payrollBatch:${params.id}`,
    message: '已撤回，批次回到待确认',
    handler: (auth, { params }) => withdrawBatch(app.ctx, auth, params.id),
  });

  route(app, {
    method: 'POST',
    url: API.payroll.cancel,
    access: 'payroll:check',
    audit: 'payroll.cancel',
    schema: {
      tags: [TAG],
      summary: '取消批次',
      params: ZIdParams,
      body: ZPayrollCancelBody,
      data: ZPayrollBatch,
    },
    target: ({ params }) => `payrollBatch:${params.id}`,
    message: '批次已取消',
    handler: (auth, { params, body }) => cancelBatch(app.ctx, auth, params.id, body.reason),
  });

  route(app, {
    method: 'GET',
    url: API.payroll.items,
    access: 'payroll:view',
    schema: { tags: [TAG], summary: '发放明细', querystring: ZPayrollItemQuery, data: ZPage(ZPayrollItem) },
    handler: (auth, { query }) => listItems(app.ctx, auth, query),
  });

  route(app, {
    method: 'POST',
    url: API.payroll.itemsByIds,
    access: 'payroll:view',
    schema: {
      tags: [TAG],
      summary: '按 id 查询发放明细',
      body: ZPayrollItemIdsBody,
      data: z.array(ZPayrollItem),
    },
    handler: (auth, { body }) => itemsByIds(app.ctx, auth, body.ids),
  });

  route(app, {
    method: 'PUT',
    url: API.payroll.item,
    access: 'payroll:check',
    audit: 'payroll.item.update',
    schema: {
      tags: [TAG],
      summary: '修改发放明细（需重新核对）',
      params: ZIdParams,
      body: ZPayrollItemBody,
      data: ZPayrollItem,
    },
    target: ({ params }) => `payrollItem:${params.id}`,
    message: '发放明细已修改，请重新核对',
    handler: (auth, { params, body }) => updateItem(app.ctx, auth, params.id, body),
  });

  route(app, {
    method: 'DELETE',
    url: API.payroll.item,
    access: 'payroll:check',
    audit: 'payroll.item.delete',
    schema: { tags: [TAG], summary: '删除发放明细', params: ZIdParams, data: z.null() },
    target: ({ params }) => `payrollItem:${params.id}`,
    message: '发放明细已删除',
    handler: (auth, { params }) => removeItem(app.ctx, auth, params.id),
  });
};
