/**
 * Invoice applications (申请开票 → 开票记录 → the operator at /ops). The invoiceable amount of a
 * paid batch is the debit total of its paid items minus what applications 待审核 / 已开票 /
 * 已邮寄 take of it; an application (and a resubmission) reads it under a lock of the company and
 * service company, so two at the same moment never together exceed it. Rejected and voided
 * applications give their amounts back by their status alone. With the company's own 开票
 * approval flow (审批管理), an application (and a resubmission) waits 审批中, holding its amount,
 * until the flow approves it into the operator's queue (待审核) or rejects it (已驳回).
 */
import {
  INVOICE_TRANSITIONS,
  invoiceActionsFrom,
  invoiceApplicationNo,
  invoiceTypesAllowed,
  type TCostRule,
  type TInvoiceAction,
  type TInvoiceApplication,
  type TInvoiceApplicationDetail,
  type TInvoiceable,
  type TInvoiceBatch,
  type TInvoiceStatus,
  type TPage,
  type TPayrollStatus,
  type ZInvoiceApplyBody,
  type ZInvoiceBatchQuery,
  type ZInvoiceIssueBody,
  type ZInvoiceMailBody,
  type ZInvoiceQuery,
  type ZOpsInvoiceQuery,
} from '@flexpay/contract';
import type { z } from 'zod';
import type { AuthContext, OperatorContext } from '../../../core/auth.ts';
import type { ServiceContext } from '../../../core/context.ts';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import { conflict, invalidField, notFound } from '../../../lib/errors.ts';
import {
  findStoredFileIn,
  isInStore,
  keepStoredFile,
  readStoredFile,
  storeIncomingFile,
  toUploadedFile,
  type IncomingFile,
} from '../../file/service.ts';
import { listCostRules } from '../../service-company/service.ts';
import { findInfoOf } from '../info/service.ts';
import type { ApprovalOutcomeHandler } from '../../../core/approval.ts';
import { startApproval } from '../../approval/service.ts';
import * as repo from './repo.ts';
import type { SubmittedRange } from '../../../db/submitted-by-period.ts';

type ApplyBody = z.output<typeof ZInvoiceApplyBody>;

/** The invoice PDF an operator uploads: a PDF of at most 10 MB, kept a day unless an issue takes it. */
export const INVOICE_PDF_MAX_BYTES = 10 * 1024 * 1024;
const UPLOAD_RETENTION_MS = 24 * 60 * 60 * 1000;

const NOT_FOUND = '开票申请不存在';
const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toApplication(r: repo.ApplicationListRow): TInvoiceApplication {
  return {
    id: r.id,
    applicationNo: invoiceApplicationNo(r.id),
    companyId: r.companyId,
    companyName: r.companyName,
    serviceCompanyId: r.serviceCompanyId,
    serviceCompanyName: r.serviceCompanyName,
    status: r.status as TInvoiceStatus,
    invoiceType: r.invoiceType === 'special' ? 'special' : 'normal',
    content: r.content,
    amountFen: r.amountFen,
    batchCount: r.batchCount,
    title: r.title,
    taxNo: r.taxNo,
    invoiceNo: r.invoiceNo,
    invoiceDate: r.invoiceDate,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

// ── 可开票金额 and 选择订单 ────────────────────────────────────────────────────────────────────

export async function listInvoiceable(ctx: ServiceContext, auth: AuthContext): Promise<TInvoiceable[]> {
  const [rules, totals] = await Promise.all([
    listCostRules(ctx, auth.companyId),
    repo.findInvoiceableTotals(ctx.db, auth.companyId),
  ]);
  return rules.map((r) => {
    const t = totals.get(r.serviceCompanyId) ?? { paidFen: 0, appliedFen: 0 };
    return {
      serviceCompanyId: r.serviceCompanyId,
      serviceCompanyName: r.serviceCompanyName,
      paidFen: t.paidFen,
      appliedFen: t.appliedFen,
      invoiceableFen: Math.max(0, t.paidFen - t.appliedFen),
      invoiceType: r.invoiceType,
      contents: r.invoiceContents,
    };
  });
}

export async function listInvoiceBatches(
  ctx: ServiceContext,
  auth: AuthContext,
  q: z.output<typeof ZInvoiceBatchQuery>,
): Promise<TPage<TInvoiceBatch>> {
  const [rules, page] = await Promise.all([
    listCostRules(ctx, auth.companyId),
    repo.findBatchPage(
      ctx.db,
      {
        companyId: auth.companyId,
        serviceCompanyId: q.serviceCompanyId,
        title: q.title,
        periodFrom: q.periodFrom,
        periodTo: q.periodTo,
        invoiceable: q.invoiceable,
      },
      q.page,
      q.limit,
    ),
  ]);
  const names = new Map(rules.map((r) => [r.serviceCompanyId, r.serviceCompanyName]));
  return {
    total: page.total,
    rows: page.rows.map((b) => ({
      batchId: b.id,
      title: b.title,
      period: b.period,
      status: b.status as TPayrollStatus,
      serviceCompanyId: b.serviceCompanyId,
      serviceCompanyName: names.get(b.serviceCompanyId) ?? '',
      paidCount: b.paidCount,
      paidFen: b.paidFen,
      appliedFen: b.appliedFen,
      invoiceableFen: Math.max(0, b.paidFen - b.appliedFen),
      createdAt: b.createdAt,
    })),
  };
}

// ── 申请开票 and 编辑开票申请 ──────────────────────────────────────────────────────────────────

/**
 * Checks an application's body against the cost rule, the info and the batches (under the lock)
 * and answers the fields to save. `exceptApplication` is the application being resubmitted.
 */
async function costRuleOf(ctx: ServiceContext, auth: AuthContext, body: ApplyBody) {
  const rule = (await listCostRules(ctx, auth.companyId)).find((r) => r.serviceCompanyId === body.serviceCompanyId);
  if (!rule) throw invalidField('serviceCompanyId', '服务商不存在');
  return rule;
}

async function checkApplication(
  tx: DbOrTx,
  auth: AuthContext,
  body: ApplyBody,
  rule: TCostRule,
  exceptApplication: number | null,
) {
  if (!invoiceTypesAllowed(rule.invoiceType).includes(body.invoiceType)) {
    throw invalidField('invoiceType', '该服务商只开具增值税普通发票');
  }
  if (!rule.invoiceContents.includes(body.content)) {
    throw invalidField('content', '开票内容不在该服务商的开票内容中，请重新选择');
  }
  const info = await findInfoOf(tx, auth.companyId, body.infoId);
  if (!info) throw invalidField('infoId', '开票信息不存在，请重新选择');
  if (body.invoiceType === 'special' && (!info.addressPhone || !info.bankAccount)) {
    throw invalidField('infoId', '开具增值税专用发票需要开票信息中的地址电话和开户行及账号，请先补充');
  }
  await repo.lockInvoiceable(tx, auth.companyId, body.serviceCompanyId);
  const amounts = new Map(
    (
      await repo.findBatchAmounts(
        tx,
        auth.companyId,
        body.batches.map((b) => b.batchId),
        exceptApplication,
      )
    ).map((b) => [b.id, b]),
  );
  for (const [i, b] of body.batches.entries()) {
    const found = amounts.get(b.batchId);
    if (!found) throw invalidField(`batches.${i}.batchId`, '订单不存在');
    if (!found.isPaid) {
      throw invalidField(`batches.${i}.batchId`, `订单「${found.title}」尚未发放完成，不能开票`);
    }
    if (found.serviceCompanyId !== body.serviceCompanyId) {
      throw invalidField(`batches.${i}.batchId`, `订单「${found.title}」不属于所选服务商`);
    }
    const left = Math.max(0, found.paidFen - found.appliedFen);
    if (b.amountFen > left) {
      throw invalidField(
        `batches.${i}.amountFen`,
        `订单「${found.title}」的开票金额超出可开票金额（可开票 ${(left / 100).toFixed(2)} 元）`,
      );
    }
  }
  const amountFen = body.batches.reduce((s, b) => s + b.amountFen, 0);
  return {
    serviceCompanyId: body.serviceCompanyId,
    invoiceType: body.invoiceType,
    content: body.content,
    amountFen,
    infoId: info.id,
    title: info.title,
    taxNo: info.taxNo,
    addressPhone: info.addressPhone,
    bankAccount: info.bankAccount,
    recipient: info.recipient,
    recipientPhone: info.recipientPhone,
    recipientAddress: info.recipientAddress,
    remark: body.remark,
  };
}

export async function applyInvoice(
  ctx: ServiceContext,
  auth: AuthContext,
  body: ApplyBody,
): Promise<TInvoiceApplicationDetail> {
  // The cost rule is read before the transaction (on PGlite the transaction holds the connection).
  const rule = await costRuleOf(ctx, auth, body);
  const id = await ctx.db.transaction(async (tx) => {
    const fields = await checkApplication(tx, auth, body, rule, null);
    const id = await repo.insertApplication(tx, { companyId: auth.companyId, createdBy: auth.adminId, ...fields });
    await repo.replaceBatches(tx, auth.companyId, id, body.batches);
    await startInvoiceApproval(ctx, tx, auth, id, fields.amountFen);
    return id;
  });
  return getApplication(ctx, auth, id);
}

/** The company's 开票 approval, when its flow applies to this amount: the application waits 审批中. */
async function startInvoiceApproval(ctx: ServiceContext, tx: Tx, auth: AuthContext, id: number, amountFen: number) {
  const approval = await startApproval(tx, ctx.registry.approvalOutcomes, {
    companyId: auth.companyId,
    type: 'invoice',
    subject: { kind: 'invoice', id },
    amountFen,
    creatorAdminId: auth.adminId,
    title: `开票 ${invoiceApplicationNo(id)} ¥${(amountFen / 100).toFixed(2)}`,
  });
  if (approval.status === 'pending') await repo.moveApplication(tx, id, ['pending'], { status: 'approving' });
}

/** An application's approval ended: on to the platform's queue (待审核), or 已驳回 with the reason. */
export const onInvoiceApprovalDecided: ApprovalOutcomeHandler = async (tx, request, outcome, comment) => {
  const id = Number(request.subject.id);
  if (outcome === 'approved') {
    await repo.moveApplication(tx, id, ['approving'], { status: 'pending' });
  } else {
    await repo.moveApplication(tx, id, ['approving'], {
      status: 'rejected',
      rejectReason: `审批驳回：${comment}`.slice(0, 200),
      rejectedAt: new Date(),
    });
  }
};

/** 编辑开票申请: a rejected application, changed and submitted again (待审核). */
export async function resubmitApplication(
  ctx: ServiceContext,
  auth: AuthContext,
  id: number,
  body: ApplyBody,
): Promise<TInvoiceApplicationDetail> {
  const rule = await costRuleOf(ctx, auth, body);
  await ctx.db.transaction(async (tx) => {
    const row = await repo.findApplication(tx, auth.companyId, id, true);
    if (!row) throw notFound(NOT_FOUND);
    const t = INVOICE_TRANSITIONS.resubmit;
    if (!t.from.includes(row.status as TInvoiceStatus)) throw conflict(t.refusal);
    const fields = await checkApplication(tx, auth, body, rule, id);
    await repo.moveApplication(tx, id, t.from, {
      ...fields,
      status: 'pending',
      rejectReason: null,
      rejectedAt: null,
      operatorId: null,
    });
    await repo.replaceBatches(tx, auth.companyId, id, body.batches);
    await startInvoiceApproval(ctx, tx, auth, id, fields.amountFen);
  });
  return getApplication(ctx, auth, id);
}

// ── 开票记录 and 开票详情 ─────────────────────────────────────────────────────────────────────

export async function listApplications(
  ctx: ServiceContext,
  auth: AuthContext,
  q: z.output<typeof ZInvoiceQuery>,
): Promise<TPage<TInvoiceApplication>> {
  const page = await repo.findApplicationPage(ctx.db, filtersOf(auth.companyId, q), q.page, q.limit);
  return { total: page.total, rows: page.rows.map(toApplication) };
}

export function filtersOf(companyId: number | null, q: z.output<typeof ZInvoiceQuery>): repo.ApplicationFilters {
  const no = q.applicationNo?.toUpperCase().replace(/^FP/, '');
  return {
    companyId,
    status: q.status,
    serviceCompanyId: q.serviceCompanyId,
    // An application number that is not FP + digits finds nothing.
    id: no === undefined || no === '' ? undefined : /^\d{1,15}$/.test(no) ? Number(no) : -1,
    invoiceNo: q.invoiceNo,
    createdFrom: q.createdFrom,
    createdTo: q.createdTo,
  };
}

async function detailOf(
  ctx: ServiceContext,
  db: DbOrTx,
  companyId: number | null,
  id: number,
  forOperator: boolean,
): Promise<TInvoiceApplicationDetail> {
  const row = await repo.findApplication(db, companyId, id);
  if (!row) throw notFound(NOT_FOUND);
  const [listed] = await repo.findApplicationRows(db, [id]);
  if (!listed) throw notFound(NOT_FOUND);
  const file = row.invoiceFileId ? await findStoredFileIn(db, row.companyId, row.invoiceFileId) : undefined;
  const status = row.status as TInvoiceStatus;
  const actions = invoiceActionsFrom(status).filter((a) => (a === 'resubmit') !== forOperator);
  return {
    ...toApplication(listed),
    infoId: row.infoId,
    addressPhone: row.addressPhone,
    bankAccount: row.bankAccount,
    recipient: row.recipient,
    recipientPhone: row.recipientPhone,
    recipientAddress: row.recipientAddress,
    remark: row.remark,
    batches: await repo.findApplicationBatches(db, row.companyId, id),
    creator: { id: row.createdBy, name: listed.creatorName },
    rejectReason: row.rejectReason,
    rejectedAt: iso(row.rejectedAt),
    issuedAt: iso(row.issuedAt),
    invoiceFile: file ? toUploadedFile(file) : null,
    courier: row.courier,
    trackingNo: row.trackingNo,
    mailedAt: iso(row.mailedAt),
    voidReason: row.voidReason,
    voidedAt: iso(row.voidedAt),
    actions,
  };
}

export const getApplication = (ctx: ServiceContext, auth: AuthContext, id: number) =>
  detailOf(ctx, ctx.db, auth.companyId, id, false);

/** The invoice PDF of an issued (or mailed, or voided) application of the company, or of any (operator). */
async function invoicePdfOf(ctx: ServiceContext, companyId: number | null, id: number) {
  const row = await repo.findApplication(ctx.db, companyId, id);
  if (!row) throw notFound(NOT_FOUND);
  const file = row.invoiceFileId ? await findStoredFileIn(ctx.db, row.companyId, row.invoiceFileId) : undefined;
  if (!file || !(await isInStore(ctx, file))) throw notFound('发票文件不存在');
  const fileName = `发票_${row.invoiceNo ?? invoiceApplicationNo(row.id)}.pdf`;
  return { file, fileName, body: readStoredFile(ctx, file) };
}

export const invoicePdf = (ctx: ServiceContext, auth: AuthContext, id: number) => invoicePdfOf(ctx, auth.companyId, id);

// ── The operator at /ops ─────────────────────────────────────────────────────────────────────

export async function listOpsApplications(
  ctx: ServiceContext,
  q: z.output<typeof ZOpsInvoiceQuery>,
): Promise<TPage<TInvoiceApplication>> {
  const page = await repo.findApplicationPage(
    ctx.db,
    { ...filtersOf(null, q), companyName: q.companyName },
    q.page,
    q.limit,
    q.status === 'pending',
  );
  return { total: page.total, rows: page.rows.map(toApplication) };
}

export const getOpsApplication = (ctx: ServiceContext, id: number) => detailOf(ctx, ctx.db, null, id, true);

export const opsInvoicePdf = (ctx: ServiceContext, id: number) => invoicePdfOf(ctx, null, id);

/** The operator uploads the invoice PDF of a pending application (checked to be a PDF). */
export async function uploadInvoicePdf(ctx: ServiceContext, op: OperatorContext, id: number, incoming: IncomingFile) {
  const row = await repo.findApplication(ctx.db, null, id);
  if (!row) {
    incoming.body.resume();
    throw notFound(NOT_FOUND);
  }
  if (row.status !== 'pending') {
    incoming.body.resume();
    throw conflict('只有待审核的申请可以上传发票');
  }
  const file = await storeIncomingFile(ctx, { companyId: row.companyId, adminId: null }, incoming, {
    purpose: 'invoice',
    allowed: ['pdf'],
    maxBytes: INVOICE_PDF_MAX_BYTES,
    expiresAt: new Date(ctx.now().getTime() + UPLOAD_RETENTION_MS),
  });
  void op;
  return toUploadedFile(file);
}

/** Runs an operator's transition: refused (40900) from a status its table does not allow. */
async function moveByOperator(
  ctx: ServiceContext,
  op: OperatorContext,
  id: number,
  action: Exclude<TInvoiceAction, 'resubmit'>,
  values: (tx: DbOrTx, row: repo.ApplicationRow) => Promise<Partial<repo.NewApplication>>,
): Promise<TInvoiceApplicationDetail> {
  const t = INVOICE_TRANSITIONS[action];
  await ctx.db.transaction(async (tx) => {
    const row = await repo.findApplication(tx, null, id, true);
    if (!row) throw notFound(NOT_FOUND);
    if (!t.from.includes(row.status as TInvoiceStatus)) throw conflict(t.refusal);
    const moved = await repo.moveApplication(tx, id, t.from, {
      ...(await values(tx, row)),
      status: t.to ?? row.status,
      operatorId: op.operatorId,
    });
    if (!moved) throw conflict(t.refusal);
  });
  return getOpsApplication(ctx, id);
}

export const issueInvoice = (
  ctx: ServiceContext,
  op: OperatorContext,
  id: number,
  body: z.output<typeof ZInvoiceIssueBody>,
) =>
  moveByOperator(ctx, op, id, 'issue', async (tx, row) => {
    const file = await findStoredFileIn(tx, row.companyId, body.fileId);
    if (!file || file.purpose !== 'invoice' || file.contentType !== 'application/pdf') {
      throw invalidField('fileId', '发票文件不存在，请重新上传');
    }
    await keepStoredFile(tx, row.companyId, file.id);
    return {
      invoiceFileId: file.id,
      invoiceNo: body.invoiceNo.toUpperCase(),
      invoiceDate: body.invoiceDate,
      issuedAt: ctx.now(),
    };
  });

export const mailInvoice = (
  ctx: ServiceContext,
  op: OperatorContext,
  id: number,
  body: z.output<typeof ZInvoiceMailBody>,
) =>
  moveByOperator(ctx, op, id, 'mail', async () => ({
    courier: body.courier,
    trackingNo: body.trackingNo.toUpperCase(),
    mailedAt: ctx.now(),
  }));

export const rejectApplication = (ctx: ServiceContext, op: OperatorContext, id: number, reason: string) =>
  moveByOperator(ctx, op, id, 'reject', async () => ({ rejectReason: reason, rejectedAt: ctx.now() }));

export const voidInvoice = (ctx: ServiceContext, op: OperatorContext, id: number, reason: string) =>
  moveByOperator(ctx, op, id, 'void', async () => ({ voidReason: reason, voidedAt: ctx.now() }));

/** 提交统计: the applications made in a range (统计中心), by period, status and service company. */
export function countApplicationsSubmitted(db: DbOrTx, range: SubmittedRange) {
  return repo.findApplicationsSubmitted(db, range);
}
