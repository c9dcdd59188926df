import { and, asc, eq, getTableColumns, isNotNull, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { anyUuid } from '../../../db/any-of.ts';
import { equals, pagedQuery, type Paged } from '../../../db/paged-query.ts';
import { operatorExportJob } from '../../../db/schema/index.ts';

export type OperatorExportJobRow = typeof operatorExportJob.$inferSelect;

export async function insertOperatorExportJob(
  db: DbOrTx,
  values: typeof operatorExportJob.$inferInsert,
): Promise<OperatorExportJobRow> {
  const [row] = await db.insert(operatorExportJob).values(values).returning();
  if (!row) throw new Error('operator export job not inserted');
  return row;
}

/** One export job of the operator who asked for it. */
export async function findOperatorExportJob(
  db: DbOrTx,
  operatorId: number,
  id: string,
): Promise<OperatorExportJobRow | undefined> {
  const [row] = await db
    .select()
    .from(operatorExportJob)
    .where(and(eq(operatorExportJob.operatorId, operatorId), eq(operatorExportJob.id, id)))
    .limit(1);
  return row;
}

/** A page of one operator's export jobs, newest first. */
export function findOperatorExportPage(
  db: DbOrTx,
  operatorId: number,
  q: { status?: string | undefined; page: number; limit: number },
): Promise<Paged<OperatorExportJobRow>> {
  return pagedQuery(db, {
    from: operatorExportJob,
    select: getTableColumns(operatorExportJob),
    where: [eq(operatorExportJob.operatorId, operatorId), equals(operatorExportJob.status, q.status)],
    sorts: { createdAt: operatorExportJob.createdAt },
    sort: 'createdAt',
    order: 'desc',
    id: operatorExportJob.id,
    page: q.page,
    limit: q.limit,
  });
}

/** Records where the running job's file goes, before its first byte is written. */
export async function setOperatorExportFileKey(db: DbOrTx, id: string, fileKey: string) {
  await db
    .update(operatorExportJob)
    .set({ fileKey })
    .where(and(eq(operatorExportJob.id, id), eq(operatorExportJob.status, 'running')));
}

/** Jobs whose retention ended and whose file is still in the store, oldest first. */
export function findExpiredOperatorExportFiles(db: DbOrTx, now: Date, limit: number) {
  return db
    .select({ id: operatorExportJob.id, fileKey: operatorExportJob.fileKey })
    .from(operatorExportJob)
    .where(and(isNotNull(operatorExportJob.fileKey), lte(operatorExportJob.expiresAt, now)))
    .orderBy(asc(operatorExportJob.expiresAt))
    .limit(limit);
}

/** The jobs' files are removed: they name none any more. */
export async function clearOperatorExportFileKeys(db: DbOrTx, ids: string[]) {
  if (!ids.length) return;
  await db.update(operatorExportJob).set({ fileKey: null }).where(anyUuid(operatorExportJob.id, ids));
}
