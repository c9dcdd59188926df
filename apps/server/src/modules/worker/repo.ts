/**
 * The SQL of workers: the detail, the form's writes, the export's batches, the import's insert of
 * workers with their default accounts, the department options and 员工分析's counts. The list is
 * large-list/; job types and payout accounts have their own repos (job-types/, payout-accounts/).
 */
import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import { prefixRange } from '../../db/like.ts';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { department, jobType, worker } from '../../db/schema/index.ts';
import type { NewDefaultAccount } from './payout-accounts/repo.ts';

export type WorkerRow = typeof worker.$inferSelect;
export type NewWorker = typeof worker.$inferInsert;
export type { NewDefaultAccount };

export {
  departmentOfWorker,
  filterShape,
  jobTypeOfWorker,
  listColumns,
  SORT_COLUMNS,
  whereOf,
  type WorkerFilter,
  type WorkerListRow,
} from './large-list/filters.ts';
import {
  departmentOfWorker,
  jobTypeOfWorker,
  listColumns,
  shownWorkerColumns,
  whereOf,
  type WorkerFilter,
} from './large-list/filters.ts';
import { anyId } from '../../db/any-of.ts';

/** The columns an export shows: no per-row account lookups. */
const exportColumns = {
  ...shownWorkerColumns,
  jobTypeName: jobType.name,
  departmentName: department.name,
};

/** One keyset batch of export rows, chosen on the worker table by id, then joined. */
function exportBatch(db: DbOrTx, companyId: number, f: WorkerFilter, afterId: number, batch: number) {
  const ids = db
    .select({ companyId: worker.companyId, id: worker.id })
    .from(worker)
    .where(and(whereOf(companyId, f), sql`${worker.id} > ${afterId}`))
    .orderBy(asc(worker.id))
    .limit(batch)
    .as('batch');
  return db
    .select(exportColumns)
    .from(ids)
    .innerJoin(worker, and(eq(worker.companyId, ids.companyId), eq(worker.id, ids.id)))
    .leftJoin(jobType, jobTypeOfWorker)
    .leftJoin(department, departmentOfWorker)
    .orderBy(asc(worker.id));
}

export type WorkerExportRow = Awaited<ReturnType<typeof exportBatch>>[number];

/**
 * Export rows in batches of `batch` by id (keyset, not offset), for exports of any size without
 * holding the list in memory.
 */
export async function* iterateWorkers(
  db: DbOrTx,
  companyId: number,
  f: WorkerFilter,
  batch = 2000,
): AsyncGenerator<WorkerExportRow[]> {
  let afterId = 0;
  for (;;) {
    const rows = await exportBatch(db, companyId, f, afterId, batch);
    if (!rows.length) return;
    yield rows;
    afterId = rows[rows.length - 1]?.id ?? afterId;
    if (rows.length < batch) return;
  }
}

export async function countWorkers(db: DbOrTx, companyId: number, f: WorkerFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(worker).where(whereOf(companyId, f));
  return row?.n ?? 0;
}

export async function findWorker(db: DbOrTx, companyId: number, id: number, forUpdate = false) {
  // The detail reads the whole worker: its ciphertext (shown to admins with employee:sensitive),
  // region, payment count and update time.
  const q = db
    .select({ ...listColumns, worker })
    .from(worker)
    .leftJoin(jobType, jobTypeOfWorker)
    .leftJoin(department, departmentOfWorker)
    .where(and(eq(worker.companyId, companyId), eq(worker.id, id)))
    .limit(1);
  const [row] = forUpdate ? await q.for('update', { of: worker }) : await q;
  return row;
}

export async function findWorkerIdByIdHash(db: DbOrTx, companyId: number, idNumberHash: string) {
  const [row] = await db
    .select({ id: worker.id })
    .from(worker)
    .where(and(eq(worker.companyId, companyId), eq(worker.idNumberHash, idNumberHash)))
    .limit(1);
  return row?.id;
}

/** Which of these ID hashes already belong to workers of the company. */
export async function findExistingIdHashes(db: DbOrTx, companyId: number, hashes: string[]): Promise<Set<string>> {
  if (!hashes.length) return new Set();
  const rows = await db
    .select({ h: worker.idNumberHash })
    .from(worker)
    .where(and(eq(worker.companyId, companyId), sql`${worker.idNumberHash} = any(${sql.param(hashes)}::text[])`));
  return new Set(rows.map((r) => r.h));
}

export async function insertWorker(db: DbOrTx, values: NewWorker): Promise<number> {
  const [row] = await db.insert(worker).values(values).returning({ id: worker.id });
  if (!row) throw new Error('worker not inserted');
  return row.id;
}

export async function updateWorker(db: DbOrTx, companyId: number, id: number, values: Partial<NewWorker>) {
  await db
    .update(worker)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(worker.companyId, companyId), eq(worker.id, id)));
}

export async function deleteWorker(db: DbOrTx, companyId: number, id: number) {
  await db.delete(worker).where(and(eq(worker.companyId, companyId), eq(worker.id, id)));
}

// ── Workers with their default accounts (the import) ─────────────────────────────────────────

type PgArrayType = 'text' | 'bigint' | 'date' | 'boolean';
type UnnestColumn<T> = readonly [column: string, type: PgArrayType, pick: (row: T) => unknown];

/** A worker's columns as `unnest` arrays: name, array type, value of a row. */
const WORKER_COLUMNS: readonly UnnestColumn<NewWorker>[] = [
  ['company_id', 'bigint', (w) => w.companyId],
  ['name', 'text', (w) => w.name],
  ['id_number_enc', 'text', (w) => w.idNumberEnc],
  ['id_number_hash', 'text', (w) => w.idNumberHash],
  ['id_number_masked', 'text', (w) => w.idNumberMasked],
  ['mobile', 'text', (w) => w.mobile],
  ['gender', 'text', (w) => w.gender],
  ['birth_date', 'date', (w) => w.birthDate],
  ['province', 'text', (w) => w.province],
  ['region_code', 'text', (w) => w.regionCode],
  ['job_type_id', 'bigint', (w) => w.jobTypeId ?? null],
  ['department_id', 'bigint', (w) => w.departmentId ?? null],
  ['status', 'text', (w) => w.status ?? 'active'],
  ['real_name_status', 'text', (w) => w.realNameStatus ?? 'unverified'],
  ['contract_status', 'text', (w) => w.contractStatus ?? 'unsigned'],
  ['joined_at', 'date', (w) => w.joinedAt],
  ['left_at', 'date', (w) => w.leftAt ?? null],
  ['remark', 'text', (w) => w.remark ?? ''],
];

/** A default account's columns with the ID-number hash of its worker, which joins it to the worker. */
type AccountOf<C extends NewDefaultAccount['channel']> = {
  idNumberHash: string;
  values: Extract<NewDefaultAccount, { channel: C }>['values'];
};

const DEFAULT_BANK_CARD_COLUMNS: readonly UnnestColumn<AccountOf<'bank'>>[] = [
  ['id_number_hash', 'text', (a) => a.idNumberHash],
  ['bank_code', 'text', (a) => a.values.bankCode],
  ['card_number_enc', 'text', (a) => a.values.cardNumberEnc],
  ['card_number_hash', 'text', (a) => a.values.cardNumberHash],
  ['card_number_masked', 'text', (a) => a.values.cardNumberMasked],
  ['branch', 'text', (a) => a.values.branch ?? ''],
];

const DEFAULT_ALIPAY_COLUMNS: readonly UnnestColumn<AccountOf<'alipay'>>[] = [
  ['id_number_hash', 'text', (a) => a.idNumberHash],
  ['account_enc', 'text', (a) => a.values.accountEnc],
  ['account_hash', 'text', (a) => a.values.accountHash],
  ['account_masked', 'text', (a) => a.values.accountMasked],
];

/**
 * Set-based insert of many workers of one company, each with its default payout account if it
 * has one (holder name = worker name): ONE statement whatever the number of rows. The accounts
 * find their new worker by its ID-number hash (unique in the company) within the statement, so
 * no ids travel back and forth; the foreign keys are checked at its end, workers inserted.
 */
export async function insertWorkersWithAccounts(
  db: DbOrTx,
  companyId: number,
  rows: { worker: NewWorker; account?: NewDefaultAccount | undefined }[],
): Promise<number> {
  if (!rows.length) return 0;
  // Each column goes as an array literal made here, when the statement is made, rather than by
  // the driver once the connection is free: a caller may make the next statement while one runs.
  const literal = (texts: (string | null)[]) => {
    // Most columns have no NULL and nothing to escape: joined as they are.
    if (texts.every((t) => t !== null && !t.includes('"') && !t.includes('\\'))) {
      return texts.length ? `{"${texts.join('","')}"}` : '{}';
    }
    return `{${texts.map((t) => (t === null ? 'NULL' : `"${t.replace(/[\\"]/g, '\\$&')}"`)).join(',')}}`;
  };
  /**
   * Rows as `from unnest(...) as alias(...)` and one select expression per column; a column with
   * the same value in every row (a status, an empty remark) goes as that one value instead of an
   * array for the server to parse. `key` always goes as an array (it is unique per row).
   */
  const source = <T>(alias: string, columns: readonly UnnestColumn<T>[], values: T[], key: string) => {
    const arrays: SQL[] = [];
    const names: string[] = [];
    const select = new Map<string, SQL>();
    for (const [column, type, pick] of columns) {
      const texts = values.map((value) => {
        const item = pick(value);
        return item === null || item === undefined ? null : String(item);
      });
      const [first] = texts;
      if (column !== key && values.length > 1 && first !== undefined && texts.every((t) => t === first)) {
        select.set(column, first === null ? sql`null::${sql.raw(type)}` : sql`${sql.param(first)}::${sql.raw(type)}`);
      } else {
        arrays.push(sql`${sql.param(literal(texts))}::${sql.raw(type)}[]`);
        names.push(column);
        select.set(column, sql.raw(`${alias}.${column}`));
      }
    }
    const from = sql`unnest(${sql.join(arrays, sql`, `)}) as ${sql.raw(alias)}(${sql.raw(names.join(', '))})`;
    const pickOut = (only: string[]) =>
      sql.join(
        only.map((c) => select.get(c) ?? sql`null`),
        sql`, `,
      );
    return { from, select: pickOut };
  };
  // The company is the caller's, whatever the rows say.
  const workerColumns = WORKER_COLUMNS.filter(([column]) => column !== 'company_id');
  const workerNames = workerColumns.map(([column]) => column);
  const cards: AccountOf<'bank'>[] = [];
  const alipays: AccountOf<'alipay'>[] = [];
  for (const { worker: w, account } of rows) {
    if (account?.channel === 'bank') cards.push({ idNumberHash: w.idNumberHash, values: account.values });
    else if (account) alipays.push({ idNumberHash: w.idNumberHash, values: account.values });
  }
  const w = source(
    'u',
    workerColumns,
    rows.map((r) => r.worker),
    'id_number_hash',
  );
  const b = source('a', DEFAULT_BANK_CARD_COLUMNS, cards, 'id_number_hash');
  const p = source('a', DEFAULT_ALIPAY_COLUMNS, alipays, 'id_number_hash');
  const accountNames = <T>(columns: readonly UnnestColumn<T>[]) =>
    columns.map(([column]) => column).filter((column) => column !== 'id_number_hash');
  const cardNames = accountNames(DEFAULT_BANK_CARD_COLUMNS);
  const alipayNames = accountNames(DEFAULT_ALIPAY_COLUMNS);
  const [result] = await queryRows<{ n: number }>(
    db,
    sql`with w as (
      insert into worker (company_id, ${sql.raw(workerNames.join(', '))})
      select ${companyId}::bigint, ${w.select(workerNames)} from ${w.from}
      returning id, id_number_hash, name
    ), b as (
      insert into worker_bank_card (company_id, worker_id, holder_name, is_default, ${sql.raw(cardNames.join(', '))})
      select ${companyId}::bigint, w.id, w.name, true, ${b.select(cardNames)}
      from ${b.from} join w on w.id_number_hash = a.id_number_hash
    ), p as (
      insert into worker_alipay (company_id, worker_id, holder_name, is_default, ${sql.raw(alipayNames.join(', '))})
      select ${companyId}::bigint, w.id, w.name, true, ${p.select(alipayNames)}
      from ${p.from} join w on w.id_number_hash = a.id_number_hash
    )
    select count(*)::int as n from w`,
  );
  return result?.n ?? 0;
}

// ── Departments of workers ──────────────────────────────────────────────────────────────────

export async function findDepartments(db: DbOrTx, companyId: number) {
  return db
    .select({ id: department.id, name: department.name, parentId: department.parentId })
    .from(department)
    .where(eq(department.companyId, companyId))
    .orderBy(asc(department.sort), asc(department.id));
}

export async function departmentExists(db: DbOrTx, companyId: number, id: number) {
  const [row] = await db
    .select({ id: department.id })
    .from(department)
    .where(and(eq(department.companyId, companyId), eq(department.id, id)));
  return !!row;
}

/** Puts the given workers of the company in a department; answers the ids it moved. */
export async function setDepartmentOfWorkers(db: DbOrTx, companyId: number, ids: number[], departmentId: number) {
  if (!ids.length) return [];
  const rows = await db
    .update(worker)
    .set({ departmentId, updatedAt: new Date() })
    .where(and(eq(worker.companyId, companyId), anyId(worker.id, ids)))
    .returning({ id: worker.id });
  return rows.map((r) => r.id);
}

/** Up to `limit` in-service workers whose name starts with `prefix` (a leader to pick). */
export async function findWorkerOptions(db: DbOrTx, companyId: number, prefix: string | undefined, limit: number) {
  return db
    .select({ id: worker.id, name: worker.name, mobile: worker.mobile })
    .from(worker)
    .where(
      and(
        eq(worker.companyId, companyId),
        eq(worker.status, 'active'),
        prefix ? prefixRange(worker.name, prefix) : undefined,
      ),
    )
    .orderBy(asc(worker.name), asc(worker.id))
    .limit(limit);
}

// ── 员工分析 ────────────────────────────────────────────────────────────────────────────────

export interface WorkerAnalysisRow {
  /** Which grouping the row is: total, gender, band, province, job_type, department. */
  grp: string;
  key: string | null;
  label: string | null;
  count: number;
  joined: number;
}

/**
 * In-service workers matching `where`, counted in one pass over them by every grouping of the
 * analysis (GROUPING SETS): the total and those joined since `monthStart`, then by gender, age
 * band on `today` (the band edges in `bands`, years), province, job type and department (the
 * worker's own department; the caller rolls it up the tree).
 */
export async function analyseWorkers(
  db: DbOrTx,
  where: SQL,
  today: string,
  monthStart: string,
  bandEdges: readonly number[],
): Promise<WorkerAnalysisRow[]> {
  const age = sql`date_part('year', age(${today}::date, ${worker.birthDate}))`;
  const band = sql.join(
    bandEdges.map((e) => sql`(case when ${age} >= ${e} then 1 else 0 end)`),
    sql` + `,
  );
  const rows = await queryRows<Record<string, string | number | null>>(
    db,
    sql`select
          case when grouping(w.gender) = 0 then 'gender'
               when grouping(w.band) = 0 then 'band'
               when grouping(w.province) = 0 then 'province'
               when grouping(w.job_type_id) = 0 then 'job_type'
               when grouping(w.department_id) = 0 then 'department'
               else 'total' end as grp,
          coalesce(w.gender, w.band::text, w.province, w.job_type_id::text, w.department_id::text) as key,
          count(*)::bigint as count,
          count(*) filter (where w.joined_at >= ${monthStart}::date)::bigint as joined
        from (
          select ${worker.gender} as gender, (${band})::int as band, ${worker.province} as province,
                 ${worker.jobTypeId} as job_type_id, ${worker.departmentId} as department_id,
                 ${worker.joinedAt} as joined_at
          from ${worker}
          where ${where} and ${worker.status} = 'active'
        ) w
        group by grouping sets ((w.gender), (w.band), (w.province), (w.job_type_id), (w.department_id), ())`,
  );
  return rows.map((r) => ({
    grp: String(r.grp),
    key: r.key === null ? null : String(r.key),
    label: null,
    count: Number(r.count),
    joined: Number(r.joined),
  }));
}

/**
 * The same groupings as analyseWorkers for all of a company's in-service workers, read from the
 * facets kept by migration 0043's triggers instead of the workers: one index range of some
 * thousands of rows (a_birth holds one per birth date), grouped in the statement (birth dates
 * into age bands on `today`, months joined into since `monthStart` or not), however many workers
 * the company has.
 */
export async function analyseWorkersKept(
  db: DbOrTx,
  companyId: number,
  today: string,
  monthStart: string,
  bandEdges: readonly number[],
): Promise<WorkerAnalysisRow[]> {
  // Aged at least `e` years on `today` is born on or before the same day `e` years earlier:
  // compared as ISO text, 'YYYY-MM-DD', which orders as the dates do (a 29 February `today`
  // gives a day that may not exist, and still splits the births as PostgreSQL's age() does).
  const band = sql.join(
    bandEdges.map((e) => {
      const cutoff = `${String(Number(today.slice(0, 4)) - e).padStart(4, '0')}${today.slice(4)}`;
      return sql`(case when f.value <= ${cutoff} then 1 else 0 end)`;
    }),
    sql` + `,
  );
  const rows = await queryRows<{ grp: string; key: string | null; n: string | number }>(
    db,
    sql`select g.grp, g.key, sum(g.total) as n from (
          select case f.facet when 'a_gender' then 'gender' when 'a_province' then 'province'
                   when 'a_job_type' then 'job_type' when 'a_department' then 'department'
                   when 'a_birth' then 'band' when 'a_joined' then 'joined' else 'total' end as grp,
                 case f.facet when 'a_birth' then (${band})::text
                   when 'a_joined' then (f.value >= ${monthStart.slice(0, 7)})::text
                   when 'a_job_type' then nullif(f.value, '') when 'a_department' then nullif(f.value, '')
                   when 'status' then null else f.value end as key,
                 f.total
          from worker_facet_count f
          where f.company_id = ${companyId} and f.total <> 0
            and (f.facet in ('a_gender', 'a_province', 'a_job_type', 'a_department', 'a_birth', 'a_joined')
                 or (f.facet = 'status' and f.value = 'active'))
        ) g group by g.grp, g.key`,
  );
  const out: WorkerAnalysisRow[] = [];
  let total = 0;
  let joined = 0;
  for (const r of rows) {
    const n = Number(r.n);
    if (r.grp === 'total') total = n;
    else if (r.grp === 'joined') joined += r.key === 'true' ? n : 0;
    else out.push({ grp: r.grp, key: r.key, label: null, count: n, joined: 0 });
  }
  out.push({ grp: 'total', key: null, label: null, count: total, joined });
  return out;
}
