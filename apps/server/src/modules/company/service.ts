import type { TBranding } from '@flexpay/contract';
import type { ServiceContext } from '../../context.ts';
import { findCompanyBranding } from './repo.ts';

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
