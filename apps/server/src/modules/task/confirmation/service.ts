/**
 * 任务确认 (taskConfirmationIndex): passed deliveries are payable amounts; picked by id, or all
 * matching a filter, those of one service company start a payroll batch (source 任务确认, one
 * item per worker with the worker's amounts summed), which goes through the check, approval and
 * payment of any batch. An amount is taken once: the confirmation locks the assignments and takes
 * only those without a payment in a live batch; a cancelled batch gives them back.
 */
import {
  PAYROLL_MAX_ITEMS,
  taskAmountError,
  type TPage,
  type TPayrollStatus,
  type TTaskConfirmResult,
  type TTaskPayable,
  type TTaskPayableSummary,
  type ZTaskConfirmBody,
  type ZTaskPayableFilter,
  type ZTaskPayableQuery,
} from '@flexpay/contract';
import type { z } from 'zod';
import type { AuthContext } from '../../../core/auth.ts';
import type { ServiceContext } from '../../../core/context.ts';
import { conflict, invalidField } from '../../../lib/errors.ts';
import { payBlockersOf } from '../../payroll/batches/eligibility.ts';
import { liveBatchIds } from '../../payroll/batches/paid-figures.ts';
import { insertBatchOfWorkers } from '../../payroll/batches/service.ts';
import { serviceCompanyNames } from '../../service-company/service.ts';
import { recordAssignmentEvents } from '../history/service.ts';
import { taskNoOf } from '../shared.ts';
import * as repo from './repo.ts';

type PayableFilter = z.output<typeof ZTaskPayableFilter>;

const filtersOf = (companyId: number, f: PayableFilter): repo.PayableFilters => ({
  companyId,
  status: f.status,
  taskId: f.taskId,
  serviceCompanyId: f.serviceCompanyId,
  name: f.name,
  passedFrom: f.passedFrom,
  passedTo: f.passedTo,
});

export async function listPayables(
  ctx: ServiceContext,
  auth: AuthContext,
  q: z.output<typeof ZTaskPayableQuery>,
): Promise<TPage<TTaskPayable>> {
  const page = await repo.findPayablePage(ctx.db, filtersOf(auth.companyId, q), q.page, q.limit);
  const services = await serviceCompanyNames(
    ctx.db,
    page.rows.map((r) => r.serviceCompanyId),
  );
  // Who the check would refuse, per service company of the page (实名认证, 签约).
  const blockers = new Map<string, string[]>();
  for (const serviceCompanyId of new Set(page.rows.map((r) => r.serviceCompanyId))) {
    const workerIds = page.rows
      .filter((r) => r.serviceCompanyId === serviceCompanyId)
      .map((r) => r.assignment.workerId);
    for (const [workerId, reasons] of await payBlockersOf(ctx.db, auth.companyId, serviceCompanyId, workerIds)) {
      blockers.set(`${serviceCompanyId}:${workerId}`, reasons);
    }
  }
  return {
    total: page.total,
    rows: page.rows.map((r) => {
      const a = r.assignment;
      const b = r.liveBatch;
      return {
        assignmentId: a.id,
        taskId: a.taskId,
        taskNo: taskNoOf(a.taskId),
        taskTitle: r.taskTitle,
        serviceCompanyId: r.serviceCompanyId,
        serviceCompanyName: services.get(r.serviceCompanyId) ?? '',
        workerId: a.workerId,
        workerName: r.workerName,
        idNumberMasked: r.idNumberMasked,
        payableFen: a.payableFen ?? 0,
        passedAt: a.passedAt?.toISOString() ?? '',
        confirmation: b
          ? { status: 'confirmed', batch: { id: Number(b.id), title: b.title, status: b.status as TPayrollStatus } }
          : { status: 'payable', batch: null },
        payBlockers: blockers.get(`${r.serviceCompanyId}:${a.workerId}`) ?? [],
      };
    }),
  };
}

export async function summarizePayables(
  ctx: ServiceContext,
  auth: AuthContext,
  f: PayableFilter,
): Promise<TTaskPayableSummary> {
  return repo.summarize(ctx.db, filtersOf(auth.companyId, f));
}

/** 确认发放: the picked (or all matching) payable amounts of one service company become a batch. */
export async function confirmPayables(
  ctx: ServiceContext,
  auth: AuthContext,
  body: z.output<typeof ZTaskConfirmBody>,
): Promise<TTaskConfirmResult> {
  return ctx.db.transaction(async (tx) => {
    const ids = body.assignmentIds
      ? [...new Set(body.assignmentIds)]
      : await repo.findPayableIds(tx, {
          ...filtersOf(auth.companyId, { ...body.filter, status: 'payable' }),
          serviceCompanyId: body.serviceCompanyId,
        });
    if (!ids.length) throw conflict('没有符合条件的待确认金额');
    // The lock first, then a fresh read: a confirmation that waited sees the other's payments.
    await repo.lockIds(tx, auth.companyId, ids);
    const passed = await repo.findConfirmable(tx, auth.companyId, ids, body.serviceCompanyId);
    // Payable: its amount is in no live batch (payroll answers which are).
    const live = await liveBatchIds(
      tx,
      auth.companyId,
      passed.flatMap((r) => r.batchIds),
    );
    const rows = passed.filter((r) => !r.batchIds.some((b) => live.has(b)));
    if (body.assignmentIds && rows.length < ids.length) {
      throw conflict(
        `所选 ${ids.length} 条中有 ${ids.length - rows.length} 条已确认、未验收通过或不属于该服务商，请刷新后重试`,
      );
    }
    if (!rows.length) throw conflict('没有符合条件的待确认金额（可能已被确认）');
    // One item per worker: the worker's amounts summed (a batch holds a worker once).
    const byWorker = new Map<number, { amountFen: number; titles: Set<string>; count: number }>();
    for (const r of rows) {
      const w = byWorker.get(r.workerId) ?? { amountFen: 0, titles: new Set<string>(), count: 0 };
      w.amountFen += r.payableFen ?? 0;
      w.titles.add(r.taskTitle);
      w.count += 1;
      byWorker.set(r.workerId, w);
    }
    if (byWorker.size > PAYROLL_MAX_ITEMS) {
      throw invalidField('assignmentIds', `一个批次最多 ${PAYROLL_MAX_ITEMS} 人，请分批确认`);
    }
    const items = [...byWorker].map(([workerId, w]) => {
      const error = taskAmountError(w.amountFen, '员工的金额合计');
      if (error) throw invalidField('assignmentIds', error);
      const titles = [...w.titles];
      const remark = `任务确认：${titles.slice(0, 3).join('、')}${titles.length > 3 ? ` 等 ${w.count} 项` : ''}`;
      return { workerId, amountFen: w.amountFen, remark: remark.slice(0, 200) };
    });
    const { batchId, itemIdOfWorker } = await insertBatchOfWorkers(
      tx,
      auth.companyId,
      auth.adminId,
      {
        title: body.title,
        period: body.period,
        serviceCompanyId: body.serviceCompanyId,
        channel: body.channel,
        remark: body.remark,
      },
      items,
      ctx.now(),
    );
    await repo.insertPayments(
      tx,
      rows.map((r) => ({
        companyId: auth.companyId,
        assignmentId: r.id,
        batchId,
        itemId: itemIdOfWorker.get(r.workerId) as number,
        amountFen: r.payableFen ?? 0,
        createdBy: auth.adminId,
      })),
    );
    await recordAssignmentEvents(
      tx,
      'confirm',
      rows.map((r) => r.id),
      { companyId: auth.companyId, adminId: auth.adminId, at: ctx.now(), note: body.title },
    );
    return {
      batchId,
      itemCount: items.length,
      assignmentCount: rows.length,
      amountFen: items.reduce((s, i) => s + i.amountFen, 0),
    };
  });
}
