import type { TBranding } from '@flexpay/contract';
import type { ServiceContext } from '../../core/context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { findCompanyBranding, findCompanyName, findCompanyPage, findCompanyStatus } from './repo.ts';

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

/** A page of companies for the operator console. */
export function listCompanies(db: DbOrTx, query: { name?: string | undefined; page: number; limit: number }) {
  return findCompanyPage(db, query.name, query.page, query.limit);
}
