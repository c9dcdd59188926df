/**
 * The approval engine (审批管理, DOMAIN section 6): one per company and type (发放, 开票, 充值).
 * The area that owns a subject starts its approval inside its own transaction
 * (`startApproval`) and learns the outcome through the handler its plugin registered for the type
 * (`registry.approvalOutcomes`), in the transaction of the last decision. A type nobody handles
 * can be neither configured, started nor decided: it would be approved into nothing.
 */
import {
  APPROVAL_STEP_MODE_LABELS,
  APPROVAL_TYPE_LABELS,
  Code,
  type TApprovalFlow,
  type TApprovalPreview,
  type TApprovalRequest,
  type TApprovalType,
  type ZApprovalFlowBody,
} from '@flexpay/contract';
import type { z } from 'zod';
import type { ServiceContext } from '../../core/context.ts';
import type { AppRegistry } from '../../core/context.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { AppError, conflict, invalidField, notFound } from '../../lib/errors.ts';
import type { AuthContext } from '../../core/auth.ts';
import * as repo from './repo.ts';
import { approversOf, needsApproval, stepPassed } from './rules.ts';

type ApprovalOutcomes = AppRegistry['approvalOutcomes'];

/** The handler of a type's outcome; a type no area handles is refused with its reason. */
function outcomeHandlerOf(outcomes: ApprovalOutcomes, type: TApprovalType, doing: '配置' | '发起' | '处理') {
  const handler = outcomes.get(type);
  const label = APPROVAL_TYPE_LABELS[type];
  if (!handler) throw conflict(`${label}业务尚未开通，不能${doing}${label}审批${doing === '配置' ? '流程' : ''}`);
  return handler;
}

export const NOT_AN_APPROVER = '您不是当前步骤的审批人';
/** The element a decision of a type needs besides being an approver of the step (发放: 审批发放). */
const DECIDE_ELEMENTS: Partial<Record<TApprovalType, { code: string; label: string }>> = {
  payroll: { code: 'payroll:approve', label: '审批发放' },
};
export const STARTER_CANNOT_APPROVE = '发起人不能审批自己提交的申请';

// ---- Flows ----

export async function getFlow(ctx: ServiceContext, companyId: number, type: TApprovalType): Promise<TApprovalFlow> {
  const row = await repo.findFlow(ctx.db, companyId, type);
  return {
    type,
    configured: !!row,
    thresholdFen: row?.thresholdFen ?? 0,
    enabled: row?.enabled ?? false,
    steps: row?.steps ?? [],
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/** Saves a type's flow: every role and admin it names must be the company's. */
export async function saveFlow(
  ctx: ServiceContext,
  auth: AuthContext,
  type: TApprovalType,
  body: z.output<typeof ZApprovalFlowBody>,
): Promise<TApprovalFlow> {
  outcomeHandlerOf(ctx.registry.approvalOutcomes, type, '配置');
  const roleIds = body.steps.flatMap((s) => (s.roleId === null ? [] : [s.roleId]));
  const known = new Set(await repo.findRoleIds(ctx.db, auth.companyId, roleIds));
  const admins = new Set((await repo.findCompanyAdmins(ctx.db, auth.companyId)).map((a) => a.id));
  body.steps.forEach((s, i) => {
    if (s.roleId !== null && !known.has(s.roleId))
      throw invalidField(`steps.${i}.roleId`, `第 ${i + 1} 步的角色不存在`);
    if (s.adminIds.some((id) => !admins.has(id)))
      throw invalidField(`steps.${i}.adminIds`, `第 ${i + 1} 步的审批人不存在`);
  });
  await repo.upsertFlow(
    ctx.db,
    {
      companyId: auth.companyId,
      type,
      thresholdFen: body.thresholdFen,
      enabled: body.enabled,
      steps: body.steps.map((s) => ({ mode: s.mode, roleId: s.roleId, adminIds: [...new Set(s.adminIds)] })),
    },
    ctx.now(),
  );
  return getFlow(ctx, auth.companyId, type);
}

/** Whom a flow's steps can name: the company's roles and its enabled admins. */
export async function getFlowOptions(ctx: ServiceContext, companyId: number) {
  const [roles, admins] = await Promise.all([
    repo.findRoleOptions(ctx.db, companyId),
    repo.findCompanyAdmins(ctx.db, companyId),
  ]);
  return { roles, admins: admins.filter((a) => a.enabled).map((a) => ({ id: a.id, name: a.name })) };
}

// ---- Requests ----

export interface StartApproval {
  companyId: number;
  type: TApprovalType;
  subject: { kind: string; id: string | number };
  amountFen: number;
  creatorAdminId: number;
  title: string;
}

/**
 * Starts the approval of a subject inside the caller's transaction: `approved` at once when the
 * type has no enabled flow or the amount is under its threshold; else a pending request at step
 * 1 with every step's approvers fixed now. A step left with no approver (only the starter holds
 * its role) is refused: the subject could never pass.
 */
/** The refusal of a flow whose step `index` (0-based) is left with no approver. */
const strandedStep = (index: number, mode: 'any' | 'all') =>
  `审批流程第 ${index + 1} 步（${APPROVAL_STEP_MODE_LABELS[mode]}）没有可审批的管理员：发起人不能审批自己的申请，请调整审批流程`;

/**
 * The steps an approval of this amount would have if it started now: null when none is needed
 * (no enabled flow, or under its threshold), else each step's approvers (the starter left out).
 */
async function resolveSteps(
  db: DbOrTx,
  input: Pick<StartApproval, 'companyId' | 'type' | 'amountFen' | 'creatorAdminId'>,
) {
  const flow = await repo.findFlow(db, input.companyId, input.type);
  if (!flow || !needsApproval(flow, input.amountFen)) return { flow, steps: null };
  const admins = await repo.findCompanyAdmins(db, input.companyId);
  const steps = flow.steps.map((s) => ({ mode: s.mode, approvers: approversOf(s, admins, input.creatorAdminId) }));
  return { flow, steps, names: new Map(admins.map((a) => [a.id, a.name])) };
}

/**
 * Starts the approval of a subject inside the caller's transaction: `approved` at once when the
 * type has no enabled flow or the amount is under its threshold; else a pending request at step
 * 1 with every step's approvers fixed now. A step left with no approver (only the starter holds
 * its role) is refused: the subject could never pass.
 */
export async function startApproval(
  tx: Tx,
  outcomes: ApprovalOutcomes,
  input: StartApproval,
): Promise<{ status: 'approved' } | { status: 'pending'; requestId: number }> {
  outcomeHandlerOf(outcomes, input.type, '发起');
  const { steps } = await resolveSteps(tx, input);
  if (!steps) return { status: 'approved' };
  const stranded = steps.findIndex((s) => !s.approvers.length);
  if (stranded >= 0) throw new AppError(Code.CONFLICT, strandedStep(stranded, steps[stranded]?.mode ?? 'any'));
  const row = await repo.insertRequest(tx, {
    companyId: input.companyId,
    type: input.type,
    subjectKind: input.subject.kind,
    subjectId: String(input.subject.id),
    title: input.title.slice(0, 100),
    amountFen: input.amountFen,
    creatorAdminId: input.creatorAdminId,
    steps,
  });
  return { status: 'pending', requestId: row.id };
}

/**
 * For other modules: what `startApproval` would do now for this amount and starter, without
 * starting anything (核对确认 says it before 确认提交).
 */
export async function previewApproval(
  db: DbOrTx,
  input: Pick<StartApproval, 'companyId' | 'type' | 'amountFen' | 'creatorAdminId'>,
): Promise<TApprovalPreview> {
  const { flow, steps, names } = await resolveSteps(db, input);
  const thresholdFen = flow?.enabled ? flow.thresholdFen : null;
  if (!steps) return { required: false, thresholdFen, steps: [], blocked: null };
  const stranded = steps.findIndex((s) => !s.approvers.length);
  return {
    required: true,
    thresholdFen,
    steps: steps.map((s) => ({
      mode: s.mode,
      approvers: s.approvers.map((id) => ({ id, name: names?.get(id) ?? '' })),
    })),
    blocked: stranded >= 0 ? strandedStep(stranded, steps[stranded]?.mode ?? 'any') : null,
  };
}

/**
 * For other modules: ends a pending request because its subject was withdrawn or cancelled
 * (已撤回), inside the owner's transaction, under the request's row lock (the lock a decision
 * takes, so the two never cross). Answers whether it was still pending: false when a decision
 * ended it first, and the owner then finds its subject moved on.
 */
export async function withdrawApproval(tx: DbOrTx, companyId: number, requestId: number, now: Date): Promise<boolean> {
  const request = await repo.lockRequest(tx, companyId, requestId);
  if (!request || request.status !== 'pending') return false;
  await repo.updateRequest(tx, request.companyId, request.id, { status: 'withdrawn', decidedAt: now });
  return true;
}

/**
 * For other modules: `withdrawApproval` of a subject's latest request, for a subject that keeps
 * no request id (a top-up). False when it has none or it had already ended.
 */
export async function withdrawApprovalOf(
  tx: DbOrTx,
  companyId: number,
  subject: { kind: string; id: string | number },
  now: Date,
): Promise<boolean> {
  const row = await repo.findLatestRequestOf(tx, companyId, { kind: subject.kind, id: String(subject.id) });
  if (!row || row.status !== 'pending') return false;
  return withdrawApproval(tx, companyId, row.id, now);
}

/** Approves or rejects the current step of a request, as one of its approvers. */
export async function decide(
  ctx: ServiceContext,
  auth: AuthContext,
  id: number,
  decision: 'approve' | 'reject',
  comment: string,
): Promise<TApprovalRequest> {
  await ctx.db.transaction(async (tx) => {
    const request = await repo.lockRequest(tx, auth.companyId, id);
    if (!request) throw notFound('审批不存在');
    if (request.status !== 'pending') throw conflict('该审批已结束，不能再审批');
    const onDecided = outcomeHandlerOf(ctx.registry.approvalOutcomes, request.type as TApprovalType, '处理');
    if (request.creatorAdminId === auth.adminId) throw new AppError(Code.FORBIDDEN, STARTER_CANNOT_APPROVE);
    const element = DECIDE_ELEMENTS[request.type as TApprovalType];
    if (element && !auth.elements.has(element.code)) {
      throw new AppError(Code.FORBIDDEN, `您没有“${element.label}”权限，不能审批`);
    }
    const step = request.steps[request.currentStep - 1];
    if (!step || !step.approvers.includes(auth.adminId)) throw new AppError(Code.FORBIDDEN, NOT_AN_APPROVER);
    const actions = await repo.findActions(tx, request.companyId, [request.id]);
    const atStep = actions.filter((a) => a.step === request.currentStep);
    if (atStep.some((a) => a.adminId === auth.adminId)) throw conflict('您已审批过这一步');
    await repo.insertAction(tx, {
      companyId: request.companyId,
      requestId: request.id,
      step: request.currentStep,
      adminId: auth.adminId,
      decision,
      comment,
    });
    const now = ctx.now();
    const subject = { kind: request.subjectKind, id: request.subjectId };
    if (decision === 'reject') {
      await repo.updateRequest(tx, request.companyId, request.id, { status: 'rejected', decidedAt: now });
      await onDecided(tx, { id: request.id, subject }, 'rejected', comment);
      return;
    }
    const approvedBy = [...atStep.filter((a) => a.decision === 'approve').map((a) => a.adminId), auth.adminId];
    if (!stepPassed(step, approvedBy)) return;
    if (request.currentStep < request.steps.length) {
      await repo.updateRequest(tx, request.companyId, request.id, { currentStep: request.currentStep + 1 });
      return;
    }
    await repo.updateRequest(tx, request.companyId, request.id, { status: 'approved', decidedAt: now });
    await onDecided(tx, { id: request.id, subject }, 'approved', comment);
  });
  return getRequest(ctx, auth, id);
}

const mayDecideType = (auth: AuthContext, type: TApprovalType) => {
  const element = DECIDE_ELEMENTS[type];
  return !element || auth.elements.has(element.code);
};

async function toRequests(
  ctx: ServiceContext,
  auth: AuthContext,
  rows: repo.RequestRow[],
): Promise<TApprovalRequest[]> {
  const actions = await repo.findActions(
    ctx.db,
    auth.companyId,
    rows.map((r) => r.id),
  );
  const names = await repo.findAdminNames(ctx.db, [
    ...new Set(rows.flatMap((r) => [r.creatorAdminId, ...r.steps.flatMap((s) => s.approvers)])),
  ]);
  return rows.map((r) => {
    const mine = actions.filter((a) => a.requestId === r.id);
    const step = r.steps[r.currentStep - 1];
    const canDecide =
      r.status === 'pending' &&
      !!step?.approvers.includes(auth.adminId) &&
      mayDecideType(auth, r.type as TApprovalType) &&
      !mine.some((a) => a.step === r.currentStep && a.adminId === auth.adminId);
    return {
      id: r.id,
      type: r.type as TApprovalType,
      subject: { kind: r.subjectKind, id: r.subjectId },
      title: r.title,
      amountFen: r.amountFen,
      status: r.status as TApprovalRequest['status'],
      currentStep: r.currentStep,
      stepCount: r.steps.length,
      creator: { id: r.creatorAdminId, name: names.get(r.creatorAdminId) ?? '' },
      steps: r.steps.map((s) => ({
        mode: s.mode as TApprovalRequest['steps'][number]['mode'],
        approvers: s.approvers.map((id) => ({ id, name: names.get(id) ?? '' })),
      })),
      canDecide,
      createdAt: r.createdAt.toISOString(),
      decidedAt: r.decidedAt?.toISOString() ?? null,
      actions: mine.map((a) => ({
        step: a.step,
        adminId: a.adminId,
        adminName: a.adminName,
        decision: a.decision as 'approve' | 'reject',
        comment: a.comment,
        createdAt: a.createdAt.toISOString(),
      })),
    };
  });
}

/** A request of the company with its history. */
export async function getRequest(ctx: ServiceContext, auth: AuthContext, id: number): Promise<TApprovalRequest> {
  const row = await repo.findRequest(ctx.db, auth.companyId, id);
  if (!row) throw notFound('审批不存在');
  const [request] = await toRequests(ctx, auth, [row]);
  return request as TApprovalRequest;
}

/**
 * For other modules: the latest approval of a subject (for a subject that keeps no request id,
 * such as a top-up), with its history; null when none was ever started.
 */
export async function getLatestRequestOf(
  ctx: ServiceContext,
  auth: AuthContext,
  subject: { kind: string; id: string | number },
): Promise<TApprovalRequest | null> {
  const row = await repo.findLatestRequestOf(ctx.db, auth.companyId, { kind: subject.kind, id: String(subject.id) });
  if (!row) return null;
  const [request] = await toRequests(ctx, auth, [row]);
  return request ?? null;
}

/** 待我审批: what waits for this admin's decision now (newest first, at most 200). */
export async function listPendingForMe(ctx: ServiceContext, auth: AuthContext): Promise<TApprovalRequest[]> {
  return toRequests(ctx, auth, await repo.findPendingFor(ctx.db, auth.companyId, auth.adminId, 200));
}

// ---- For other modules ----

/** 首页: how many requests of a type wait for this admin's decision now. */
export function countPendingForMe(
  db: DbOrTx,
  companyId: number,
  adminId: number,
  type: TApprovalType,
): Promise<number> {
  return repo.countPendingFor(db, companyId, adminId, type);
}

/** Why a role may not be deleted: the flows whose steps name it (审批管理), or null. */
export async function roleInFlows(db: DbOrTx, companyId: number, roleId: number): Promise<string | null> {
  const types = await repo.findFlowTypesUsingRole(db, companyId, roleId);
  if (!types.length) return null;
  const names = types.map((t) => APPROVAL_TYPE_LABELS[t as TApprovalType] ?? t).join('、');
  return `该角色已用于${names}审批流程，请先在审批管理中调整流程`;
}
