/** Service companies (服务商) and each company's cost rules with them (DOMAIN section 2). */
import type { TCostRule, TCostRuleBody, TReceiptContent, TServiceCompanyOption } from '@flexpay/contract';
import { type ZCostRuleBody } from '@flexpay/contract';
import type { ServiceContext } from '../../core/context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import * as repo from './repo.ts';

export const toCostRule = (r: repo.CostRuleRow): TCostRule => ({
  serviceCompanyId: r.serviceCompanyId,
  serviceCompanyName: r.serviceCompanyName,
  feeRateBp: r.feeRateBp,
  feeBearer: r.feeBearer === 'worker' ? 'worker' : 'company',
  monthlyLimitFen: r.monthlyLimitFen,
  singleMinFen: r.singleMinFen,
  singleMaxFen: r.singleMaxFen,
  invoiceType: r.invoiceType === 'special' ? 'special' : 'normal',
  invoiceContents: r.invoiceContents,
  enabled: r.enabled,
  payVerifiedOnly: r.payVerifiedOnly,
  receivingBank: { bankName: r.bankName, accountName: r.bankAccountName, accountNo: r.bankAccountNo },
});

/** The service companies the company works with and its cost rules with each. */
export async function listCostRules(ctx: ServiceContext, companyId: number): Promise<TCostRule[]> {
  return (await repo.findCostRules(ctx.db, [companyId])).map(toCostRule);
}

/** The enabled service companies of the company, for selects. */
export async function listServiceCompanyOptions(
  ctx: ServiceContext,
  companyId: number,
): Promise<TServiceCompanyOption[]> {
  return (await repo.findCostRules(ctx.db, [companyId]))
    .filter((r) => r.enabled)
    .map((r) => ({ id: r.serviceCompanyId, name: r.serviceCompanyName }));
}

/** The invoice content categories (开票内容) of the company's links, optionally of one service company. */
export async function listReceiptContents(
  ctx: ServiceContext,
  companyId: number,
  serviceCompanyId?: number,
): Promise<TReceiptContent[]> {
  const rules = await repo.findCostRules(ctx.db, [companyId], serviceCompanyId);
  return rules.flatMap((r) => r.invoiceContents.map((content) => ({ serviceCompanyId: r.serviceCompanyId, content })));
}

// ---- For other modules ----

/** The company's link with a service company, or undefined when there is none or it is disabled. */
export async function findEnabledLink(db: DbOrTx, companyId: number, serviceCompanyId: number) {
  const [row] = await repo.findCostRules(db, [companyId], serviceCompanyId);
  return row?.enabled ? toCostRule(row) : undefined;
}

/** The links of several companies (the operator's company list). */
export async function costRulesOfCompanies(
  db: DbOrTx,
  companyIds: readonly number[],
): Promise<Map<number, TCostRule[]>> {
  const out = new Map<number, TCostRule[]>();
  if (!companyIds.length) return out;
  for (const r of await repo.findCostRules(db, companyIds)) {
    const list = out.get(r.companyId) ?? [];
    list.push(toCostRule(r));
    out.set(r.companyId, list);
  }
  return out;
}

/** Service company names by id. */
export const serviceCompanyNames = (db: DbOrTx, ids: readonly number[]) =>
  repo.findServiceCompanyNames(db, [...new Set(ids)]);

/** An operator edits the cost rules of a company's link (404 when the link does not exist). */
export async function updateCostRule(
  ctx: ServiceContext,
  companyId: number,
  serviceCompanyId: number,
  body: ReturnType<typeof ZCostRuleBody.parse>,
): Promise<TCostRule> {
  const changed = await repo.updateCostRule(ctx.db, companyId, serviceCompanyId, body);
  if (!changed) throw notFound('该企业未签约此服务商');
  const [row] = await repo.findCostRules(ctx.db, [companyId], serviceCompanyId);
  if (!row) throw notFound('该企业未签约此服务商');
  return toCostRule(row);
}

export type { TCostRuleBody };

/**
 * The agreement a worker must have signed to be paid through the service company (issue 43): the
 * title of its current template and the latest version that asks for signing again; undefined
 * when the service company has no template yet.
 */
export async function findRequiredAgreement(
  db: DbOrTx,
  serviceCompanyId: number,
): Promise<{ title: string; version: number; currentVersion: number } | undefined> {
  const versions = await repo.findAgreementVersions(db, serviceCompanyId);
  const [current] = versions;
  if (!current) return undefined;
  const required = versions.find((v) => v.requiresResign) ?? versions.at(-1) ?? current;
  return { title: current.title, version: required.version, currentVersion: current.version };
}
