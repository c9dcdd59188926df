import { Code, type TBranding, type TCompanyStatus } from '@flexpay/contract';
import type { ServiceContext } from '../../core/context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import {
  findCompanyBranding,
  findCompanyName,
  findCompanyPage,
  findCompanyStatus,
  findOpsCompany,
  updateCompanyStatus,
} from './repo.ts';

/**
 * The company's branding as the JSON text of spec section 3, its title defaulting to the
 * company name; null for an unknown company (the login page then shows the product's own).
 */
export async function getBrandingText(ctx: ServiceContext, companyId: number): Promise<string | null> {
  const row = await findCompanyBranding(ctx.db, companyId);
  if (!row) return null;
  const branding: TBranding = { ...row.branding, title: row.branding.title || row.name };
  return JSON.stringify(branding);
}

// ---- For other modules ----

/** The company's registered name (payment accounts must bear it). */
export async function getCompanyName(db: DbOrTx, companyId: number): Promise<string> {
  return (await findCompanyName(db, companyId)) ?? '';
}

/** Whether the company may move money out (a frozen company can sign in and read, not pay). */
export async function isCompanyFrozen(db: DbOrTx, companyId: number): Promise<boolean> {
  return (await findCompanyStatus(db, companyId)) !== 'normal';
}

export interface OpsCompany {
  id: number;
  name: string;
  creditCode: string;
  status: TCompanyStatus;
  frozenReason: string | null;
  frozenAt: string | null;
}

const toOpsCompany = (r: NonNullable<Awaited<ReturnType<typeof findOpsCompany>>>): OpsCompany => ({
  id: r.id,
  name: r.name,
  creditCode: r.creditCode,
  status: r.status === 'frozen' ? 'frozen' : 'normal',
  frozenReason: r.frozenReason,
  frozenAt: r.frozenAt?.toISOString() ?? null,
});

/** A page of companies for the operator console. */
export async function listCompanies(
  db: DbOrTx,
  query: { name?: string | undefined; page: number; limit: number },
): Promise<{ total: number; rows: OpsCompany[] }> {
  const page = await findCompanyPage(db, query.name, query.page, query.limit);
  return { total: page.total, rows: page.rows.map(toOpsCompany) };
}

/**
 * An operator freezes (冻结) or unfreezes (解冻) a company, under its row lock: frozen, it can
 * sign in and read but not pay (DOMAIN section 2; 确认支付 and 重新支付 are refused); the reason
 * is kept with the company and in the audit. Freezing a frozen company or unfreezing a normal
 * one is refused, so two operators acting at once learn that the other did it first.
 */
export async function setCompanyFrozen(
  ctx: ServiceContext,
  companyId: number,
  frozen: boolean,
  reason = '',
): Promise<OpsCompany> {
  return ctx.db.transaction(async (tx) => {
    const row = await findOpsCompany(tx, companyId, true);
    if (!row) throw notFound('企业不存在');
    const isFrozen = row.status === 'frozen';
    if (frozen && isFrozen) throw new AppError(Code.CONFLICT, '该企业已冻结，请勿重复操作');
    if (!frozen && !isFrozen) throw new AppError(Code.CONFLICT, '该企业未冻结，无需解冻');
    const now = ctx.now();
    await updateCompanyStatus(
      tx,
      companyId,
      frozen
        ? { status: 'frozen', frozenReason: reason, frozenAt: now }
        : { status: 'normal', frozenReason: null, frozenAt: null },
      now,
    );
    const updated = await findOpsCompany(tx, companyId);
    if (!updated) throw notFound('企业不存在');
    return toOpsCompany(updated);
  });
}
