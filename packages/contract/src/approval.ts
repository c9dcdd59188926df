import { z } from 'zod';
import {
  APPROVAL_DECISIONS,
  APPROVAL_MAX_NAMED,
  APPROVAL_MAX_STEPS,
  APPROVAL_STATUSES,
  APPROVAL_STEP_MODES,
  APPROVAL_TYPES,
} from './approval-rules.ts';

const ZFen = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** One step of a flow: a role, or named admins; any one of them, or all of them. */
export const ZApprovalStep = z
  .object({
    mode: z.enum(APPROVAL_STEP_MODES, { error: '请选择审批方式' }),
    roleId: z.number().int().positive().nullable().default(null),
    adminIds: z
      .array(z.number().int().positive())
      .max(APPROVAL_MAX_NAMED, `每一步最多指定 ${APPROVAL_MAX_NAMED} 名审批人`)
      .default([]),
  })
  .refine((s) => (s.roleId === null) !== (s.adminIds.length === 0), {
    message: '每一步须指定一个角色，或至少一名管理员（二选一）',
    path: ['roleId'],
  });
export type TApprovalStep = z.input<typeof ZApprovalStep>;

export const ZApprovalFlowBody = z.object({
  thresholdFen: ZFen.describe('金额不低于此值（分）才需审批；0 表示全部需要审批'),
  enabled: z.boolean({ error: '请选择是否启用' }),
  steps: z
    .array(ZApprovalStep)
    .min(1, '至少设置一个审批步骤')
    .max(APPROVAL_MAX_STEPS, `最多 ${APPROVAL_MAX_STEPS} 个审批步骤`),
});
export type TApprovalFlowBody = z.input<typeof ZApprovalFlowBody>;

export const ZApprovalTypeParams = z.object({ type: z.enum(APPROVAL_TYPES, { error: '审批类型不存在' }) });

export const ZApprovalFlow = z.object({
  type: z.enum(APPROVAL_TYPES),
  /** False until the company saves a flow for the type (then nothing of the type needs approval). */
  configured: z.boolean(),
  thresholdFen: ZFen,
  enabled: z.boolean(),
  steps: z.array(
    z.object({
      mode: z.enum(APPROVAL_STEP_MODES),
      roleId: z.number().int().nullable(),
      adminIds: z.array(z.number().int()),
    }),
  ),
  updatedAt: z.string().nullable(),
});
export type TApprovalFlow = z.infer<typeof ZApprovalFlow>;

export const ZApprovalAction = z.object({
  step: z.number().int(),
  adminId: z.number().int(),
  adminName: z.string(),
  decision: z.enum(APPROVAL_DECISIONS),
  comment: z.string(),
  createdAt: z.string(),
});

export const ZApprovalRequest = z.object({
  id: z.number().int(),
  type: z.enum(APPROVAL_TYPES),
  subject: z.object({ kind: z.string(), id: z.string() }),
  title: z.string(),
  amountFen: ZFen,
  status: z.enum(APPROVAL_STATUSES),
  /** 1-based; the step waiting for a decision while pending. */
  currentStep: z.number().int(),
  stepCount: z.number().int(),
  creator: z.object({ id: z.number().int(), name: z.string() }),
  /** Each step's approvers, fixed when the approval started, and whether any one or all decide. */
  steps: z.array(
    z.object({
      mode: z.enum(APPROVAL_STEP_MODES),
      approvers: z.array(z.object({ id: z.number().int(), name: z.string() })),
    }),
  ),
  /** Whether the viewer may approve or reject now. */
  canDecide: z.boolean(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  actions: z.array(ZApprovalAction),
});
export type TApprovalRequest = z.infer<typeof ZApprovalRequest>;

export const ZApprovalDecisionBody = z.object({
  comment: z.string().trim().max(200, '审批意见最多 200 个字').default(''),
});
export const ZApprovalRejectBody = z.object({
  comment: z.string({ error: '请填写驳回原因' }).trim().min(1, '请填写驳回原因').max(200, '审批意见最多 200 个字'),
});

/** Whom the flow editor can name in a step. */
export const ZApprovalFlowOptions = z.object({
  roles: z.array(z.object({ id: z.number().int(), name: z.string() })),
  admins: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type TApprovalFlowOptions = z.infer<typeof ZApprovalFlowOptions>;

/**
 * What a submission would start, asked before it (核对确认): whether the type's flow applies at
 * this amount and, if so, each step's approvers as they would be fixed now (the starter left
 * out). `blocked` says why the submission would be refused (a step left with nobody).
 */
export const ZApprovalPreview = z.object({
  required: z.boolean(),
  /** The enabled flow's threshold, or null when the type has no enabled flow. */
  thresholdFen: ZFen.nullable(),
  steps: z.array(
    z.object({
      mode: z.enum(APPROVAL_STEP_MODES),
      approvers: z.array(z.object({ id: z.number().int(), name: z.string() })),
    }),
  ),
  blocked: z.string().nullable(),
});
export type TApprovalPreview = z.infer<typeof ZApprovalPreview>;
