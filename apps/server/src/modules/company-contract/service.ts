/**
 * Contracts (合同管理, DOMAIN section 8): the company's agreements with its service companies.
 * The company reads them (企业合同, 合同列表, 合同详情, the PDF); operators at /ops upload them with
 * their PDF and move them: 待签署 → 已签署, 待签署 | 已签署 → 已终止. 已到期 is read from the end
 * date (Beijing day of `ctx.now()`), so an expired contract takes no action and no job runs.
 */
import {
  beijingDay,
  CONTRACT_TRANSITIONS,
  contractActionsFrom,
  contractStateOn,
  type TCompanyContract,
  type TCompanyContractDetail,
  type TContractAction,
  type TContractServiceCompany,
  type TContractSignMethod,
  type TContractState,
  type TContractStoredStatus,
  type TContractType,
  type TPage,
  type ZContractCreateBody,
  type ZContractQuery,
  type ZOpsContractQuery,
} from '@flexpay/contract';
import type { z } from 'zod';
import type { AuthContext, OperatorContext } from '../../core/auth.ts';
import type { ServiceContext } from '../../core/context.ts';
import { conflict, invalidField, notFound } from '../../lib/errors.ts';
import {
  findStoredFileIn,
  isInStore,
  keepStoredFile,
  readStoredFile,
  storeIncomingFile,
  toUploadedFile,
  type IncomingFile,
} from '../file/service.ts';
import { costRulesOfCompanies, listCostRules } from '../service-company/service.ts';
import * as repo from './repo.ts';

/** A contract's PDF: at most 10 MB, kept a day unless a contract takes it. */
export const CONTRACT_PDF_MAX_BYTES = 10 * 1024 * 1024;
const UPLOAD_RETENTION_MS = 24 * 60 * 60 * 1000;
const NOT_FOUND = '合同不存在';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const todayOf = (ctx: ServiceContext) => beijingDay(ctx.now());

function toContract(r: repo.ContractListRow, today: string): TCompanyContract {
  return {
    id: r.id,
    companyId: r.companyId,
    companyName: r.companyName,
    serviceCompanyId: r.serviceCompanyId,
    serviceCompanyName: r.serviceCompanyName,
    contractNo: r.contractNo,
    title: r.title,
    type: r.type as TContractType,
    startDate: r.startDate,
    endDate: r.endDate,
    state: contractStateOn(r.status as TContractStoredStatus, r.endDate, today),
    signedAt: iso(r.signedAt),
    createdAt: r.createdAt.toISOString(),
  };
}

// ── The company ─────────────────────────────────────────────────────────────────────────────

/** 企业合同: every service company of the company with its contracts counted by state. */
export async function listContractServiceCompanies(
  ctx: ServiceContext,
  auth: AuthContext,
): Promise<TContractServiceCompany[]> {
  const rules = await listCostRules(ctx, auth.companyId);
  const counts = await repo.countByServiceCompany(ctx.db, auth.companyId, todayOf(ctx));
  return rules.map((r) => {
    const mine = counts.filter((c) => c.serviceCompanyId === r.serviceCompanyId);
    const of = (s: TContractState) => mine.find((c) => c.state === s)?.count ?? 0;
    return {
      serviceCompanyId: r.serviceCompanyId,
      serviceCompanyName: r.serviceCompanyName,
      total: mine.reduce((s, c) => s + c.count, 0),
      pending: of('pending'),
      signed: of('signed'),
      expired: of('expired'),
      terminated: of('terminated'),
      signedUntil: mine.find((c) => c.state === 'signed')?.signedUntil ?? null,
    };
  });
}

export async function listContracts(
  ctx: ServiceContext,
  auth: AuthContext,
  q: z.output<typeof ZContractQuery>,
): Promise<TPage<TCompanyContract>> {
  const today = todayOf(ctx);
  const page = await repo.findContractPage(
    ctx.db,
    { companyId: auth.companyId, serviceCompanyId: q.serviceCompanyId, state: q.state, keyword: q.keyword },
    today,
    q.page,
    q.limit,
  );
  return { total: page.total, rows: page.rows.map((r) => toContract(r, today)) };
}

async function detailOf(ctx: ServiceContext, companyId: number | null, id: number): Promise<TCompanyContractDetail> {
  const [row] = await repo.findContractRows(ctx.db, [id]);
  if (!row || (companyId !== null && row.companyId !== companyId)) throw notFound(NOT_FOUND);
  const file = await findStoredFileIn(ctx.db, row.companyId, row.fileId);
  if (!file) throw notFound(NOT_FOUND);
  const contract = toContract(row, todayOf(ctx));
  return {
    ...contract,
    remark: row.remark,
    terminatedAt: iso(row.terminatedAt),
    terminateReason: row.terminateReason,
    file: toUploadedFile(file),
    actions: contractActionsFrom(contract.state),
    signature: row.signedAt
      ? {
          // Contracts marked 已签署 before 在线签署 existed were signed on paper.
          method: (row.signMethod ?? 'paper') as TContractSignMethod,
          signedAt: row.signedAt.toISOString(),
          signerName: row.signerName ?? '',
          originalSha256: row.originalSha256,
          signedSha256: row.signedSha256,
        }
      : null,
  };
}

/**
 * 合同详情 of the company's contract (another company's answers 40400); `sign` while it is
 * 待签署 (the route's reader still needs `contract:sign` to use it).
 */
export async function getContract(ctx: ServiceContext, auth: AuthContext, id: number): Promise<TCompanyContractDetail> {
  const detail = await detailOf(ctx, auth.companyId, id);
  return { ...detail, actions: detail.state === 'pending' ? ['sign'] : [] };
}

/** The contract's PDF: the signed one (with its signature page) once signed online, else the upload. */
async function contractPdfOf(ctx: ServiceContext, companyId: number | null, id: number) {
  const row = await repo.findContract(ctx.db, companyId, id);
  if (!row) throw notFound(NOT_FOUND);
  const signed = row.signedFileId !== null;
  const file = await findStoredFileIn(ctx.db, row.companyId, row.signedFileId ?? row.fileId);
  if (!file || !(await isInStore(ctx, file))) throw notFound('合同文件不存在');
  const fileName = signed ? `合同_${row.contractNo}_已签署.pdf` : `合同_${row.contractNo}.pdf`;
  return { file, fileName, body: readStoredFile(ctx, file) };
}

/** The contract's PDF, for 预览 and 下载. */
export const contractPdf = (ctx: ServiceContext, auth: AuthContext, id: number) =>
  contractPdfOf(ctx, auth.companyId, id);

// ── The operator at /ops ────────────────────────────────────────────────────────────────────

export async function listOpsContracts(
  ctx: ServiceContext,
  q: z.output<typeof ZOpsContractQuery>,
): Promise<TPage<TCompanyContract>> {
  const today = todayOf(ctx);
  const page = await repo.findContractPage(
    ctx.db,
    {
      companyId: null,
      serviceCompanyId: q.serviceCompanyId,
      state: q.state,
      keyword: q.keyword,
      companyName: q.companyName,
    },
    today,
    q.page,
    q.limit,
  );
  return { total: page.total, rows: page.rows.map((r) => toContract(r, today)) };
}

export const getOpsContract = (ctx: ServiceContext, id: number) => detailOf(ctx, null, id);
export const opsContractPdf = (ctx: ServiceContext, id: number) => contractPdfOf(ctx, null, id);

/** The service companies a company works with (answers 40000 when it has none, or does not exist). */
async function linksOf(ctx: ServiceContext, companyId: number) {
  const links = (await costRulesOfCompanies(ctx.db, [companyId])).get(companyId) ?? [];
  if (!links.length) throw invalidField('companyId', '企业不存在或尚未开通服务商');
  return links;
}

/** The operator uploads a contract's PDF for a company (checked to be a PDF). */
export async function uploadContractPdf(
  ctx: ServiceContext,
  op: OperatorContext,
  companyId: number,
  incoming: IncomingFile,
) {
  try {
    await linksOf(ctx, companyId);
  } catch (err) {
    incoming.body.resume();
    throw err;
  }
  const file = await storeIncomingFile(ctx, { companyId, adminId: null }, incoming, {
    purpose: 'contract',
    allowed: ['pdf'],
    maxBytes: CONTRACT_PDF_MAX_BYTES,
    expiresAt: new Date(ctx.now().getTime() + UPLOAD_RETENTION_MS),
  });
  void op;
  return toUploadedFile(file);
}

/** 上传合同: a company's agreement with one of its service companies, 待签署 or 已签署. */
export async function createContract(
  ctx: ServiceContext,
  op: OperatorContext,
  body: z.output<typeof ZContractCreateBody>,
): Promise<TCompanyContractDetail> {
  const links = await linksOf(ctx, body.companyId);
  if (!links.some((l) => l.serviceCompanyId === body.serviceCompanyId)) {
    throw invalidField('serviceCompanyId', '该企业未与所选服务商合作，请重新选择');
  }
  const contractNo = body.contractNo.toUpperCase();
  const id = await ctx.db.transaction(async (tx) => {
    const file = await findStoredFileIn(tx, body.companyId, body.fileId);
    if (!file || file.purpose !== 'contract' || file.contentType !== 'application/pdf') {
      throw invalidField('fileId', '合同文件不存在，请重新上传');
    }
    if (await repo.findContractByNo(tx, body.companyId, contractNo)) {
      throw invalidField('contractNo', `合同编号 ${contractNo} 已存在`);
    }
    await keepStoredFile(tx, body.companyId, file.id);
    return repo.insertContract(tx, {
      companyId: body.companyId,
      serviceCompanyId: body.serviceCompanyId,
      contractNo,
      title: body.title,
      type: body.type,
      startDate: body.startDate,
      endDate: body.endDate,
      status: body.signed ? 'signed' : 'pending',
      signedAt: body.signed ? ctx.now() : null,
      fileId: file.id,
      remark: body.remark,
      operatorId: op.operatorId,
    });
  });
  return getOpsContract(ctx, id);
}

/** Runs an operator's transition: refused (40900, nothing changed) from a state its table does not allow. */
async function moveByOperator(
  ctx: ServiceContext,
  op: OperatorContext,
  id: number,
  action: TContractAction,
  values: Partial<repo.NewContract>,
): Promise<TCompanyContractDetail> {
  const t = CONTRACT_TRANSITIONS[action];
  const today = todayOf(ctx);
  await ctx.db.transaction(async (tx) => {
    const row = await repo.findContract(tx, null, id, true);
    if (!row) throw notFound(NOT_FOUND);
    const state = contractStateOn(row.status as TContractStoredStatus, row.endDate, today);
    if (!t.from.includes(state)) throw conflict(t.refusal);
    const stored = t.from.filter((s): s is TContractStoredStatus => s !== 'expired');
    const moved = await repo.moveContract(tx, id, stored, today, {
      ...values,
      status: t.to,
      operatorId: op.operatorId,
    });
    if (!moved) throw conflict(t.refusal);
  });
  return getOpsContract(ctx, id);
}

/** 标记已签署: a paper signature the operator records (the company may sign online instead). */
export async function signContract(ctx: ServiceContext, op: OperatorContext, id: number) {
  const row = await repo.findContract(ctx.db, null, id);
  const file = row ? await findStoredFileIn(ctx.db, row.companyId, row.fileId) : undefined;
  return moveByOperator(ctx, op, id, 'sign', {
    signedAt: ctx.now(),
    signMethod: 'paper',
    originalSha256: file?.sha256 ?? null,
  });
}

export const terminateContract = (ctx: ServiceContext, op: OperatorContext, id: number, reason: string) =>
  moveByOperator(ctx, op, id, 'terminate', { terminatedAt: ctx.now(), terminateReason: reason });
