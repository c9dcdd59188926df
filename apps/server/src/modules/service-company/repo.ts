/** The only SQL of service_company and company_service_company (服务商 and their cost rules). */
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companyServiceCompany, serviceCompany } from '../../db/schema/index.ts';
import { anyId } from '../../db/any-of.ts';

const ruleColumns = {
  companyId: companyServiceCompany.companyId,
  serviceCompanyId: companyServiceCompany.serviceCompanyId,
  serviceCompanyName: serviceCompany.name,
  feeRateBp: companyServiceCompany.feeRateBp,
  feeBearer: companyServiceCompany.feeBearer,
  monthlyLimitFen: companyServiceCompany.monthlyLimitFen,
  singleMinFen: companyServiceCompany.singleMinFen,
  singleMaxFen: companyServiceCompany.singleMaxFen,
  invoiceType: companyServiceCompany.invoiceType,
  invoiceContents: companyServiceCompany.invoiceContents,
  enabled: companyServiceCompany.enabled,
  bankName: serviceCompany.bankName,
  bankAccountName: serviceCompany.bankAccountName,
  bankAccountNo: serviceCompany.bankAccountNo,
};

export type CostRuleRow = Awaited<ReturnType<typeof findCostRules>>[number];

/** The links of these companies with their service companies, by company then service company. */
export function findCostRules(db: DbOrTx, companyIds: readonly number[], serviceCompanyId?: number) {
  return db
    .select(ruleColumns)
    .from(companyServiceCompany)
    .innerJoin(serviceCompany, eq(serviceCompany.id, companyServiceCompany.serviceCompanyId))
    .where(
      and(
        anyId(companyServiceCompany.companyId, [...companyIds]),
        serviceCompanyId ? eq(companyServiceCompany.serviceCompanyId, serviceCompanyId) : undefined,
      ),
    )
    .orderBy(asc(companyServiceCompany.companyId), asc(companyServiceCompany.serviceCompanyId));
}

export async function updateCostRule(
  db: DbOrTx,
  companyId: number,
  serviceCompanyId: number,
  values: Partial<typeof companyServiceCompany.$inferInsert>,
): Promise<boolean> {
  const rows = await db
    .update(companyServiceCompany)
    .set(values)
    .where(
      and(eq(companyServiceCompany.companyId, companyId), eq(companyServiceCompany.serviceCompanyId, serviceCompanyId)),
    )
    .returning({ companyId: companyServiceCompany.companyId });
  return rows.length > 0;
}

export async function findServiceCompanyNames(db: DbOrTx, ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: serviceCompany.id, name: serviceCompany.name })
    .from(serviceCompany)
    .where(anyId(serviceCompany.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.name]));
}
