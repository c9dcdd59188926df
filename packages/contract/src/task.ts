import { z } from 'zod';
import { ZId, ZPageQuery } from './envelope.ts';
import { ZUploadedFile } from './file.ts';
import { ZPayrollPeriod } from './payroll.ts';
import { PAYROLL_STATUSES } from './payroll-rules.ts';
import { ZDate } from './primitives.ts';
import {
  TASK_EVENT_ACTIONS,
  ASSIGNMENT_STATUSES,
  DELIVERY_STATUSES,
  TASK_ACTIONS,
  TASK_AMOUNT_MAX_FEN,
  TASK_BULK_MAX,
  TASK_CENTER_KINDS,
  TASK_CONFIRM_STATUSES,
  TASK_FIELDS,
  TASK_FILES_MAX,
  TASK_HEADCOUNT_MAX,
  TASK_QUANTITY_MAX,
  TASK_SETTLEMENTS,
  TASK_STATUSES,
} from './task-rules.ts';
import { PAYOUT_CHANNELS } from './worker-rules.ts';

const ZFen = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
/** An amount a worker is paid, in fen: within a payroll item's limits. */
export const ZTaskAmountFen = (label: string) =>
  z
    .number({ error: `请输入${label}` })
    .int(`${label}最多两位小数`)
    .min(1, `${label}必须大于 0`)
    .max(TASK_AMOUNT_MAX_FEN, `${label}不能超过 1 亿元`);
/** Pieces or hours: more than 0, at most two decimals. */
export const ZTaskQuantity = z
  .number({ error: '请输入数量' })
  .positive('数量必须大于 0')
  .max(TASK_QUANTITY_MAX, `数量不能超过 ${TASK_QUANTITY_MAX}`)
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, '数量最多两位小数');
const ZFileIds = (label: string) =>
  z
    .array(z.uuid(`${label}文件不存在`), { error: `${label}格式有误` })
    .max(TASK_FILES_MAX, `${label}最多 ${TASK_FILES_MAX} 个`)
    .refine((ids) => new Set(ids).size === ids.length, `${label}有重复的文件`);
const ZIds = (label: string) =>
  z
    .array(ZId, { error: `请选择${label}` })
    .min(1, `请选择${label}`)
    .max(TASK_BULK_MAX, `一次最多 ${TASK_BULK_MAX} 条`);
const ZReason = (label: string) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .min(1, `请填写${label}`)
    .max(200, `${label}最多 200 个字`);

// ── Task orders ──────────────────────────────────────────────────────────────────────────────

/** 发布需求 / 编辑任务: the whole task (an edit sends every field; the server refuses locked changes). */
export const ZTaskBody = z
  .object({
    title: z.string({ error: '请输入任务名称' }).trim().min(1, '请输入任务名称').max(50, '任务名称最多 50 个字'),
    jobTypeId: ZId.nullable().default(null).describe('工种'),
    serviceCompanyId: ZId.describe('服务商'),
    description: z.string().trim().max(2000, '任务描述最多 2000 个字').default(''),
    location: z.string().trim().max(100, '工作地点最多 100 个字').default(''),
    startDate: ZDate('开始日期'),
    endDate: ZDate('结束日期'),
    headcount: z
      .number({ error: '请输入招募人数' })
      .int('招募人数必须是整数')
      .min(1, '招募人数至少 1 人')
      .max(TASK_HEADCOUNT_MAX, `招募人数最多 ${TASK_HEADCOUNT_MAX} 人`),
    settlement: z.enum(TASK_SETTLEMENTS, { error: '请选择结算方式' }),
    /** 单价: per piece, per hour, or the fixed amount per worker (fen). */
    unitPriceFen: ZTaskAmountFen('单价'),
    /** Pieces or hours each worker is expected to do (1 for 固定金额): the default agreed amount's quantity. */
    plannedQuantity: ZTaskQuantity.default(1),
    /** 预算 (fen), or null for none: the agreed amounts together may not exceed it. */
    budgetFen: ZTaskAmountFen('预算').nullable().default(null),
    attachmentIds: ZFileIds('附件').default([]),
  })
  .refine((b) => b.endDate >= b.startDate, { message: '结束日期不能早于开始日期', path: ['endDate'] });
export type TTaskBody = z.input<typeof ZTaskBody>;

export const ZTaskQuery = ZPageQuery.extend({
  status: z.enum(TASK_STATUSES, { error: '任务状态不存在' }).optional(),
  title: z.string().trim().max(50).optional(),
  taskNo: z.string().trim().max(20).optional(),
  jobTypeId: ZId.optional(),
  serviceCompanyId: ZId.optional(),
  settlement: z.enum(TASK_SETTLEMENTS, { error: '结算方式不存在' }).optional(),
  startFrom: ZDate('开始日期起').optional(),
  startTo: ZDate('开始日期止').optional(),
  /** Only tasks that take workers now (已发布, 进行中): the wizard's first step. */
  assignable: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type TTaskQuery = z.input<typeof ZTaskQuery>;

/** The assignments of a task by status. */
export const ZAssignmentCounts = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  accepted: z.number().int(),
  submitted: z.number().int(),
  passed: z.number().int(),
  rejected: z.number().int(),
});
export type TAssignmentCounts = z.infer<typeof ZAssignmentCounts>;

export const ZTaskRow = z.object({
  id: z.number().int(),
  /** 任务编号: RW + the id, eight digits. */
  taskNo: z.string(),
  title: z.string(),
  status: z.enum(TASK_STATUSES),
  jobTypeId: z.number().int().nullable(),
  jobTypeName: z.string().nullable(),
  serviceCompanyId: z.number().int(),
  serviceCompanyName: z.string(),
  location: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  headcount: z.number().int(),
  settlement: z.enum(TASK_SETTLEMENTS),
  unitPriceFen: ZFen,
  plannedQuantity: z.number(),
  budgetFen: ZFen.nullable(),
  counts: ZAssignmentCounts,
  /** The agreed amounts of its assignments together (fen). */
  agreedTotalFen: ZFen,
  createdAt: z.string(),
  publishedAt: z.string().nullable(),
});
export type TTaskRow = z.infer<typeof ZTaskRow>;

/**
 * One record of 任务记录. `adminName` did it; for a worker's step (接单, 上传成果) the admin recorded
 * it on behalf of `workerName` (workers have no login). `detail` says the rest in Chinese: the
 * round, the amount, the reason, the batch, how many were picked.
 */
export const ZTaskEvent = z.object({
  action: z.enum(TASK_EVENT_ACTIONS),
  label: z.string(),
  adminName: z.string(),
  workerName: z.string().nullable(),
  onBehalf: z.boolean(),
  detail: z.string().nullable(),
  at: z.string(),
});
export type TTaskEvent = z.infer<typeof ZTaskEvent>;

/** 任务详情: the task with its attachments, who made it, and what may be done now. */
export const ZTaskDetail = ZTaskRow.extend({
  description: z.string(),
  attachments: z.array(ZUploadedFile),
  creator: z.object({ id: z.number().int(), name: z.string() }),
  cancelReason: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** The actions allowed now (status and conditions), for the buttons. */
  actions: z.array(z.enum(TASK_ACTIONS)),
  /** The fields an edit may no longer change (someone is assigned); empty for a task without workers. */
  lockedFields: z.array(z.enum(TASK_FIELDS)),
  /** The default agreed amount of a new assignment (fen): settlement × unit price × planned quantity. */
  defaultAgreedFen: ZFen,
  /**
   * 任务记录: every transition of the task and of each worker on it (the newest TASK_HISTORY_LIMIT),
   * oldest first, each with who did it and when.
   */
  history: z.array(ZTaskEvent),
  /** How many records the task has in all (more than `history` holds when it is long). */
  historyTotal: z.number().int(),
});
export type TTaskDetail = z.infer<typeof ZTaskDetail>;

/** The tasks of each status, for the status tabs. */
export const ZTaskStatusCount = z.object({ status: z.enum(TASK_STATUSES), count: z.number().int() });
export type TTaskStatusCount = z.infer<typeof ZTaskStatusCount>;

export const ZTaskCancelBody = z.object({ reason: ZReason('取消原因') });
export type TTaskCancelBody = z.input<typeof ZTaskCancelBody>;

// ── Assignments (选择人员) ──────────────────────────────────────────────────────────────────

/** The worker list's filters the wizard picks with ("select all matching"); status is always 在职. */
export const ZWorkerPickFilter = z.object({
  name: z.string().trim().max(50).optional(),
  mobile: z.string().trim().max(11).optional(),
  idNumber: z.string().trim().max(18).optional(),
  jobTypeId: ZId.optional(),
  departmentId: ZId.optional(),
  joinedFrom: ZDate('入职开始日期').optional(),
  joinedTo: ZDate('入职结束日期').optional(),
});
export type TWorkerPickFilter = z.input<typeof ZWorkerPickFilter>;

/**
 * 选择人员 → 确认: the workers picked by id, or every worker matching the filter (minus
 * `excludeIds`). Only 在职 workers of the company not yet on the task are assigned; each gets
 * `agreedFen` or the task's default agreed amount.
 */
export const ZAssignBody = z
  .object({
    workerIds: ZIds('人员').optional(),
    filter: ZWorkerPickFilter.optional(),
    excludeIds: z.array(ZId).max(TASK_BULK_MAX, `一次最多 ${TASK_BULK_MAX} 条`).default([]),
    agreedFen: ZTaskAmountFen('约定金额').optional(),
  })
  .refine((b) => (b.workerIds === undefined) !== (b.filter === undefined), {
    message: '请选择人员，或选择全部符合条件的人员',
    path: ['workerIds'],
  });
export type TAssignBody = z.input<typeof ZAssignBody>;

/** What an assignment would do (the wizard's confirm step) or did. */
export const ZAssignResult = z.object({
  /** Workers the selection names (matching the filter, or the ids given). */
  matched: z.number().int(),
  /** Of them, assigned (or that would be). */
  assigned: z.number().int(),
  alreadyAssigned: z.number().int(),
  /** Not 在职 (or not of the company: ids only). */
  notActive: z.number().int(),
  /** The places left on the task before this selection. */
  placesLeft: z.number().int(),
  agreedFen: ZFen,
});
export type TAssignResult = z.infer<typeof ZAssignResult>;

export const ZAssignmentQuery = ZPageQuery.extend({
  status: z.enum(ASSIGNMENT_STATUSES, { error: '人员状态不存在' }).optional(),
  name: z.string().trim().max(50).optional(),
});
export type TAssignmentQuery = z.input<typeof ZAssignmentQuery>;

export const ZDeliveryBrief = z.object({
  id: z.number().int(),
  round: z.number().int(),
  status: z.enum(DELIVERY_STATUSES),
  submittedAt: z.string(),
});

/** An assignment's payable amount in 任务确认: still payable, or in the batch named. */
export const ZAssignmentConfirmation = z.object({
  status: z.enum(TASK_CONFIRM_STATUSES),
  batch: z.object({ id: z.number().int(), title: z.string(), status: z.enum(PAYROLL_STATUSES) }).nullable(),
});

export const ZAssignment = z.object({
  id: z.number().int(),
  taskId: z.number().int(),
  taskNo: z.string(),
  taskTitle: z.string(),
  taskStatus: z.enum(TASK_STATUSES),
  workerId: z.number().int(),
  workerName: z.string(),
  idNumberMasked: z.string(),
  mobile: z.string(),
  status: z.enum(ASSIGNMENT_STATUSES),
  /** 约定金额 (fen). */
  agreedFen: ZFen,
  /** 应付金额: set when the delivery passed (fen), else null. */
  payableFen: ZFen.nullable(),
  assignedAt: z.string(),
  answeredAt: z.string().nullable(),
  latestDelivery: ZDeliveryBrief.nullable(),
  /** Only for a passed assignment. */
  confirmation: ZAssignmentConfirmation.nullable(),
});
export type TAssignment = z.infer<typeof ZAssignment>;

export const ZDelivery = z.object({
  id: z.number().int(),
  assignmentId: z.number().int(),
  /** 第几轮: 1 for the first submission, +1 for each resubmission. */
  round: z.number().int(),
  description: z.string(),
  /** Pieces or hours delivered (按件/按时), or null. */
  quantity: z.number().nullable(),
  files: z.array(ZUploadedFile),
  status: z.enum(DELIVERY_STATUSES),
  rejectReason: z.string().nullable(),
  submittedBy: z.object({ id: z.number().int(), name: z.string() }),
  submittedAt: z.string(),
  reviewedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  reviewedAt: z.string().nullable(),
  /** The amount the review passed (fen), or null. */
  passedFen: ZFen.nullable(),
});
export type TDelivery = z.infer<typeof ZDelivery>;

/** An assignment with every round of its deliveries (newest first): its history. */
export const ZAssignmentDetail = ZAssignment.extend({ deliveries: z.array(ZDelivery) });
export type TAssignmentDetail = z.infer<typeof ZAssignmentDetail>;

export const ZAssignmentAmountBody = z.object({ agreedFen: ZTaskAmountFen('约定金额') });
export type TAssignmentAmountBody = z.input<typeof ZAssignmentAmountBody>;

/** The worker's answer, recorded by the admin: 接单, or 拒绝 (the assignment is removed). */
export const ZAnswerBody = z.object({ accept: z.boolean({ error: '请选择接单或拒绝' }) });
export type TAnswerBody = z.input<typeof ZAnswerBody>;

/** 上传成果 (and 重新提交): a description and files; the quantity for 按件/按时. */
export const ZDeliveryBody = z
  .object({
    description: z.string().trim().max(2000, '成果说明最多 2000 个字').default(''),
    fileIds: ZFileIds('成果文件').default([]),
    quantity: ZTaskQuantity.optional(),
  })
  .refine((b) => b.description !== '' || b.fileIds.length > 0, {
    message: '请填写成果说明或上传成果文件',
    path: ['description'],
  });
export type TDeliveryBody = z.input<typeof ZDeliveryBody>;

/**
 * 验收: pass (the payable amount is `amountFen`, else the delivered quantity's amount, else the
 * agreed amount) or reject with a reason.
 */
export const ZReviewBody = z
  .object({
    pass: z.boolean({ error: '请选择通过或驳回' }),
    reason: z.string().trim().max(200, '驳回原因最多 200 个字').default(''),
    amountFen: ZTaskAmountFen('应付金额').optional(),
  })
  .refine((b) => b.pass || b.reason !== '', { message: '请填写驳回原因', path: ['reason'] });
export type TReviewBody = z.input<typeof ZReviewBody>;

// ── 任务中心 ─────────────────────────────────────────────────────────────────────────────────

export const ZTaskCenterQuery = ZPageQuery.extend({
  kind: z.enum(TASK_CENTER_KINDS, { error: '请选择待办类型' }).default('review'),
  taskId: ZId.optional(),
  name: z.string().trim().max(50).optional(),
});
export type TTaskCenterQuery = z.input<typeof ZTaskCenterQuery>;

export const ZTaskCenterCounts = z.object({ review: z.number().int(), answer: z.number().int() });
export type TTaskCenterCounts = z.infer<typeof ZTaskCenterCounts>;

/** Bulk 记录接单/拒绝 of assignments (待接单 each). */
export const ZBulkAnswerBody = z.object({
  assignmentIds: ZIds('人员'),
  accept: z.boolean({ error: '请选择接单或拒绝' }),
});
export type TBulkAnswerBody = z.input<typeof ZBulkAnswerBody>;

/** Bulk 验收 of the latest deliveries of assignments (已提交 each): pass at their amounts, or reject. */
export const ZBulkReviewBody = z
  .object({
    assignmentIds: ZIds('成果'),
    pass: z.boolean({ error: '请选择通过或驳回' }),
    reason: z.string().trim().max(200, '驳回原因最多 200 个字').default(''),
  })
  .refine((b) => b.pass || b.reason !== '', { message: '请填写驳回原因', path: ['reason'] });
export type TBulkReviewBody = z.input<typeof ZBulkReviewBody>;

/** How many a bulk action changed (all or nothing: one that may not change refuses the whole request). */
export const ZBulkResult = z.object({ count: z.number().int() });
export type TBulkResult = z.infer<typeof ZBulkResult>;

// ── 任务确认 ─────────────────────────────────────────────────────────────────────────────────

export const ZTaskPayableFilter = z.object({
  status: z.enum(TASK_CONFIRM_STATUSES, { error: '确认状态不存在' }).default('payable'),
  taskId: ZId.optional(),
  serviceCompanyId: ZId.optional(),
  name: z.string().trim().max(50).optional(),
  passedFrom: ZDate('验收开始日期').optional(),
  passedTo: ZDate('验收结束日期').optional(),
});
export const ZTaskPayableQuery = ZPageQuery.extend(ZTaskPayableFilter.shape);
export type TTaskPayableQuery = z.input<typeof ZTaskPayableQuery>;

export const ZTaskPayable = z.object({
  assignmentId: z.number().int(),
  taskId: z.number().int(),
  taskNo: z.string(),
  taskTitle: z.string(),
  serviceCompanyId: z.number().int(),
  serviceCompanyName: z.string(),
  workerId: z.number().int(),
  workerName: z.string(),
  idNumberMasked: z.string(),
  payableFen: ZFen,
  passedAt: z.string(),
  confirmation: ZAssignmentConfirmation,
  /**
   * Why the payroll check would refuse the worker (未实名认证, 实名认证失败, 未签署《…》…; issue
   * 43); empty when they may be paid.
   */
  payBlockers: z.array(z.string()),
});
export type TTaskPayable = z.infer<typeof ZTaskPayable>;

/** The payable amounts matching a filter together (the 全部确认 button's figures). */
export const ZTaskPayableSummary = z.object({ count: z.number().int(), amountFen: ZFen, workers: z.number().int() });
export type TTaskPayableSummary = z.infer<typeof ZTaskPayableSummary>;

/**
 * 确认发放: the payable amounts picked by assignment id, or all matching the filter, of one
 * service company, become a payroll batch (草稿, source 任务确认; one item per worker, the worker's
 * amounts summed), which then goes through the check, approval and payment of any batch.
 */
export const ZTaskConfirmBody = z
  .object({
    title: z.string({ error: '请输入批次名称' }).trim().min(1, '请输入批次名称').max(50, '批次名称最多 50 个字'),
    period: ZPayrollPeriod,
    serviceCompanyId: ZId.describe('服务商'),
    channel: z.enum(PAYOUT_CHANNELS, { error: '请选择发放渠道' }),
    remark: z.string().trim().max(200, '备注最多 200 个字').default(''),
    assignmentIds: ZIds('待确认的金额').optional(),
    filter: ZTaskPayableFilter.omit({ status: true, serviceCompanyId: true }).optional(),
  })
  .refine((b) => (b.assignmentIds === undefined) !== (b.filter === undefined), {
    message: '请选择待确认的金额，或选择全部符合条件的金额',
    path: ['assignmentIds'],
  });
export type TTaskConfirmBody = z.input<typeof ZTaskConfirmBody>;

export const ZTaskConfirmResult = z.object({
  batchId: z.number().int(),
  /** Payroll items (one per worker). */
  itemCount: z.number().int(),
  /** Assignments confirmed. */
  assignmentCount: z.number().int(),
  amountFen: ZFen,
});
export type TTaskConfirmResult = z.infer<typeof ZTaskConfirmResult>;
