/**
 * 工种: the SQL of the job type table, each job type with its worker count (kept by triggers).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { contains, equals, pagedQuery } from '../../../db/paged-query.ts';
import { jobType } from '../../../db/schema/index.ts';

export type JobTypeRow = typeof jobType.$inferSelect;

// The job type's workers, from the counter the triggers of migration 0009 keep in the same
// transaction as each write: no count over a million workers. Outer columns qualified by hand
// (see hasDefaultAccount in large-list/filters.ts).
const workerCount = sql<number>`coalesce((select f.total::int from worker_facet_count f
  where f.company_id = "job_type"."company_id" and f.facet = 'job_type' and f.value = "job_type"."id"::text), 0)`;

export async function findJobTypes(db: DbOrTx, companyId: number) {
  return db
    .select({ jobType, workerCount })
    .from(jobType)
    .where(eq(jobType.companyId, companyId))
    .orderBy(asc(jobType.id));
}

/** The company's job types without their worker counts: for lookups by code (imports). */
export async function findJobTypeRefs(db: DbOrTx, companyId: number) {
  return db
    .select({ id: jobType.id, code: jobType.code, name: jobType.name, enabled: jobType.enabled })
    .from(jobType)
    .where(eq(jobType.companyId, companyId))
    .orderBy(asc(jobType.id));
}

export async function findJobTypePage(
  db: DbOrTx,
  companyId: number,
  q: { page: number; limit: number; name?: string | undefined; enabled?: boolean | undefined },
) {
  return pagedQuery(db, {
    from: jobType,
    select: { jobType, workerCount },
    where: [
      eq(jobType.companyId, companyId),
      contains(jobType.name, q.name, { ignoreCase: false }),
      equals(jobType.enabled, q.enabled),
    ],
    order: 'asc',
    id: jobType.id,
    page: q.page,
    limit: q.limit,
  });
}

export async function findJobType(db: DbOrTx, companyId: number, id: number, forUpdate = false) {
  const q = db
    .select({ jobType, workerCount })
    .from(jobType)
    .where(and(eq(jobType.companyId, companyId), eq(jobType.id, id)))
    .limit(1);
  const [row] = forUpdate ? await q.for('update', { of: jobType }) : await q;
  return row;
}

export async function insertJobType(db: DbOrTx, values: typeof jobType.$inferInsert) {
  const [row] = await db.insert(jobType).values(values).returning({ id: jobType.id });
  if (!row) throw new Error('job type not inserted');
  return row.id;
}

export async function updateJobType(
  db: DbOrTx,
  companyId: number,
  id: number,
  values: Partial<typeof jobType.$inferInsert>,
) {
  await db
    .update(jobType)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(jobType.companyId, companyId), eq(jobType.id, id)));
}

export async function deleteJobType(db: DbOrTx, companyId: number, id: number) {
  await db.delete(jobType).where(and(eq(jobType.companyId, companyId), eq(jobType.id, id)));
}
