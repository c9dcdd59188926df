/**
 * The SQL of contracts (企业协议). The state a list filters and counts by is the one shown:
 * 已到期 is computed from `end_date` against the day given, as the service computes it for a row.
 */
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { contains, equals, pagedQuery } from '../../db/paged-query.ts';
import { company, companyContract, serviceCompany } from '../../db/schema/index.ts';
import { anyId } from '../../db/any-of.ts';

export type ContractRow = typeof companyContract.$inferSelect;
export type NewContract = typeof companyContract.$inferInsert;

/** The state shown on `today` (see company-contract-rules.ts, contractStateOn). */
const stateOn = (today: string) =>
  sql`(case when ${companyContract.status} = 'terminated' then 'terminated'
            when ${companyContract.endDate} < ${today}::date then 'expired' else ${companyContract.status} end)`;

export interface ContractFilters {
  /** null: every company's (the operator's list). */
  companyId: number | null;
  serviceCompanyId?: number | undefined;
  state?: string | undefined;
  keyword?: string | undefined;
  companyName?: string | undefined;
}

export interface ContractListRow extends ContractRow {
  companyName: string;
  serviceCompanyName: string;
}

/** A page of contracts, newest first (the plain list path; the names by their foreign keys). */
export async function findContractPage(db: DbOrTx, f: ContractFilters, today: string, page: number, limit: number) {
  const caseSensitive = { ignoreCase: false };
  const found = await pagedQuery(db, {
    from: companyContract,
    select: { k: companyContract, companyName: company.name, serviceCompanyName: serviceCompany.name },
    joins: [
      { table: company, on: eq(company.id, companyContract.companyId), type: 'inner', exactlyOne: true },
      {
        table: serviceCompany,
        on: eq(serviceCompany.id, companyContract.serviceCompanyId),
        type: 'inner',
        exactlyOne: true,
      },
    ],
    where: [
      equals(companyContract.companyId, f.companyId ?? undefined),
      equals(companyContract.serviceCompanyId, f.serviceCompanyId || undefined),
      f.state ? sql`${stateOn(today)} = ${f.state}` : undefined,
      f.keyword
        ? or(
            contains(companyContract.title, f.keyword, caseSensitive),
            contains(companyContract.contractNo, f.keyword, caseSensitive),
          )
        : undefined,
      contains(company.name, f.companyName, caseSensitive),
    ],
    pinned: [desc(companyContract.createdAt)],
    order: 'desc',
    id: companyContract.id,
    page,
    limit,
  });
  return {
    total: found.total,
    rows: found.rows.map((r): ContractListRow => ({
      ...r.k,
      companyName: r.companyName,
      serviceCompanyName: r.serviceCompanyName,
    })),
  };
}

/** Contracts by id, in the order given, with the names a list shows. */
export async function findContractRows(db: DbOrTx, ids: readonly number[]): Promise<ContractListRow[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({
      k: companyContract,
      companyName: sql<string>`(select name from company where id = ${companyContract.companyId})`,
      serviceCompanyName: sql<string>`(select name from service_company where id = ${companyContract.serviceCompanyId})`,
    })
    .from(companyContract)
    .where(anyId(companyContract.id, [...ids]));
  const byId = new Map(
    rows.map((r) => [r.k.id, { ...r.k, companyName: r.companyName, serviceCompanyName: r.serviceCompanyName }]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** One contract: of the company (`companyId` given), or any (the operator's). */
export async function findContract(db: DbOrTx, companyId: number | null, id: number, lock = false) {
  const q = db
    .select()
    .from(companyContract)
    .where(
      companyId === null
        ? eq(companyContract.id, id)
        : and(eq(companyContract.companyId, companyId), eq(companyContract.id, id)),
    );
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function findContractByNo(db: DbOrTx, companyId: number, contractNo: string) {
  const [row] = await db
    .select({ id: companyContract.id })
    .from(companyContract)
    .where(and(eq(companyContract.companyId, companyId), eq(companyContract.contractNo, contractNo)));
  return row;
}

export async function insertContract(db: DbOrTx, values: NewContract): Promise<number> {
  const [row] = await db.insert(companyContract).values(values).returning({ id: companyContract.id });
  if (!row) throw new Error('contract not inserted');
  return row.id;
}

/**
 * Moves a contract from the stored statuses `from`, only while its end date has not passed
 * (`today`): an expired contract takes no action. False when nothing matched.
 */
export async function moveContract(
  db: DbOrTx,
  id: number,
  from: readonly string[],
  today: string,
  values: Partial<NewContract>,
): Promise<boolean> {
  const rows = await db
    .update(companyContract)
    .set({ ...values, updatedAt: sql`now()` })
    .where(
      and(
        eq(companyContract.id, id),
        inArray(companyContract.status, [...from]),
        sql`${companyContract.endDate} >= ${today}::date`,
      ),
    )
    .returning({ id: companyContract.id });
  return rows.length > 0;
}

/** Per service company of the company: contracts by the state shown, and the latest end in force. */
export async function countByServiceCompany(db: DbOrTx, companyId: number, today: string) {
  const rows = await queryRows<{
    sc: string | number;
    state: string;
    n: number;
    signed_until: string | null;
  }>(
    db,
    sql`select ${companyContract.serviceCompanyId} as sc, ${stateOn(today)} as state, count(*)::int as n,
               max(case when ${stateOn(today)} = 'signed' then ${companyContract.endDate}::text end) as signed_until
          from ${companyContract}
         where ${companyContract.companyId} = ${companyId}
         group by 1, 2`,
  );
  return rows.map((r) => ({
    serviceCompanyId: Number(r.sc),
    state: r.state,
    count: r.n,
    signedUntil: r.signed_until,
  }));
}
