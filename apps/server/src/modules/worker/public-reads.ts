/**
 * What other areas read of workers inside their own SQL (task's 选择人员): a selection of the
 * company's workers as a subquery, so that the reader names neither the worker table nor its
 * statuses. A list that shows workers next to its rows reads the view worker_card
 * (db/schema/public-views.ts); both are worker's public reads (db/schema/owners.ts).
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { worker } from '../../db/schema/index.ts';
import { anyId } from '../../db/any-of.ts';

/** The workers named by id, as a selection's condition (the ids a user picked). */
export function workerIdsWhere(ids: readonly number[]): SQL {
  return anyId(worker.id, [...new Set(ids)]);
}

/**
 * The company's workers matching `where` (from `workerListWhere` or `workerIdsWhere`), less
 * `excludeIds`, as a subquery of `(company_id, id, is_active)`: is_active is 在职, the only
 * workers another area may give work to.
 */
export function workerSelection(companyId: number, where: SQL, excludeIds: readonly number[]): SQL {
  const notExcluded = excludeIds.length ? sql`not (${anyId(worker.id, excludeIds)})` : undefined;
  return sql`(select ${worker.companyId} as company_id, ${worker.id} as id, ${worker.status} = 'active' as is_active
    from ${worker} where ${and(eq(worker.companyId, companyId), where, notExcluded)})`;
}

/**
 * Whether the worker a row names (its company and worker id columns) matches `where`, a condition
 * on workers from `workerListWhere`: another area's figures narrowed to some workers.
 */
export function workerMatches(companyId: SQL, workerId: SQL, where: SQL): SQL {
  return sql`exists (select 1 from ${worker} where ${worker.companyId} = ${companyId} and ${worker.id} = ${workerId} and ${where})`;
}
