/**
 * 开票信息: a company's invoice titles, tax numbers and mailing addresses; at most one default
 * (the first saved becomes it), served by the spec's getDefaultEcompanyReceipt.
 */
import { INVOICE_INFO_MAX, type TInvoiceInfo, type ZInvoiceInfoBody } from '@flexpay/contract';
import type { z } from 'zod';
import type { AuthContext } from '../../../core/auth.ts';
import type { ServiceContext } from '../../../core/context.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { conflict, notFound } from '../../../lib/errors.ts';
import * as repo from './repo.ts';

type InfoBody = z.output<typeof ZInvoiceInfoBody>;

export const toInvoiceInfo = (r: repo.InvoiceInfoRow): TInvoiceInfo => ({
  id: r.id,
  title: r.title,
  taxNo: r.taxNo,
  addressPhone: r.addressPhone,
  bankAccount: r.bankAccount,
  recipient: r.recipient,
  recipientPhone: r.recipientPhone,
  recipientAddress: r.recipientAddress,
  isDefault: r.isDefault,
  updatedAt: r.updatedAt.toISOString(),
});

const fieldsOf = (b: InfoBody) => ({
  title: b.title,
  taxNo: b.taxNo,
  addressPhone: b.addressPhone,
  bankAccount: b.bankAccount,
  recipient: b.recipient,
  recipientPhone: b.recipientPhone,
  recipientAddress: b.recipientAddress,
});

export async function listInfos(ctx: ServiceContext, auth: AuthContext): Promise<TInvoiceInfo[]> {
  return (await repo.findInfos(ctx.db, auth.companyId)).map(toInvoiceInfo);
}

export async function getDefaultInfo(ctx: ServiceContext, auth: AuthContext): Promise<TInvoiceInfo | null> {
  const row = await repo.findDefaultInfo(ctx.db, auth.companyId);
  return row ? toInvoiceInfo(row) : null;
}

export async function createInfo(ctx: ServiceContext, auth: AuthContext, body: InfoBody): Promise<TInvoiceInfo> {
  return ctx.db.transaction(async (tx) => {
    await repo.lockCompanyInfos(tx, auth.companyId);
    const n = await repo.countInfos(tx, auth.companyId);
    if (n >= INVOICE_INFO_MAX) throw conflict(`开票信息最多 ${INVOICE_INFO_MAX} 条`);
    const isDefault = body.isDefault || n === 0;
    if (isDefault) await repo.clearDefault(tx, auth.companyId);
    const id = await repo.insertInfo(tx, { companyId: auth.companyId, ...fieldsOf(body), isDefault });
    return toInvoiceInfo((await repo.findInfo(tx, auth.companyId, id)) as repo.InvoiceInfoRow);
  });
}

async function existing(db: DbOrTx, companyId: number, id: number) {
  const row = await repo.findInfo(db, companyId, id, true);
  if (!row) throw notFound('开票信息不存在');
  return row;
}

export async function updateInfo(
  ctx: ServiceContext,
  auth: AuthContext,
  id: number,
  body: InfoBody,
): Promise<TInvoiceInfo> {
  return ctx.db.transaction(async (tx) => {
    await repo.lockCompanyInfos(tx, auth.companyId);
    const row = await existing(tx, auth.companyId, id);
    // The default stays one: it is moved by 设为默认, not dropped by an edit.
    const isDefault = row.isDefault || body.isDefault;
    if (isDefault && !row.isDefault) await repo.clearDefault(tx, auth.companyId);
    await repo.updateInfo(tx, auth.companyId, id, { ...fieldsOf(body), isDefault });
    return toInvoiceInfo((await repo.findInfo(tx, auth.companyId, id)) as repo.InvoiceInfoRow);
  });
}

export async function setDefaultInfo(ctx: ServiceContext, auth: AuthContext, id: number): Promise<TInvoiceInfo> {
  return ctx.db.transaction(async (tx) => {
    await repo.lockCompanyInfos(tx, auth.companyId);
    await existing(tx, auth.companyId, id);
    await repo.clearDefault(tx, auth.companyId);
    await repo.updateInfo(tx, auth.companyId, id, { isDefault: true });
    return toInvoiceInfo((await repo.findInfo(tx, auth.companyId, id)) as repo.InvoiceInfoRow);
  });
}

/** Deletes an info; the default is deleted only when it is the last one. */
export async function deleteInfo(ctx: ServiceContext, auth: AuthContext, id: number): Promise<null> {
  await ctx.db.transaction(async (tx) => {
    await repo.lockCompanyInfos(tx, auth.companyId);
    const row = await existing(tx, auth.companyId, id);
    if (row.isDefault && (await repo.countInfos(tx, auth.companyId)) > 1) {
      throw conflict('默认开票信息不能删除，请先将其他开票信息设为默认');
    }
    await repo.deleteInfo(tx, auth.companyId, id);
  });
  return null;
}

// ── For other parts of the area ──────────────────────────────────────────────────────────────

/** The info an application names, the company's own (40000 at infoId otherwise). */
export const findInfoOf = (db: DbOrTx, companyId: number, id: number) => repo.findInfo(db, companyId, id);
