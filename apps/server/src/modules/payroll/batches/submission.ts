/**
 * A checked batch's way through the company's approval flow (薪酬发放, DOMAIN section 6):
 * 确认提交 to 待审批 or straight to 待支付, the approval's outcome, 撤回 and 取消.
 */
import {
  PAYROLL_CANCELLABLE_STATUSES,
  PAYROLL_WITHDRAWABLE_STATUSES,
  formatFen,
  type TApprovalPreview,
  type TPayrollBatch,
} from '@flexpay/contract';
import type { ApprovalOutcomeHandler } from '../../../core/approval.ts';
import type { AuthContext } from '../../../core/auth.ts';
import type { AppRegistry, ServiceContext } from '../../../core/context.ts';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import { conflict } from '../../../lib/errors.ts';
import { previewApproval, startApproval, withdrawApproval } from '../../approval/service.ts';
import * as repo from './repo.ts';
import { assertStatus, batchOf, toBatch } from './service.ts';

/** The subject kind of a batch's approval requests. */
export const BATCH_SUBJECT = 'payroll_batch';

/**
 * 核对确认: a batch whose every item passed (待确认) goes to the company's approval flow for
 * 发放 (待审批), or straight to 待支付 when the flow does not ask for one. The batch's creator
 * never approves it.
 */
export async function submitBatch(ctx: ServiceContext, auth: AuthContext, id: number): Promise<TPayrollBatch> {
  await ctx.db.transaction((tx) => runSubmit(tx, ctx.registry.approvalOutcomes, auth.companyId, id, ctx.now()));
  return toBatch(ctx.db, await batchOf(ctx.db, auth.companyId, id));
}

/**
 * What 确认提交 would start for this batch now: straight to 待支付, or the approval's steps with
 * their approvers (the batch's creator left out), or why it would be refused.
 */
export async function previewSubmit(ctx: ServiceContext, auth: AuthContext, id: number): Promise<TApprovalPreview> {
  const row = await batchOf(ctx.db, auth.companyId, id);
  return previewApproval(ctx.db, {
    companyId: auth.companyId,
    type: 'payroll',
    amountFen: row.debitFen,
    creatorAdminId: row.createdBy,
  });
}

/** The submission of submitBatch inside the caller's transaction. */
export async function runSubmit(
  tx: Tx,
  approvalOutcomes: AppRegistry['approvalOutcomes'],
  companyId: number,
  id: number,
  now: Date,
): Promise<void> {
  const row = await batchOf(tx, companyId, id, true);
  if (row.status === 'checking' && row.failedCount > 0) {
    throw conflict(`还有 ${row.failedCount} 条发放明细核对未通过，请修改或删除后重新核对`);
  }
  assertStatus(row, ['confirming'], '提交（请先完成核对）');
  const approval = await startApproval(tx, approvalOutcomes, {
    companyId: companyId,
    type: 'payroll',
    subject: { kind: BATCH_SUBJECT, id },
    amountFen: row.debitFen,
    creatorAdminId: row.createdBy,
    title: `发放 ${row.title}（${row.itemCount} 人，¥${formatFen(row.debitFen)}）`,
  });
  await repo.updateBatch(
    tx,
    id,
    approval.status === 'pending'
      ? { status: 'approving', submittedAt: now, approvalRequestId: approval.requestId }
      : { status: 'to_pay', submittedAt: now },
  );
}

/** The batch's approval ended: 待支付, or back to 待确认 (the rejection stays in its history). */
export const onBatchApprovalDecided: ApprovalOutcomeHandler = async (tx, request, outcome) => {
  if (request.subject.kind !== BATCH_SUBJECT) return;
  const id = Number(request.subject.id);
  await repo.moveBatch(tx, id, 'approving', { status: outcome === 'approved' ? 'to_pay' : 'confirming' });
};

/**
 * 取消: before 支付中, with a reason; a 待审批 batch's approval ends (已撤回), so its approvers no
 * longer see it. Its items stop counting toward the monthly totals.
 */
export async function cancelBatch(
  ctx: ServiceContext,
  auth: AuthContext,
  id: number,
  reason: string,
): Promise<TPayrollBatch> {
  await ctx.db.transaction((tx) => runCancel(tx, auth.companyId, id, reason, ctx.now()));
  return toBatch(ctx.db, await batchOf(ctx.db, auth.companyId, id));
}

/**
 * Ends the batch's approval in progress, if any, before the batch's lock is taken: a decision
 * locks the request and then moves the batch, so the request is always locked first.
 */
async function endOpenApproval(tx: DbOrTx, companyId: number, id: number, now: Date) {
  const head = await batchOf(tx, companyId, id);
  if (head.status === 'approving' && head.approvalRequestId !== null) {
    await withdrawApproval(tx, companyId, head.approvalRequestId, now);
  }
}

/** The cancellation of cancelBatch inside the caller's transaction. */
export async function runCancel(tx: DbOrTx, companyId: number, id: number, reason: string, now: Date) {
  await endOpenApproval(tx, companyId, id, now);
  const row = await batchOf(tx, companyId, id, true);
  assertStatus(row, PAYROLL_CANCELLABLE_STATUSES, '取消（已进入支付的批次不能取消）');
  await repo.updateBatch(tx, id, { status: 'cancelled', cancelledAt: now, cancelReason: reason });
}

/**
 * 撤回: a 待审批 batch goes back to 待确认 and its approval ends (已撤回), so it can be changed
 * and submitted again.
 */
export async function withdrawBatch(ctx: ServiceContext, auth: AuthContext, id: number): Promise<TPayrollBatch> {
  await ctx.db.transaction(async (tx) => {
    await endOpenApproval(tx, auth.companyId, id, ctx.now());
    const row = await batchOf(tx, auth.companyId, id, true);
    assertStatus(row, PAYROLL_WITHDRAWABLE_STATUSES, '撤回（只有待审批的批次可以撤回）');
    await repo.updateBatch(tx, id, { status: 'confirming' });
  });
  return toBatch(ctx.db, await batchOf(ctx.db, auth.companyId, id));
}
