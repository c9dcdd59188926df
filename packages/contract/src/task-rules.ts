/**
 * Task orders (任务订单, DOMAIN section 4) without zod, for the web bundle (see web.ts): the
 * statuses with their Chinese names, the two state machines as transition tables (the web offers
 * only the actions a table allows from the current status; the server refuses the rest), the
 * settlement kinds and the amount rules, the editing rule and the pick-person wizard's state.
 */
import type { TElementCode } from './permissions.ts';

// ── Task orders ──────────────────────────────────────────────────────────────────────────────

/** 草稿 → 已发布 → 进行中 → 待验收 → 已完成, or 已取消. */
export const TASK_STATUSES = ['draft', 'published', 'in_progress', 'accepting', 'completed', 'cancelled'] as const;
export type TTaskStatus = (typeof TASK_STATUSES)[number];
export const TASK_STATUS_LABELS: Record<TTaskStatus, string> = {
  draft: '草稿',
  published: '已发布',
  in_progress: '进行中',
  accepting: '待验收',
  completed: '已完成',
  cancelled: '已取消',
};

/** What an admin can do to a task order, each a transition of its status. */
export const TASK_ACTIONS = ['publish', 'start', 'finish', 'complete', 'cancel'] as const;
export type TTaskAction = (typeof TASK_ACTIONS)[number];

export interface TTransition<S extends string> {
  /** The statuses the action is allowed from; any other answers 40900 with `refusal`. */
  from: readonly S[];
  /** The status after it; null when the record goes away (a declined or removed assignment). */
  to: S | null;
  /** The button's text. */
  label: string;
  /** The element the admin needs (40301 without it). */
  element: TElementCode;
  /** The audit action written for it. */
  audit: string;
  /** Why it is refused from another status. */
  refusal: string;
}

/**
 * The task order's state machine. Besides its status, the server holds two conditions: 完成任务
 * waits for every submitted delivery to be reviewed, and 取消任务 is refused once a delivery is
 * submitted or passed (that work is reviewed and paid, not cancelled). Recording the first 接单 of
 * a 已发布 task also moves it to 进行中 (within the answer, under `task:answer`).
 */
export const TASK_TRANSITIONS: Readonly<Record<TTaskAction, TTransition<TTaskStatus>>> = {
  publish: {
    from: ['draft'],
    to: 'published',
    label: '发布',
    element: 'task:publish',
    audit: 'task.publish',
    refusal: '只有草稿状态的任务可以发布',
  },
  start: {
    from: ['published'],
    to: 'in_progress',
    label: '开始执行',
    element: 'task:publish',
    audit: 'task.start',
    refusal: '只有已发布的任务可以开始执行',
  },
  finish: {
    from: ['in_progress'],
    to: 'accepting',
    label: '结束作业，进入验收',
    element: 'task:publish',
    audit: 'task.finish',
    refusal: '只有进行中的任务可以进入验收',
  },
  complete: {
    from: ['accepting'],
    to: 'completed',
    label: '完成任务',
    element: 'task:review',
    audit: 'task.complete',
    refusal: '只有待验收的任务可以完成',
  },
  cancel: {
    from: ['draft', 'published', 'in_progress'],
    to: 'cancelled',
    label: '取消任务',
    element: 'task:publish',
    audit: 'task.cancel',
    refusal: '待验收、已完成或已取消的任务不能取消',
  },
};

/** The task's actions allowed from a status (by its status alone). */
export function taskActionsFrom(status: TTaskStatus): TTaskAction[] {
  return TASK_ACTIONS.filter((a) => TASK_TRANSITIONS[a].from.includes(status));
}

// ── 任务记录 ─────────────────────────────────────────────────────────────────────────────────

/** What 任务记录 records: the task's own transitions, then each worker's. */
export const TASK_EVENT_ACTIONS = [
  'create',
  'update',
  'publish',
  'start',
  'autoStart',
  'finish',
  'complete',
  'cancel',
  'assign',
  'unassign',
  'amount',
  'accept',
  'decline',
  'submit',
  'resubmit',
  'pass',
  'reject',
  'confirm',
] as const;
export type TTaskEventAction = (typeof TASK_EVENT_ACTIONS)[number];
export const TASK_EVENT_LABELS: Record<TTaskEventAction, string> = {
  create: '新建任务',
  update: '编辑任务',
  publish: '发布任务',
  start: '开始执行',
  autoStart: '开始执行',
  finish: '结束作业，进入验收',
  complete: '完成任务',
  cancel: '取消任务',
  assign: '选择人员',
  unassign: '移除人员',
  amount: '修改约定金额',
  accept: '接单',
  decline: '拒绝接单',
  submit: '上传成果',
  resubmit: '重新提交成果',
  pass: '验收通过',
  reject: '验收驳回',
  confirm: '任务确认',
};
/** The worker's own steps, which an admin records on the worker's behalf. */
export const TASK_EVENTS_ON_BEHALF: readonly TTaskEventAction[] = ['accept', 'decline', 'submit', 'resubmit'];
/** 任务详情 shows at most this many records (the newest). */
export const TASK_HISTORY_LIMIT = 500;

/**
 * The one rule of 已发布 → 进行中: the first 接单 recorded starts the task (and 任务记录 says so);
 * 开始执行 starts it before anyone has answered. Said by the 接单 confirmations and 开始执行's.
 */
export const TASK_AUTO_START_RULE = '已发布的任务在第一位人员接单时自动开始执行（进行中）';

/** Where workers may be picked (选择人员) for a task. */
export const TASK_ASSIGNABLE_STATUSES: readonly TTaskStatus[] = ['published', 'in_progress'];
/** Where a worker's answer (接单) may be recorded. */
export const TASK_ANSWERABLE_STATUSES: readonly TTaskStatus[] = ['published', 'in_progress'];
/** Where deliveries may be uploaded (上传成果) and reviewed. */
export const TASK_DELIVERABLE_STATUSES: readonly TTaskStatus[] = ['in_progress', 'accepting'];
/** Where a task may be edited at all (编辑任务). */
export const TASK_EDITABLE_STATUSES: readonly TTaskStatus[] = ['draft', 'published', 'in_progress', 'accepting'];

// ── Settlement and amounts ───────────────────────────────────────────────────────────────────

/** 结算方式: 按件 (unit price × pieces), 按时 (unit price × hours), 固定金额 (the price per worker). */
export const TASK_SETTLEMENTS = ['piece', 'hour', 'fixed'] as const;
export type TTaskSettlement = (typeof TASK_SETTLEMENTS)[number];
export const TASK_SETTLEMENT_LABELS: Record<TTaskSettlement, string> = {
  piece: '按件',
  hour: '按时',
  fixed: '固定金额',
};
/** The unit a quantity counts in, and the price's label (`元/件`). */
export const TASK_SETTLEMENT_UNITS: Record<TTaskSettlement, string> = { piece: '件', hour: '小时', fixed: '人' };

/** An amount in fen: at least one fen, at most the largest payroll item (1 亿元). */
export const TASK_AMOUNT_MIN_FEN = 1;
export const TASK_AMOUNT_MAX_FEN = 10_000_000_000;
/** A quantity (pieces or hours) has at most two decimals and is at most this. */
export const TASK_QUANTITY_MAX = 1_000_000;
/** At most this many workers on one task (招募人数). */
export const TASK_HEADCOUNT_MAX = 100_000;
/** At most this many attachments on a task or a delivery. */
export const TASK_FILES_MAX = 20;
/** At most this many ids in one bulk request (assign by ids, bulk answer or review, confirm by ids). */
export const TASK_BULK_MAX = 100_000;

/** Quantities travel as numbers with at most two decimals and are stored in hundredths. */
export const quantityToCenti = (quantity: number) => Math.round(quantity * 100);
export const centiToQuantity = (centi: number) => centi / 100;

/**
 * The amount of a quantity at a settlement, in integer fen: 固定金额 is the price itself whatever
 * the quantity; 按件 and 按时 are round-half-up(unit price × quantity). `quantityCenti` is the
 * quantity in hundredths (2.5 hours = 250).
 */
export function settlementAmountFen(settlement: TTaskSettlement, unitPriceFen: number, quantityCenti: number): number {
  if (settlement === 'fixed') return unitPriceFen;
  // Integer arithmetic: unit price × centi is exact up to 2^53, then rounded half up to whole fen.
  return Math.floor((unitPriceFen * quantityCenti + 50) / 100);
}

/** Why an amount (fen) cannot be paid through a payroll batch, or null. */
export function taskAmountError(amountFen: number, label = '金额'): string | null {
  if (!Number.isInteger(amountFen)) return `${label}最多两位小数`;
  if (amountFen < TASK_AMOUNT_MIN_FEN) return `${label}必须大于 0`;
  if (amountFen > TASK_AMOUNT_MAX_FEN) return `${label}不能超过 1 亿元`;
  return null;
}

/** Why a task's agreed total (fen) exceeds its budget, or null (a task without budget has no cap). */
export function budgetError(budgetFen: number | null, agreedTotalFen: number): string | null {
  if (budgetFen === null) return null;
  return agreedTotalFen > budgetFen ? '约定金额合计超出任务预算' : null;
}

// ── Editing (编辑任务) ───────────────────────────────────────────────────────────────────────

/** The fields of a task order, as the edit form and the server name them. */
export const TASK_FIELDS = [
  'title',
  'jobTypeId',
  'serviceCompanyId',
  'description',
  'location',
  'startDate',
  'endDate',
  'headcount',
  'settlement',
  'unitPriceFen',
  'plannedQuantity',
  'budgetFen',
  'attachmentIds',
] as const;
export type TTaskField = (typeof TASK_FIELDS)[number];
export const TASK_FIELD_LABELS: Record<TTaskField, string> = {
  title: '任务名称',
  jobTypeId: '工种',
  serviceCompanyId: '服务商',
  description: '任务描述',
  location: '工作地点',
  startDate: '开始日期',
  endDate: '结束日期',
  headcount: '招募人数',
  settlement: '结算方式',
  unitPriceFen: '单价',
  plannedQuantity: '每人数量',
  budgetFen: '预算',
  attachmentIds: '附件',
};

/**
 * Once a worker is assigned, only what cannot hurt an agreed worker changes: the title,
 * description, location and attachments freely; the end date only later; the headcount not below
 * the workers assigned; the budget not below the agreed total. These stay as they are.
 */
export const TASK_FIELDS_LOCKED_AFTER_ASSIGNMENT: readonly TTaskField[] = [
  'jobTypeId',
  'serviceCompanyId',
  'startDate',
  'settlement',
  'unitPriceFen',
  'plannedQuantity',
];

// ── Assignments (per worker) ─────────────────────────────────────────────────────────────────

/** 待接单 → 已接单 → 已提交 → 已通过 | 已驳回 (→ 已提交 again). */
export const ASSIGNMENT_STATUSES = ['pending', 'accepted', 'submitted', 'passed', 'rejected'] as const;
export type TAssignmentStatus = (typeof ASSIGNMENT_STATUSES)[number];
export const ASSIGNMENT_STATUS_LABELS: Record<TAssignmentStatus, string> = {
  pending: '待接单',
  accepted: '已接单',
  submitted: '已提交',
  passed: '已通过',
  rejected: '已驳回',
};

export const ASSIGNMENT_ACTIONS = ['accept', 'decline', 'remove', 'submit', 'pass', 'reject', 'resubmit'] as const;
export type TAssignmentAction = (typeof ASSIGNMENT_ACTIONS)[number];

/**
 * The assignment's state machine. Workers have no login here: the admin records the answer
 * (接单 or 拒绝; a declined assignment is removed, its place free again) and uploads the delivery.
 */
export const ASSIGNMENT_TRANSITIONS: Readonly<Record<TAssignmentAction, TTransition<TAssignmentStatus>>> = {
  accept: {
    from: ['pending'],
    to: 'accepted',
    label: '记录接单',
    element: 'task:answer',
    audit: 'task.answer',
    refusal: '只有待接单的人员可以记录接单',
  },
  decline: {
    from: ['pending'],
    to: null,
    label: '记录拒绝',
    element: 'task:answer',
    audit: 'task.answer',
    refusal: '只有待接单的人员可以记录拒绝',
  },
  remove: {
    from: ['pending'],
    to: null,
    label: '移除',
    element: 'task:assign',
    audit: 'task.unassign',
    refusal: '已接单的人员不能移除',
  },
  submit: {
    from: ['accepted'],
    to: 'submitted',
    label: '上传成果',
    element: 'task:deliver',
    audit: 'task.deliver',
    refusal: '只有已接单的人员可以上传成果',
  },
  pass: {
    from: ['submitted'],
    to: 'passed',
    label: '验收通过',
    element: 'task:review',
    audit: 'task.review',
    refusal: '只有已提交的成果可以验收',
  },
  reject: {
    from: ['submitted'],
    to: 'rejected',
    label: '驳回',
    element: 'task:review',
    audit: 'task.review',
    refusal: '只有已提交的成果可以驳回',
  },
  resubmit: {
    from: ['rejected'],
    to: 'submitted',
    label: '重新提交成果',
    element: 'task:deliver',
    audit: 'task.deliver',
    refusal: '只有已驳回的成果可以重新提交',
  },
};

/** The assignment's actions allowed from a status (the task's status limits them too). */
export function assignmentActionsFrom(status: TAssignmentStatus): TAssignmentAction[] {
  return ASSIGNMENT_ACTIONS.filter((a) => ASSIGNMENT_TRANSITIONS[a].from.includes(status));
}

/** Where an assignment's agreed amount may still be changed: before any delivery. */
export const ASSIGNMENT_AMOUNT_EDITABLE_STATUSES: readonly TAssignmentStatus[] = ['pending', 'accepted'];

// ── Deliveries (上传成果), one round each ─────────────────────────────────────────────────────

export const DELIVERY_STATUSES = ['reviewing', 'passed', 'rejected'] as const;
export type TDeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export const DELIVERY_STATUS_LABELS: Record<TDeliveryStatus, string> = {
  reviewing: '待验收',
  passed: '已通过',
  rejected: '已驳回',
};

// ── 任务确认: passed deliveries as payable amounts ────────────────────────────────────────────

/** 待确认 (payable), 已确认 (an item of a batch that is not cancelled). A cancelled batch gives the amount back. */
export const TASK_CONFIRM_STATUSES = ['payable', 'confirmed'] as const;
export type TTaskConfirmStatus = (typeof TASK_CONFIRM_STATUSES)[number];
export const TASK_CONFIRM_STATUS_LABELS: Record<TTaskConfirmStatus, string> = {
  payable: '待确认',
  confirmed: '已确认',
};

// ── 任务中心 ─────────────────────────────────────────────────────────────────────────────────

/** The workbench's two queues: deliveries waiting for review, assignments waiting for an answer. */
export const TASK_CENTER_KINDS = ['review', 'answer'] as const;
export type TTaskCenterKind = (typeof TASK_CENTER_KINDS)[number];
export const TASK_CENTER_KIND_LABELS: Record<TTaskCenterKind, string> = {
  review: '待验收成果',
  answer: '待接单',
};

// ── 选择人员 (the pick-person wizard, spec section 3) ────────────────────────────────────────

export const SELECT_EMPLOYEES_STEPS = ['task', 'workers', 'confirm'] as const;
export type TSelectEmployeesStep = (typeof SELECT_EMPLOYEES_STEPS)[number];
export const SELECT_EMPLOYEES_STEP_LABELS: Record<TSelectEmployeesStep, string> = {
  task: '选择任务',
  workers: '选择人员',
  confirm: '确认',
};

/**
 * The wizard's state as the spec names it (whom, step, the two flash-page flags, the selected
 * employee ids), kept where a reload or a back navigation finds it (the URL or session storage):
 * `whom` is the task's id, `step` the step's index, `byEmployeeIds` the workers picked page by
 * page, or `allMatching` the worker list's filters when "select all matching" was chosen
 * (`excludeIds` then the ones unticked). The flash flags say a step's page was left and must
 * reload its list when shown again.
 */
export interface TSelectEmployeesState {
  whom: number | null;
  step: 0 | 1 | 2;
  stepName: TSelectEmployeesStep;
  flashTaskPage: boolean;
  flashWorkerPage: boolean;
  byEmployeeIds: number[];
  allMatching: Record<string, string | number> | null;
  excludeIds: number[];
}

/** The session storage key of the wizard's state. */
export const SELECT_EMPLOYEES_STORAGE_KEY = 'selectEmployees';

/** The Chinese names of the task area's audit actions (操作日志). */
export const TASK_AUDIT_ACTION_LABELS: Record<string, string> = {
  'task.create': '新建任务',
  'task.update': '编辑任务',
  'task.publish': '发布任务',
  'task.start': '开始执行任务',
  'task.finish': '任务进入验收',
  'task.complete': '完成任务',
  'task.cancel': '取消任务',
  'task.assign': '选择人员',
  'task.unassign': '移除任务人员',
  'task.assignmentAmount': '修改约定金额',
  'task.answer': '记录接单',
  'task.deliver': '上传成果',
  'task.review': '验收成果',
  'task.confirm': '任务确认发起发放',
};
