/**
 * 签约: the SQL of workers' agreements (worker_agreement) and of the worker's contract_status that
 * sums them up (签约中 while one is out, 已签约 once one is signed).
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../../db/client.ts';

/**
 * The failed agreements of the template of the workers matched by `where` are forgotten, so that
 * queueing sends them again under a new ref (the provider answers a ref it knows as before).
 */
export async function dropFailed(db: DbOrTx, companyId: number, where: SQL, templateId: number): Promise<void> {
  await db.execute(
    sql`delete from worker_agreement a
         where a.company_id = ${companyId} and a.template_id = ${templateId} and a.status = 'failed'
           and a.worker_id in (select worker.id from worker where worker.company_id = ${companyId} and ${where})`,
  );
}

/**
 * Queues an agreement of the template for each 在职, 已认证 worker matched by `where` (a condition
 * on `worker`) who has none of it yet; answers how many were queued and how many were passed over
 * because their real name is not verified.
 */
export async function queueAgreements(
  db: DbOrTx,
  companyId: number,
  where: SQL,
  template: { id: number; serviceCompanyId: number; version: number },
): Promise<{ queued: number; unverified: number }> {
  const [row] = await queryRows<{ queued: number; unverified: number }>(
    db,
    sql`with matched as (
          select worker.id, worker.real_name_status from worker
           where worker.company_id = ${companyId} and worker.status = 'active' and ${where}
        ), ins as (
          insert into worker_agreement (company_id, worker_id, service_company_id, template_id, version)
          select ${companyId}, m.id, ${template.serviceCompanyId}, ${template.id}, ${template.version}
            from matched m where m.real_name_status = 'verified'
          on conflict (company_id, worker_id, template_id) do nothing
          returning 1
        )
        select (select count(*)::int from ins) as queued,
               (select count(*)::int from matched where real_name_status <> 'verified') as unverified`,
  );
  return { queued: Number(row?.queued ?? 0), unverified: Number(row?.unverified ?? 0) };
}

export interface QueuedAgreement {
  id: number;
  workerId: number;
  name: string;
  mobile: string;
}

/** Agreements of the template still to send, after `afterId`. */
export async function findQueued(
  db: DbOrTx,
  companyId: number,
  templateId: number,
  afterId: number,
  limit: number,
): Promise<QueuedAgreement[]> {
  const rows = await queryRows<{ id: string | number; worker_id: string | number; name: string; mobile: string }>(
    db,
    sql`select a.id, a.worker_id, w.name, w.mobile from worker_agreement a
          join worker w on w.company_id = a.company_id and w.id = a.worker_id
         where a.company_id = ${companyId} and a.template_id = ${templateId} and a.status = 'queued' and a.id > ${afterId}
         order by a.id limit ${limit}`,
  );
  return rows.map((r) => ({ id: Number(r.id), workerId: Number(r.worker_id), name: r.name, mobile: r.mobile }));
}

/** Sent: 签约中, with the provider's reference; the worker is 签约中 unless already 已签约. */
export async function markSent(db: DbOrTx, companyId: number, id: number, providerRef: string): Promise<void> {
  await db.execute(
    sql`with a as (
          update worker_agreement set status = 'signing', provider_ref = ${providerRef}, sent_at = now()
           where company_id = ${companyId} and id = ${id} and status = 'queued'
          returning worker_id
        )
        update worker set contract_status = 'signing', updated_at = now()
          where company_id = ${companyId} and id in (select worker_id from a) and contract_status = 'unsigned'`,
  );
}

/**
 * Failed (签约失败, the provider's reason): from 待发送 (refused when sent) or 签约中 (declined);
 * the worker's contract status is summed up again. False when it was neither.
 */
export async function markFailed(
  db: DbOrTx,
  companyId: number,
  id: number,
  failure: { providerRef: string; reason: string },
): Promise<boolean> {
  const rows = await queryRows<{ worker_id: string | number }>(
    db,
    sql`update worker_agreement
           set status = 'failed', reason = ${failure.reason.slice(0, 100)},
               provider_ref = ${failure.providerRef}, sent_at = coalesce(sent_at, now())
         where company_id = ${companyId} and id = ${id} and status in ('queued', 'signing')
        returning worker_id`,
  );
  const [row] = rows;
  if (!row) return false;
  await db.execute(
    sql`update worker w set contract_status = case
             when exists (select 1 from worker_agreement a
                           where a.company_id = w.company_id and a.worker_id = w.id and a.status = 'signed') then 'signed'
             when exists (select 1 from worker_agreement a
                           where a.company_id = w.company_id and a.worker_id = w.id and a.status = 'signing') then 'signing'
             else 'unsigned' end,
               updated_at = now()
         where w.company_id = ${companyId} and w.id = ${Number(row.worker_id)}`,
  );
  return true;
}

export async function findByRef(db: DbOrTx, companyId: number, id: number) {
  const [row] = await queryRows<{
    id: string | number;
    worker_id: string | number;
    name: string;
    status: string;
    provider_ref: string | null;
    version: number;
    template_id: string | number;
  }>(
    db,
    sql`select a.id, a.worker_id, w.name, a.status, a.provider_ref, a.version, a.template_id
          from worker_agreement a join worker w on w.company_id = a.company_id and w.id = a.worker_id
         where a.company_id = ${companyId} and a.id = ${id}`,
  );
  return (
    row && {
      id: Number(row.id),
      workerId: Number(row.worker_id),
      name: row.name,
      status: row.status,
      providerRef: row.provider_ref,
      version: Number(row.version),
      templateId: Number(row.template_id),
    }
  );
}

/** Signed: the PDF kept and its hash; the worker is 已签约. False when it was no longer 签约中. */
export async function markSigned(
  db: DbOrTx,
  companyId: number,
  id: number,
  file: { id: string; sha256: string; signedAt: Date },
): Promise<boolean> {
  const rows = await queryRows<{ worker_id: string | number }>(
    db,
    sql`update worker_agreement set status = 'signed', signed_file_id = ${file.id}, signed_sha256 = ${file.sha256},
               signed_at = ${file.signedAt.toISOString()}
         where company_id = ${companyId} and id = ${id} and status = 'signing'
        returning worker_id`,
  );
  const [row] = rows;
  if (!row) return false;
  await db.execute(
    sql`update worker set contract_status = 'signed', updated_at = now()
         where company_id = ${companyId} and id = ${Number(row.worker_id)}`,
  );
  return true;
}

export interface AgreementRow {
  id: number;
  serviceCompanyId: number;
  templateId: number;
  version: number;
  status: string;
  reason: string;
  providerRef: string | null;
  signedFileId: string | null;
  signedSha256: string | null;
  requestedAt: Date;
  sentAt: Date | null;
  signedAt: Date | null;
}

/** A worker's agreements, newest first. */
export async function findOfWorker(db: DbOrTx, companyId: number, workerId: number): Promise<AgreementRow[]> {
  const rows = await queryRows<{
    id: string | number;
    service_company_id: string | number;
    template_id: string | number;
    version: number;
    status: string;
    reason: string;
    provider_ref: string | null;
    signed_file_id: string | null;
    signed_sha256: string | null;
    created_at: string | Date;
    sent_at: string | Date | null;
    signed_at: string | Date | null;
  }>(
    db,
    sql`select id, service_company_id, template_id, version, status, reason, provider_ref, signed_file_id,
               signed_sha256, created_at, sent_at, signed_at
          from worker_agreement where company_id = ${companyId} and worker_id = ${workerId}
         order by id desc`,
  );
  const at = (v: string | Date | null) => (v === null ? null : new Date(v));
  return rows.map((r) => ({
    id: Number(r.id),
    serviceCompanyId: Number(r.service_company_id),
    templateId: Number(r.template_id),
    version: Number(r.version),
    status: r.status,
    reason: r.reason,
    providerRef: r.provider_ref,
    signedFileId: r.signed_file_id,
    signedSha256: r.signed_sha256,
    requestedAt: new Date(r.created_at),
    sentAt: at(r.sent_at),
    signedAt: at(r.signed_at),
  }));
}

/** How many of these ids are the company's workers. */
export async function countWorkers(db: DbOrTx, companyId: number, ids: readonly number[]): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from worker where company_id = ${companyId} and id = any(${sql.param([...ids])}::bigint[])`,
  );
  return Number(row?.n ?? 0);
}
