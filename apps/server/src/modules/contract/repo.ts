/**
 * The SQL of contracts (企业协议). The state a list filters and counts by is the one shown:
 * 已到期 is computed from `end_date` against the day given, as the service computes it for a row.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { companyContract } from '../../db/schema/index.ts';

export type ContractRow = typeof companyContract.$inferSelect;
export type NewContract = typeof companyContract.$inferInsert;

/** The state shown on `today` (see company-contract-rules.ts, contractStateOn). */
const stateOn = (today: string) =>
  sql`(case when k.status = 'terminated' then 'terminated'
            when k.end_date < ${today}::date then 'expired' else k.status end)`;

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

const like = (s: string) => `%${s.replace(/[\\%_]/g, '\\$&')}%`;

/** A page of contracts, newest first. */
export async function findContractPage(db: DbOrTx, f: ContractFilters, today: string, page: number, limit: number) {
  const where: SQL[] = [sql`true`];
  if (f.companyId !== null) where.push(sql`k.company_id = ${f.companyId}`);
  if (f.serviceCompanyId) where.push(sql`k.service_company_id = ${f.serviceCompanyId}`);
  if (f.state) where.push(sql`${stateOn(today)} = ${f.state}`);
  if (f.keyword) where.push(sql`(k.title like ${like(f.keyword)} or k.contract_no like ${like(f.keyword)})`);
  if (f.companyName) where.push(sql`c.name like ${like(f.companyName)}`);
  const cond = sql.join(where, sql` and `);
  const from = sql`company_contract k join company c on c.id = k.company_id`;
  const [count] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${from} where ${cond}`);
  const ids = await queryRows<{ id: string | number }>(
    db,
    sql`select k.id from ${from} where ${cond} order by k.created_at desc, k.id desc
         limit ${limit} offset ${(page - 1) * limit}`,
  );
  return {
    total: count?.n ?? 0,
    rows: await findContractRows(
      db,
      ids.map((r) => Number(r.id)),
    ),
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
    .where(inArray(companyContract.id, [...ids]));
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
    sql`select k.service_company_id as sc, ${stateOn(today)} as state, count(*)::int as n,
               max(case when ${stateOn(today)} = 'signed' then k.end_date::text end) as signed_until
          from company_contract k
         where k.company_id = ${companyId}
         group by 1, 2`,
  );
  return rows.map((r) => ({
    serviceCompanyId: Number(r.sc),
    state: r.state,
    count: r.n,
    signedUntil: r.signed_until,
  }));
}
