/**
 * The worker list's filters and columns, shared by the list (page.ts) and the plain reads of the
 * worker repository (exports, counts): the one definition of what a filter means.
 */
import { and, eq, gte, lte, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { prefixEnd, prefixRange } from '../../../db/like.ts';
import { department, jobType, worker } from '../../../db/schema/index.ts';

type WorkerRow = typeof worker.$inferSelect;

export interface WorkerFilter {
  name?: string | undefined;
  mobile?: string | undefined;
  idNumberHash?: string | undefined;
  jobTypeId?: number | undefined;
  departmentId?: number | undefined;
  status?: string | undefined;
  realNameStatus?: string | undefined;
  joinedFrom?: string | undefined;
  joinedTo?: string | undefined;
}

/**
 * The filters, and the upper bounds of the two prefix filters (their byte range's end, a value of
 * its own so that one prepared statement serves every prefix).
 */
type FilterKey = keyof WorkerFilter | 'nameEnd' | 'mobileEnd';

/**
 * The list filters: each one's condition on a value, and the value it compares with (undefined
 * when the filter is not set). `whereOf` fills in the values; `filterShape` writes placeholders,
 * so that one prepared statement serves every value of the same set of filters.
 */
const FILTERS: {
  [K in FilterKey]-?: [
    condition: (value: SQLWrapper, company: SQLWrapper) => SQL,
    value: (f: WorkerFilter) => string | number | undefined,
  ];
} = {
  // Prefix match as a byte range (db/like.ts prefixRange): served by the (company_id, name
  // text_pattern_ops) index on a million rows, under row-level security too.
  name: [(v) => prefixRange(worker.name, v, undefined), (f) => f.name || undefined],
  nameEnd: [(v) => sql`(${worker.name})::text ~<~ ${v}`, (f) => (f.name ? prefixEnd(f.name) : undefined)],
  mobile: [(v) => prefixRange(worker.mobile, v, undefined), (f) => f.mobile || undefined],
  mobileEnd: [(v) => sql`(${worker.mobile})::text ~<~ ${v}`, (f) => (f.mobile ? prefixEnd(f.mobile) : undefined)],
  idNumberHash: [(v) => eq(worker.idNumberHash, v), (f) => f.idNumberHash || undefined],
  jobTypeId: [(v) => eq(worker.jobTypeId, v), (f) => f.jobTypeId || undefined],
  // The department and every department under it, through the closure (ADR 0018). The closure is
  // keyed by the company's value, not the worker row's column: a subquery naming the outer row is
  // run again for every worker (a SubPlan), one naming values only becomes a semi-join.
  departmentId: [
    (v, company) =>
      sql`${worker.departmentId} in (select c.descendant_id from department_closure c where c.company_id = ${company} and c.ancestor_id = ${v})`,
    (f) => f.departmentId || undefined,
  ],
  status: [(v) => eq(worker.status, v), (f) => f.status || undefined],
  realNameStatus: [(v) => eq(worker.realNameStatus, v), (f) => f.realNameStatus || undefined],
  joinedFrom: [(v) => gte(worker.joinedAt, v), (f) => f.joinedFrom || undefined],
  joinedTo: [(v) => lte(worker.joinedAt, v), (f) => f.joinedTo || undefined],
};
const FILTER_KEYS = Object.keys(FILTERS) as FilterKey[];

export function whereOf(companyId: number, f: WorkerFilter): SQL | undefined {
  return and(
    eq(worker.companyId, companyId),
    ...FILTER_KEYS.map((k) => {
      const [condition, value] = FILTERS[k];
      const v = value(f);
      return v === undefined ? undefined : condition(sql.param(v), sql.param(companyId));
    }),
  );
}

/**
 * The filters of `f` with placeholders instead of values: `key` names the set of filters set,
 * `params` holds their values. The company is the placeholder `companyId`, whose value the
 * caller adds.
 */
export function filterShape(f: WorkerFilter): { key: string; where: SQL; params: Record<string, string | number> } {
  const params: Record<string, string | number> = {};
  const conditions: SQL[] = [eq(worker.companyId, sql.placeholder('companyId'))];
  for (const k of FILTER_KEYS) {
    const [condition, value] = FILTERS[k];
    const v = value(f);
    if (v === undefined) continue;
    params[k] = v;
    conditions.push(condition(sql.placeholder(k), sql.placeholder('companyId')));
  }
  return { key: Object.keys(params).join(',') || 'all', where: and(...conditions) as SQL, params };
}

export const SORT_COLUMNS = { createdAt: worker.createdAt, joinedAt: worker.joinedAt, name: worker.name } as const;

/**
 * The worker columns lists and exports show: no ciphertext, hash or bookkeeping columns, which
 * they never need and which would cost every page and batch their transfer and parsing.
 */
export const shownWorkerColumns = {
  id: worker.id,
  name: worker.name,
  idNumberMasked: worker.idNumberMasked,
  mobile: worker.mobile,
  gender: worker.gender,
  birthDate: worker.birthDate,
  province: worker.province,
  status: worker.status,
  realNameStatus: worker.realNameStatus,
  contractStatus: worker.contractStatus,
  joinedAt: worker.joinedAt,
  leftAt: worker.leftAt,
  remark: worker.remark,
};

/** A list row's worker columns: the shown ones, the references its filters edit, its creation. */
const listWorkerColumns = {
  ...shownWorkerColumns,
  jobTypeId: worker.jobTypeId,
  departmentId: worker.departmentId,
  createdAt: worker.createdAt,
};

/** Columns of a list row, with the job type and department names. */
export const listColumns = {
  worker: listWorkerColumns,
  jobTypeName: jobType.name,
  departmentName: department.name,
  // Outer columns are written qualified by hand: inside a subquery an unqualified "id" would
  // resolve to the subquery's own table.
  hasDefaultAccount: sql<boolean>`(exists (select 1 from worker_bank_card b where b.company_id = "worker"."company_id" and b.worker_id = "worker"."id" and b.is_default)
    or exists (select 1 from worker_alipay a where a.company_id = "worker"."company_id" and a.worker_id = "worker"."id" and a.is_default))`,
};

export type WorkerListRow = {
  worker: Pick<WorkerRow, keyof typeof listWorkerColumns>;
  jobTypeName: string | null;
  departmentName: string | null;
  hasDefaultAccount: boolean;
};

/** A worker's job type and department, both optional, always of the worker's own company. */
export const jobTypeOfWorker = and(eq(jobType.companyId, worker.companyId), eq(jobType.id, worker.jobTypeId));
export const departmentOfWorker = and(
  eq(department.companyId, worker.companyId),
  eq(department.id, worker.departmentId),
);
