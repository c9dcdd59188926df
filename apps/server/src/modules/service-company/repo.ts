/** The only SQL of service_company and company_service_company (服务商 and their cost rules). */
import { and, asc, desc, eq, max } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companyServiceCompany, serviceAgreementTemplate, serviceCompany } from '../../db/schema/index.ts';
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
  payVerifiedOnly: companyServiceCompany.payVerifiedOnly,
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

/** A service company's agreement versions, newest first (what signing and the payroll check need). */
export function findAgreementVersions(db: DbOrTx, serviceCompanyId: number) {
  return db
    .select({
      id: serviceAgreementTemplate.id,
      version: serviceAgreementTemplate.version,
      title: serviceAgreementTemplate.title,
      requiresResign: serviceAgreementTemplate.requiresResign,
    })
    .from(serviceAgreementTemplate)
    .where(eq(serviceAgreementTemplate.serviceCompanyId, serviceCompanyId))
    .orderBy(desc(serviceAgreementTemplate.version));
}

const templateColumns = {
  id: serviceAgreementTemplate.id,
  serviceCompanyId: serviceAgreementTemplate.serviceCompanyId,
  version: serviceAgreementTemplate.version,
  title: serviceAgreementTemplate.title,
  fileKey: serviceAgreementTemplate.fileKey,
  fileName: serviceAgreementTemplate.fileName,
  size: serviceAgreementTemplate.size,
  sha256: serviceAgreementTemplate.sha256,
  requiresResign: serviceAgreementTemplate.requiresResign,
  createdAt: serviceAgreementTemplate.createdAt,
};
export type AgreementTemplateRow = Awaited<ReturnType<typeof findAgreementTemplates>>[number];

/** A service company's templates, newest version first. */
export function findAgreementTemplates(db: DbOrTx, serviceCompanyId: number) {
  return db
    .select(templateColumns)
    .from(serviceAgreementTemplate)
    .where(eq(serviceAgreementTemplate.serviceCompanyId, serviceCompanyId))
    .orderBy(desc(serviceAgreementTemplate.version));
}

export async function findAgreementTemplate(db: DbOrTx, id: number): Promise<AgreementTemplateRow | undefined> {
  const [row] = await db
    .select(templateColumns)
    .from(serviceAgreementTemplate)
    .where(eq(serviceAgreementTemplate.id, id));
  return row;
}

export async function lastAgreementVersion(db: DbOrTx, serviceCompanyId: number): Promise<number> {
  const [row] = await db
    .select({ v: max(serviceAgreementTemplate.version) })
    .from(serviceAgreementTemplate)
    .where(eq(serviceAgreementTemplate.serviceCompanyId, serviceCompanyId));
  return Number(row?.v ?? 0);
}

export async function insertAgreementTemplate(
  db: DbOrTx,
  values: typeof serviceAgreementTemplate.$inferInsert,
): Promise<AgreementTemplateRow> {
  const [row] = await db.insert(serviceAgreementTemplate).values(values).returning(templateColumns);
  if (!row) throw new Error('agreement template not inserted');
  return row;
}

export async function serviceCompanyExists(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.select({ id: serviceCompany.id }).from(serviceCompany).where(eq(serviceCompany.id, id));
  return rows.length > 0;
}

/** Every template, by service company then newest version first. */
export function findAllAgreementTemplates(db: DbOrTx) {
  return db
    .select(templateColumns)
    .from(serviceAgreementTemplate)
    .orderBy(asc(serviceAgreementTemplate.serviceCompanyId), desc(serviceAgreementTemplate.version));
}

/** The platform's service companies, by id. */
export function findServiceCompanies(db: DbOrTx) {
  return db
    .select({ id: serviceCompany.id, name: serviceCompany.name })
    .from(serviceCompany)
    .orderBy(asc(serviceCompany.id));
}
