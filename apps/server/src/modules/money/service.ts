/** Top-ups (充值), payment accounts (付款账户), balances and 资金明细 (DOMAIN section 5). */
import {
  Code,
  formatFen,
  TOPUP_STATUS_LABELS,
  TOPUP_WITHDRAWABLE_STATUSES,
  type TBalance,
  type TLedgerEntry,
  type TLedgerEntryType,
  type TPage,
  type TPaymentAccount,
  type TTopup,
  type TTopupDetail,
  type TTopupStatus,
  type ZLedgerEntryFilters,
  type ZLedgerEntryQuery,
  type ZPaymentAccountBody,
  type ZTopupBody,
  type ZTopupQuery,
} from '@flexpay/contract';
import type { z } from 'zod';
import type { ServiceContext } from '../../core/context.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { AppError, invalidField, notFound } from '../../lib/errors.ts';
import type { AuthContext } from '../../core/auth.ts';
import type { ApprovalOutcomeHandler } from '../../core/approval.ts';
import { getLatestRequestOf, startApproval, withdrawApprovalOf } from '../approval/service.ts';
import { getCompanyName } from '../company/service.ts';
import { findStoredFile, findStoredFileIn } from '../file/service.ts';
import { getBalances, listEntries, postTransfer, type EntryFilters } from '../ledger/service.ts';
import { findEnabledLink, listCostRules, serviceCompanyNames } from '../service-company/service.ts';
import * as repo from './repo.ts';
import type { SubmittedRange } from '../../db/submitted-by-period.ts';

/** The start of a calendar day in China (the console's time zone), and of the day after. */
const dayStart = (date: string) => new Date(`${date}T00:00:00+08:00`);
const dayAfter = (date: string) => new Date(dayStart(date).getTime() + 86_400_000);

// ---- Payment accounts ----

const toPaymentAccount = (r: repo.PaymentAccountRow): TPaymentAccount => ({
  id: r.id,
  bank: r.bank,
  accountName: r.accountName,
  accountNo: r.accountNo,
  branch: r.branch,
  isDefault: r.isDefault,
  createdAt: r.createdAt.toISOString(),
});

type PaymentAccountInput = z.output<typeof ZPaymentAccountBody>;

export async function listPaymentAccounts(ctx: ServiceContext, auth: AuthContext): Promise<TPaymentAccount[]> {
  return (await repo.findPaymentAccounts(ctx.db, auth.companyId)).map(toPaymentAccount);
}

async function checkPaymentAccount(tx: Tx, companyId: number, input: PaymentAccountInput, exceptId?: number) {
  const name = await getCompanyName(tx, companyId);
  if (input.accountName !== name) throw invalidField('accountName', `账户名称必须与企业名称「${name}」一致`);
  if (await repo.findPaymentAccountByNumber(tx, companyId, input.accountNo, exceptId)) {
    throw invalidField('accountNo', '该银行账号已添加');
  }
}

/** Adds an account; the first one, or one marked default, becomes the only default. */
export async function createPaymentAccount(ctx: ServiceContext, auth: AuthContext, input: PaymentAccountInput) {
  return ctx.db.transaction(async (tx) => {
    await repo.lockCompanyPaymentAccounts(tx, auth.companyId);
    await checkPaymentAccount(tx, auth.companyId, input);
    const first = !(await repo.findOldestPaymentAccount(tx, auth.companyId));
    const isDefault = input.isDefault || first;
    if (isDefault) await repo.clearDefaultPaymentAccount(tx, auth.companyId);
    return toPaymentAccount(await repo.insertPaymentAccount(tx, { ...input, isDefault, companyId: auth.companyId }));
  });
}

export async function updatePaymentAccount(
  ctx: ServiceContext,
  auth: AuthContext,
  id: number,
  input: PaymentAccountInput,
) {
  return ctx.db.transaction(async (tx) => {
    await repo.lockCompanyPaymentAccounts(tx, auth.companyId);
    const current = await repo.findPaymentAccount(tx, auth.companyId, id);
    if (!current) throw notFound('付款账户不存在');
    await checkPaymentAccount(tx, auth.companyId, input, id);
    // Unsetting the default is done by making another one the default, so exactly one stays.
    const isDefault = current.isDefault || input.isDefault;
    if (isDefault && !current.isDefault) await repo.clearDefaultPaymentAccount(tx, auth.companyId);
    const row = await repo.updatePaymentAccount(tx, auth.companyId, id, { ...input, isDefault });
    if (!row) throw notFound('付款账户不存在');
    return toPaymentAccount(row);
  });
}

export async function setDefaultPaymentAccount(ctx: ServiceContext, auth: AuthContext, id: number) {
  return ctx.db.transaction(async (tx) => {
    await repo.lockCompanyPaymentAccounts(tx, auth.companyId);
    if (!(await repo.findPaymentAccount(tx, auth.companyId, id))) throw notFound('付款账户不存在');
    await repo.clearDefaultPaymentAccount(tx, auth.companyId);
    const row = await repo.updatePaymentAccount(tx, auth.companyId, id, { isDefault: true });
    if (!row) throw notFound('付款账户不存在');
    return toPaymentAccount(row);
  });
}

/** Removes an account; when it was the default, the oldest remaining one becomes the default. */
export async function deletePaymentAccount(ctx: ServiceContext, auth: AuthContext, id: number): Promise<null> {
  return ctx.db.transaction(async (tx) => {
    await repo.lockCompanyPaymentAccounts(tx, auth.companyId);
    const current = await repo.findPaymentAccount(tx, auth.companyId, id);
    if (!current) throw notFound('付款账户不存在');
    await repo.deletePaymentAccount(tx, auth.companyId, id);
    if (current.isDefault) {
      const next = await repo.findOldestPaymentAccount(tx, auth.companyId);
      if (next) await repo.updatePaymentAccount(tx, auth.companyId, next.id, { isDefault: true });
    }
    return null;
  });
}

// ---- Top-ups ----

/** A top-up as answered: `companyId` scopes the voucher's other uses to that company (the company's own view). */
export const toTopup = (r: repo.TopupRow, companyId?: number): TTopup => ({
  id: r.id,
  companyId: r.companyId,
  companyName: r.companyName,
  serviceCompanyId: r.serviceCompanyId,
  serviceCompanyName: r.serviceCompanyName,
  amountFen: r.amountFen,
  payer: { bank: r.payerBank, accountName: r.payerAccountName, accountNo: r.payerAccountNo },
  voucherFileId: r.voucherFileId,
  remark: r.remark,
  status: r.status as TTopupStatus,
  rejectReason: r.rejectReason,
  createdAt: r.createdAt.toISOString(),
  decidedAt: r.decidedAt?.toISOString() ?? null,
  transferId: r.transferId,
  voucherReuses: r.voucherReuses
    .filter((o) => companyId === undefined || o.companyId === companyId)
    .map((o) => ({
      id: o.id,
      companyName: o.companyName,
      status: o.status as TTopupStatus,
      amountFen: Number(o.amountFen),
      createdAt: new Date(o.createdAt).toISOString(),
    })),
});

const VOUCHER_TYPES = new Set(['image/png', 'image/jpeg', 'application/pdf']);

/** A company admin records a top-up it has transferred: 待确认 until an operator decides. */
export async function createTopup(
  ctx: ServiceContext,
  tx: Tx,
  auth: AuthContext,
  input: z.output<typeof ZTopupBody>,
): Promise<TTopup> {
  if (!(await findEnabledLink(tx, auth.companyId, input.serviceCompanyId))) {
    throw invalidField('serviceCompanyId', '未签约该服务商，不能向其充值');
  }
  const payer = await repo.findPaymentAccount(tx, auth.companyId, input.paymentAccountId);
  if (!payer) throw invalidField('paymentAccountId', '付款账户不存在，请先添加付款账户');
  const voucher = await findStoredFileIn(tx, auth.companyId, input.voucherFileId);
  if (!voucher || voucher.purpose !== 'upload') throw invalidField('voucherFileId', '转账凭证不存在，请重新上传');
  if (!VOUCHER_TYPES.has(voucher.contentType)) {
    throw invalidField('voucherFileId', '转账凭证须为图片（PNG、JPG）或 PDF 文件');
  }
  if (voucher.sha256) {
    const open = await repo.findOpenTopupsWithVoucher(tx, auth.companyId, voucher.sha256);
    if (open.length) {
      const used = open.map((o) => `#${o.id}（${TOPUP_STATUS_LABELS[o.status as TTopupStatus]}）`).join('、');
      throw invalidField('voucherFileId', `该转账凭证已用于充值 ${used}，同一凭证不能重复充值，请上传本次转账的凭证`);
    }
  }
  const id = await repo.insertTopup(tx, {
    companyId: auth.companyId,
    serviceCompanyId: input.serviceCompanyId,
    amountFen: input.amountFen,
    payerBank: payer.bank,
    payerAccountName: payer.accountName,
    payerAccountNo: payer.accountNo,
    voucherFileId: voucher.id,
    voucherSha256: voucher.sha256,
    remark: input.remark,
    createdBy: auth.adminId,
  });
  // The company's own approval flow for top-ups, when it has one for this amount (审批管理).
  const approval = await startApproval(tx, ctx.registry.approvalOutcomes, {
    companyId: auth.companyId,
    type: 'topup',
    subject: { kind: 'topup', id },
    amountFen: input.amountFen,
    creatorAdminId: auth.adminId,
    title: `充值 ¥${formatFen(input.amountFen)}`,
  });
  if (approval.status === 'pending') await repo.setTopupApproving(tx, id);
  const row = await repo.findTopup(tx, id, auth.companyId);
  if (!row) throw new Error('top-up vanished');
  return toTopup(row, auth.companyId);
}

/** A top-up's approval ended: it goes on to the platform's queue, or is 已驳回 with the reason. */
export const onTopupApprovalDecided: ApprovalOutcomeHandler = async (tx, request, outcome, comment) => {
  const id = Number(request.subject.id);
  if (outcome === 'approved') await repo.finishTopupApproval(tx, id, { status: 'pending' });
  else
    await repo.finishTopupApproval(tx, id, {
      status: 'rejected',
      rejectReason: `审批驳回：${comment}`.slice(0, 200),
      decidedAt: new Date(),
    });
};

export type TopupListQuery = z.output<typeof ZTopupQuery> & {
  companyId?: number | undefined;
  /** The operator's view, which leaves out top-ups still in the company's approval. */
  forOperator?: boolean;
};

/** Top-ups, newest first; the operator's queue of 待确认 (status pending, any company) oldest first. */
export async function listTopups(db: DbOrTx, q: TopupListQuery, oldestFirst = false): Promise<TPage<TTopup>> {
  const page = await repo.findTopupPage(
    db,
    {
      companyId: q.companyId,
      status: q.status,
      from: q.from ? dayStart(q.from) : undefined,
      to: q.to ? dayAfter(q.to) : undefined,
      hideApproving: q.forOperator ?? false,
    },
    q.page,
    q.limit,
    oldestFirst,
  );
  return { total: page.total, rows: page.rows.map((r) => toTopup(r, q.companyId)) };
}

/**
 * One top-up of the company, or of any company for the operator (who does not see one still in
 * the company's approval); 40400 otherwise.
 */
export async function getTopup(db: DbOrTx, id: number, companyId?: number): Promise<TTopup> {
  const row = await repo.findTopup(db, id, companyId);
  if (!row || (companyId === undefined && row.status === 'approving')) throw notFound('充值记录不存在');
  return toTopup(row, companyId);
}

const ALREADY = {
  confirmed: '该充值已确认到账，请勿重复操作',
  rejected: '该充值已驳回，不能再处理',
  withdrawn: '该充值已被企业撤回，不能再处理',
} as const;

/** A top-up the operator may decide: 待确认 (one in the company's approval is not theirs yet). */
function assertPendingForOperator(row: repo.TopupRow | undefined): asserts row is repo.TopupRow {
  if (!row || row.status === 'approving') throw notFound('充值记录不存在');
  if (row.status !== 'pending') {
    throw new AppError(Code.CONFLICT, ALREADY[row.status as 'confirmed' | 'rejected' | 'withdrawn']);
  }
}

/** The subject of a top-up's approval requests. */
const topupSubject = (id: number) => ({ kind: 'topup', id: String(id) });

const WITHDRAW_FORBIDDEN = '只有提交该充值的管理员或拥有“账户充值”权限的管理员可以撤回';
const NOT_WITHDRAWABLE: Partial<Record<TTopupStatus, string>> = {
  confirmed: '该充值已确认到账，不能撤回',
  rejected: '该充值已驳回，不能撤回',
  withdrawn: '该充值已撤回，请勿重复操作',
};

/** Whether this admin may withdraw a top-up of the company: its submitter, or one holding 账户充值. */
const mayWithdraw = (auth: AuthContext, row: repo.TopupRow) =>
  row.createdBy === auth.adminId || auth.elements.has('money:topup');

/** 充值详情: the top-up, its submitter, its approval (steps and history) and whether the viewer may withdraw it. */
export async function getTopupDetail(ctx: ServiceContext, auth: AuthContext, id: number): Promise<TTopupDetail> {
  const row = await repo.findTopup(ctx.db, id, auth.companyId);
  if (!row) throw notFound('充值记录不存在');
  const [approval, createdByName] = await Promise.all([
    getLatestRequestOf(ctx, auth, topupSubject(id)),
    row.createdBy === null ? Promise.resolve('') : repo.findAdminName(ctx.db, auth.companyId, row.createdBy),
  ]);
  return {
    ...toTopup(row, auth.companyId),
    createdByName: createdByName ?? '',
    approval,
    canWithdraw: TOPUP_WITHDRAWABLE_STATUSES.includes(row.status as TTopupStatus) && mayWithdraw(auth, row),
  };
}

/**
 * 撤回: the company takes back a top-up that is 审批中 or 待确认 (已撤回). No money moves: a
 * top-up credits only on the operator's confirmation, which a withdrawn one never gets. A
 * running approval ends first (已撤回, under the request's lock, the lock a decision takes
 * before the top-up's, so the two never cross); then, under the top-up's row lock (the lock the
 * operator's confirmation and rejection take), only a top-up still 审批中 or 待确认 is withdrawn:
 * of a withdrawal and a confirmation racing, exactly one wins and the other is refused. It
 * leaves the operator's queue, and its voucher may back a new top-up.
 */
export async function withdrawTopup(ctx: ServiceContext, auth: AuthContext, id: number): Promise<TTopupDetail> {
  await ctx.db.transaction(async (tx) => {
    const head = await repo.findTopup(tx, id, auth.companyId);
    if (!head) throw notFound('充值记录不存在');
    if (!mayWithdraw(auth, head)) throw new AppError(Code.FORBIDDEN, WITHDRAW_FORBIDDEN);
    const now = ctx.now();
    if (head.status === 'approving') await withdrawApprovalOf(tx, auth.companyId, topupSubject(id), now);
    const row = await repo.findTopup(tx, id, auth.companyId, true);
    if (!row) throw notFound('充值记录不存在');
    if (!TOPUP_WITHDRAWABLE_STATUSES.includes(row.status as TTopupStatus)) {
      throw new AppError(Code.CONFLICT, NOT_WITHDRAWABLE[row.status as TTopupStatus] ?? '该充值不能撤回');
    }
    await repo.withdrawTopup(tx, id, now);
  });
  return getTopupDetail(ctx, auth, id);
}

/**
 * An operator confirms a top-up: under the top-up's row lock, a pending one credits the
 * company's available account from the service company's bank clearing account, once (the
 * ledger's unique reference is a second guard), and becomes 已到账.
 */
export async function confirmTopup(tx: Tx, id: number, operatorId: number, now: Date): Promise<TTopup> {
  const row = await repo.findTopup(tx, id, undefined, true);
  assertPendingForOperator(row);
  const transfer = await postTransfer(tx, {
    companyId: row.companyId,
    type: 'topup',
    reference: { kind: 'topup', id: row.id },
    memo: `充值 #${row.id}`,
    postings: [
      { account: { kind: 'bank_clearing', serviceCompanyId: row.serviceCompanyId }, amountFen: -row.amountFen },
      {
        account: { kind: 'available', companyId: row.companyId, serviceCompanyId: row.serviceCompanyId },
        amountFen: row.amountFen,
      },
    ],
  });
  await repo.decideTopup(tx, id, {
    status: 'confirmed',
    decidedBy: operatorId,
    decidedAt: now,
    transferId: transfer.transferId,
  });
  return getTopup(tx, id);
}

/** An operator rejects a pending top-up with a reason (已驳回); no money moves. */
export async function rejectTopup(tx: Tx, id: number, operatorId: number, reason: string, now: Date): Promise<TTopup> {
  const row = await repo.findTopup(tx, id, undefined, true);
  assertPendingForOperator(row);
  await repo.decideTopup(tx, id, { status: 'rejected', decidedBy: operatorId, decidedAt: now, rejectReason: reason });
  return getTopup(tx, id);
}

/** The stored voucher of a top-up (the operator views it beside the amount). */
export async function findTopupVoucher(ctx: ServiceContext, id: number) {
  const row = await repo.findTopup(ctx.db, id);
  if (!row || row.status === 'approving') return undefined;
  return findStoredFile(ctx, row.companyId, row.voucherFileId);
}

// ---- Balances and 资金明细 ----

/** Balances per linked service company (zero where no money has moved yet). */
export async function getCompanyBalances(ctx: ServiceContext, companyId: number): Promise<TBalance[]> {
  const [balances, links] = await Promise.all([getBalances(ctx.db, companyId), listCostRules(ctx, companyId)]);
  const byService = new Map(balances.map((b) => [b.serviceCompanyId, b]));
  const ids = [...new Set([...links.map((l) => l.serviceCompanyId), ...balances.map((b) => b.serviceCompanyId)])];
  const names = await serviceCompanyNames(ctx.db, ids);
  return ids.map((id) => ({
    serviceCompanyId: id,
    serviceCompanyName: names.get(id) ?? '',
    availableFen: byService.get(id)?.availableFen ?? 0,
    frozenFen: byService.get(id)?.frozenFen ?? 0,
  }));
}

/** 资金明细's filters as the ledger takes them: the dates as China's calendar days, both included. */
export function entryFiltersOf(q: z.output<typeof ZLedgerEntryFilters>): EntryFilters {
  return {
    fromDay: q.from,
    toDay: q.to,
    type: q.type,
    serviceCompanyId: q.serviceCompanyId,
  };
}

export async function listCompanyEntries(
  ctx: ServiceContext,
  companyId: number,
  q: z.output<typeof ZLedgerEntryQuery>,
): Promise<TPage<TLedgerEntry>> {
  const page = await listEntries(ctx.db, companyId, entryFiltersOf(q), q);
  return {
    total: page.total,
    rows: page.rows.map((r) => ({
      id: r.id,
      transferId: r.transferId,
      serviceCompanyId: r.serviceCompanyId,
      serviceCompanyName: r.serviceCompanyName,
      account: r.accountKind,
      type: r.type as TLedgerEntryType,
      amountFen: r.amountFen,
      balanceAfterFen: r.balanceAfterFen,
      reference: { kind: r.refKind, id: r.refId },
      memo: r.memo,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/** 提交统计: the top-ups made in a range (统计中心), by period, status and service company. */
export function countTopupsSubmitted(db: DbOrTx, range: SubmittedRange) {
  return repo.findTopupsSubmitted(db, range);
}
