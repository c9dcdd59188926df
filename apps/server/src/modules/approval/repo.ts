/** The only SQL of approval_flow, approval_request and approval_action. */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  admin,
  adminRoleGrant,
  approvalAction,
  approvalFlow,
  approvalRequest,
  roleGrant,
  type ApprovalStepRow,
} from '../../db/schema/index.ts';
import { anyId } from '../../db/any-of.ts';

export type RequestRow = typeof approvalRequest.$inferSelect;
export type ActionRow = typeof approvalAction.$inferSelect;

export async function findFlow(db: DbOrTx, companyId: number, type: string) {
  const [row] = await db
    .select()
    .from(approvalFlow)
    .where(and(eq(approvalFlow.companyId, companyId), eq(approvalFlow.type, type)));
  return row;
}

export async function upsertFlow(
  db: DbOrTx,
  values: { companyId: number; type: string; thresholdFen: number; enabled: boolean; steps: ApprovalStepRow[] },
  now: Date,
) {
  const [row] = await db
    .insert(approvalFlow)
    .values({ ...values, updatedAt: now })
    .onConflictDoUpdate({
      target: [approvalFlow.companyId, approvalFlow.type],
      set: { thresholdFen: values.thresholdFen, enabled: values.enabled, steps: values.steps, updatedAt: now },
    })
    .returning();
  return row;
}

/** The company's roles among `ids`. */
export async function findRoleIds(db: DbOrTx, companyId: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: roleGrant.id })
    .from(roleGrant)
    .where(and(eq(roleGrant.companyId, companyId), anyId(roleGrant.id, ids)));
  return rows.map((r) => r.id);
}

/** The types of the company's flows that name this role in a step (steps are JSON: no key holds them). */
export async function findFlowTypesUsingRole(db: DbOrTx, companyId: number, roleId: number): Promise<string[]> {
  const rows = await db
    .select({ type: approvalFlow.type })
    .from(approvalFlow)
    .where(
      and(
        eq(approvalFlow.companyId, companyId),
        sql`exists (select 1 from jsonb_array_elements(${approvalFlow.steps}) s where (s ->> 'roleId')::bigint = ${roleId})`,
      ),
    );
  return rows.map((r) => r.type);
}

/** The company's roles, for the flow editor's pickers. */
export async function findRoleOptions(db: DbOrTx, companyId: number) {
  return db
    .select({ id: roleGrant.id, name: roleGrant.name })
    .from(roleGrant)
    .where(eq(roleGrant.companyId, companyId))
    .orderBy(asc(roleGrant.id));
}

/** The company's admins with their status and roles. */
export async function findCompanyAdmins(db: DbOrTx, companyId: number) {
  const rows = await db
    .select({
      id: admin.id,
      name: admin.name,
      status: admin.status,
      roleIds: sql<
        number[]
      >`coalesce(array_agg(${adminRoleGrant.roleId}) filter (where ${adminRoleGrant.roleId} is not null), '{}')`,
    })
    .from(admin)
    .leftJoin(adminRoleGrant, and(eq(adminRoleGrant.adminId, admin.id), eq(adminRoleGrant.companyId, admin.companyId)))
    .where(eq(admin.companyId, companyId))
    .groupBy(admin.id)
    .orderBy(asc(admin.id));
  return rows.map((r) => ({ ...r, roleIds: (r.roleIds ?? []).map(Number), enabled: r.status === 'enabled' }));
}

export async function insertRequest(db: DbOrTx, values: typeof approvalRequest.$inferInsert) {
  const [row] = await db.insert(approvalRequest).values(values).returning();
  if (!row) throw new Error('approval: request not written');
  return row;
}

/** A request of the company, locked for a decision. */
export async function lockRequest(db: DbOrTx, companyId: number, id: number): Promise<RequestRow | undefined> {
  const [row] = await db
    .select()
    .from(approvalRequest)
    .where(and(eq(approvalRequest.id, id), eq(approvalRequest.companyId, companyId)))
    .for('update');
  return row;
}

export async function findRequest(db: DbOrTx, companyId: number, id: number): Promise<RequestRow | undefined> {
  const [row] = await db
    .select()
    .from(approvalRequest)
    .where(and(eq(approvalRequest.id, id), eq(approvalRequest.companyId, companyId)));
  return row;
}

/** The latest request of a subject of the company (a subject withdrawn and resubmitted has several). */
export async function findLatestRequestOf(
  db: DbOrTx,
  companyId: number,
  subject: { kind: string; id: string },
): Promise<RequestRow | undefined> {
  const [row] = await db
    .select()
    .from(approvalRequest)
    .where(
      and(
        eq(approvalRequest.companyId, companyId),
        eq(approvalRequest.subjectKind, subject.kind),
        eq(approvalRequest.subjectId, subject.id),
      ),
    )
    .orderBy(desc(approvalRequest.id))
    .limit(1);
  return row;
}

export async function updateRequest(
  db: DbOrTx,
  companyId: number,
  id: number,
  set: Partial<Pick<RequestRow, 'status' | 'currentStep' | 'decidedAt'>>,
) {
  await db
    .update(approvalRequest)
    .set(set)
    .where(and(eq(approvalRequest.companyId, companyId), eq(approvalRequest.id, id)));
}

export async function insertAction(db: DbOrTx, values: typeof approvalAction.$inferInsert) {
  await db.insert(approvalAction).values(values);
}

export async function findActions(db: DbOrTx, companyId: number, requestIds: number[]) {
  if (!requestIds.length) return [];
  return db
    .select({
      requestId: approvalAction.requestId,
      step: approvalAction.step,
      adminId: approvalAction.adminId,
      adminName: admin.name,
      decision: approvalAction.decision,
      comment: approvalAction.comment,
      createdAt: approvalAction.createdAt,
    })
    .from(approvalAction)
    .innerJoin(admin, and(eq(admin.companyId, approvalAction.companyId), eq(admin.id, approvalAction.adminId)))
    .where(and(eq(approvalAction.companyId, companyId), anyId(approvalAction.requestId, requestIds)))
    .orderBy(asc(approvalAction.id));
}

/**
 * The company's pending requests whose current step names this admin as an approver and that
 * the admin has not yet decided at that step (newest first, at most `limit`).
 */
export async function findPendingFor(db: DbOrTx, companyId: number, adminId: number, limit: number) {
  return db
    .select()
    .from(approvalRequest)
    .where(
      and(
        eq(approvalRequest.companyId, companyId),
        eq(approvalRequest.status, 'pending'),
        sql`(${approvalRequest.steps} -> (${approvalRequest.currentStep} - 1) -> 'approvers') @> to_jsonb(${adminId}::bigint)`,
        sql`not exists (select 1 from ${approvalAction} a where a.company_id = ${approvalRequest.companyId} and a.request_id = ${approvalRequest.id}
                        and a.step = ${approvalRequest.currentStep} and a.admin_id = ${adminId})`,
      ),
    )
    .orderBy(desc(approvalRequest.id))
    .limit(limit);
}

/** How many requests of a type wait for this admin's decision now (the pending ones of the company only). */
export async function countPendingFor(db: DbOrTx, companyId: number, adminId: number, type: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(approvalRequest)
    .where(
      and(
        eq(approvalRequest.companyId, companyId),
        eq(approvalRequest.status, 'pending'),
        eq(approvalRequest.type, type),
        sql`(${approvalRequest.steps} -> (${approvalRequest.currentStep} - 1) -> 'approvers') @> to_jsonb(${adminId}::bigint)`,
        sql`not exists (select 1 from ${approvalAction} a where a.company_id = ${approvalRequest.companyId} and a.request_id = ${approvalRequest.id}
                        and a.step = ${approvalRequest.currentStep} and a.admin_id = ${adminId})`,
      ),
    );
  return Number(row?.n ?? 0);
}

export async function findAdminNames(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: admin.id, name: admin.name }).from(admin).where(anyId(admin.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}
