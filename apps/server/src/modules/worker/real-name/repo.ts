/**
 * 实名认证: the SQL of real-name verifications (worker_real_name_run, worker_real_name_check) and of
 * the worker's real_name_status that follows its latest check. Set-based: an import's 100,000
 * workers are queued by one statement per commit batch, and answered a provider batch at a time.
 */
import { sql, type SQL } from 'drizzle-orm';
import { REAL_NAME_AUTO_ATTEMPTS, type TRealNameRunSource } from '@flexpay/contract';
import { queryRows, type DbOrTx } from '../../../db/client.ts';

/** Which workers a queueing names: by id, or by ID number hash (an import's rows). */
export type WorkerMatch = { ids: readonly number[] } | { hashes: readonly string[] };

const matchOf = (m: WorkerMatch): SQL =>
  'ids' in m
    ? sql`w.id = any(${sql.param([...m.ids])}::bigint[])`
    : sql`w.id_number_hash = any(${sql.param([...m.hashes])}::text[])`;

export async function insertRun(
  db: DbOrTx,
  companyId: number,
  source: TRealNameRunSource,
  importId?: string,
): Promise<number> {
  const [row] = await queryRows<{ id: string | number }>(
    db,
    sql`insert into worker_real_name_run (company_id, source, total, import_id)
        values (${companyId}, ${source}, 0, ${importId ?? null}) returning id`,
  );
  return Number(row?.id);
}

/**
 * Queues a check of each matched worker in the run: a check still waiting for the same worker is
 * superseded (its run counts it), the worker becomes 认证中. Answers how many were queued.
 */
export async function queueChecks(
  db: DbOrTx,
  companyId: number,
  runId: number,
  match: WorkerMatch,
  /** Workers inserted 认证中 in this transaction (an import's): none has a check to supersede. */
  fresh = false,
): Promise<number> {
  const [row] = await queryRows<{ n: string | number }>(
    db,
    fresh
      ? sql`with ins as (
              insert into worker_real_name_check (company_id, worker_id, run_id)
              select ${companyId}, w.id, ${runId} from worker w where w.company_id = ${companyId} and ${matchOf(match)}
              returning 1
            )
            select count(*)::int as n from ins`
      : sql`with targets as (
          select w.id from worker w where w.company_id = ${companyId} and ${matchOf(match)}
        ), old as (
          update worker_real_name_check c set status = 'superseded', answered_at = now()
           where c.company_id = ${companyId} and c.status = 'verifying'
             and c.worker_id in (select id from targets)
          returning c.run_id
        ), old_runs as (
          update worker_real_name_run r set superseded = r.superseded + o.n
            from (select run_id, count(*)::int as n from old group by run_id) o
           where r.company_id = ${companyId} and r.id = o.run_id
        ), ins as (
          insert into worker_real_name_check (company_id, worker_id, run_id)
          select ${companyId}, id, ${runId} from targets
          returning worker_id
        ), marked as (
          update worker w set real_name_status = 'verifying', updated_at = now()
           where w.company_id = ${companyId} and w.real_name_status <> 'verifying'
             and w.id in (select worker_id from ins)
        )
        select count(*)::int as n from ins`,
  );
  const n = Number(row?.n ?? 0);
  await db.execute(
    sql`update worker_real_name_run set total = total + ${n} where company_id = ${companyId} and id = ${runId}`,
  );
  await finishRuns(db, companyId);
  return n;
}

/** A check waiting for the provider, with what it needs asked: the encrypted numbers, never decrypted here. */
export interface PendingCheck {
  id: number;
  workerId: number;
  name: string;
  idNumberEnc: string;
  /** The default bank card's encrypted number (三要素), or null (二要素). */
  cardNumberEnc: string | null;
  attempts: number;
}

/**
 * The oldest checks still waiting, after `afterId`, up to `limit`; a check the provider was away
 * for REAL_NAME_AUTO_ATTEMPTS times is asked again only by 重新认证 (a new check).
 */
export async function findPendingChecks(
  db: DbOrTx,
  companyId: number,
  afterId: number,
  limit: number,
): Promise<PendingCheck[]> {
  const rows = await queryRows<{
    id: string | number;
    worker_id: string | number;
    name: string;
    id_number_enc: string;
    card_number_enc: string | null;
    attempts: number;
  }>(
    db,
    sql`select c.id, c.worker_id, w.name, w.id_number_enc, card.card_number_enc, c.attempts
          from worker_real_name_check c
          join worker w on w.company_id = c.company_id and w.id = c.worker_id
          left join lateral (
            select b.card_number_enc from worker_bank_card b
             where b.company_id = w.company_id and b.worker_id = w.id and b.is_default
             limit 1
          ) card on true
         where c.company_id = ${companyId} and c.status = 'verifying' and c.id > ${afterId}
           and c.attempts < ${REAL_NAME_AUTO_ATTEMPTS}
         order by c.id
         limit ${limit}`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    workerId: Number(r.worker_id),
    name: r.name,
    idNumberEnc: r.id_number_enc,
    cardNumberEnc: r.card_number_enc,
    attempts: r.attempts,
  }));
}

export interface CheckAnswer {
  id: number;
  status: 'verified' | 'failed';
  factors: 2 | 3;
  reason: string;
  providerRef: string;
}

/**
 * Records the provider's answers: checks still waiting take them, their workers take the status,
 * their runs count them (and end when all are counted). A check superseded meanwhile keeps its
 * state, and its worker the later check's.
 */
export async function recordAnswers(db: DbOrTx, companyId: number, answers: readonly CheckAnswer[]): Promise<void> {
  if (!answers.length) return;
  const col = <T>(pick: (a: CheckAnswer) => T) => sql.param(answers.map(pick));
  await db.execute(
    sql`with a as (
          select * from unnest(${col((a) => a.id)}::bigint[], ${col((a) => a.status)}::text[],
                               ${col((a) => a.factors)}::smallint[], ${col((a) => a.reason)}::text[],
                               ${col((a) => a.providerRef)}::text[])
                   as a(id, status, factors, reason, provider_ref)
        ), done as (
          update worker_real_name_check c
             set status = a.status, factors = a.factors, reason = a.reason,
                 provider_ref = a.provider_ref, answered_at = now()
            from a
           where c.company_id = ${companyId} and c.id = a.id and c.status = 'verifying'
          returning c.worker_id, c.run_id, c.status
        ), workers as (
          update worker w set real_name_status = d.status, updated_at = now()
            from done d
           where w.company_id = ${companyId} and w.id = d.worker_id
        )
        update worker_real_name_run r
           set verified = r.verified + x.verified, failed = r.failed + x.failed
          from (select run_id, count(*) filter (where status = 'verified')::int as verified,
                       count(*) filter (where status = 'failed')::int as failed
                  from done group by run_id) x
         where r.company_id = ${companyId} and r.id = x.run_id`,
  );
  await finishRuns(db, companyId);
}

/**
 * Counts one more time the provider was away for these checks; answers how many have now reached
 * REAL_NAME_AUTO_ATTEMPTS (no longer asked again by themselves).
 */
export async function countAttempts(db: DbOrTx, companyId: number, ids: readonly number[]): Promise<number> {
  if (!ids.length) return 0;
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`with counted as (
          update worker_real_name_check set attempts = attempts + 1
           where company_id = ${companyId} and id = any(${sql.param([...ids])}::bigint[]) and status = 'verifying'
          returning attempts
        )
        select count(*) filter (where attempts >= ${REAL_NAME_AUTO_ATTEMPTS})::int as n from counted`,
  );
  return Number(row?.n ?? 0);
}

/** Ends the runs whose every check is answered or superseded. */
async function finishRuns(db: DbOrTx, companyId: number): Promise<void> {
  await db.execute(
    sql`update worker_real_name_run set finished_at = now()
         where company_id = ${companyId} and finished_at is null and verified + failed + superseded >= total`,
  );
}

export interface CheckRow {
  status: string;
  factors: number | null;
  reason: string;
  providerRef: string | null;
  source: string;
  requestedAt: Date;
  answeredAt: Date | null;
  attempts: number;
}

/** The worker's latest check, or undefined. */
export async function findLatestCheck(db: DbOrTx, companyId: number, workerId: number): Promise<CheckRow | undefined> {
  const [r] = await queryRows<{
    status: string;
    factors: number | null;
    reason: string;
    provider_ref: string | null;
    source: string;
    created_at: string | Date;
    answered_at: string | Date | null;
    attempts: number;
  }>(
    db,
    sql`select c.status, c.factors, c.reason, c.provider_ref, r.source, c.created_at, c.answered_at, c.attempts
          from worker_real_name_check c
          join worker_real_name_run r on r.company_id = c.company_id and r.id = c.run_id
         where c.company_id = ${companyId} and c.worker_id = ${workerId}
         order by c.id desc limit 1`,
  );
  if (!r) return undefined;
  return {
    status: r.status,
    factors: r.factors === null ? null : Number(r.factors),
    reason: r.reason,
    providerRef: r.provider_ref,
    source: r.source,
    requestedAt: new Date(r.created_at),
    answeredAt: r.answered_at === null ? null : new Date(r.answered_at),
    attempts: Number(r.attempts),
  };
}

export interface RunRow {
  id: number;
  source: string;
  total: number;
  verified: number;
  failed: number;
  superseded: number;
  createdAt: Date;
  finishedAt: Date | null;
}

interface RawRun {
  id: string | number;
  source: string;
  total: number;
  verified: number;
  failed: number;
  superseded: number;
  created_at: string | Date;
  finished_at: string | Date | null;
}

const toRunRow = (r: RawRun): RunRow => ({
  id: Number(r.id),
  source: r.source,
  total: Number(r.total),
  verified: Number(r.verified),
  failed: Number(r.failed),
  superseded: Number(r.superseded),
  createdAt: new Date(r.created_at),
  finishedAt: r.finished_at === null ? null : new Date(r.finished_at),
});

/** Imports' runs still going, and those that ended in the last `recentMinutes` (the list's progress). */
export async function findRecentRuns(db: DbOrTx, companyId: number, recentMinutes: number): Promise<RunRow[]> {
  const rows = await queryRows<RawRun>(
    db,
    sql`(select * from worker_real_name_run
          where company_id = ${companyId} and finished_at is null and source = 'import'
          order by id desc limit 5)
        union all
        (select * from worker_real_name_run
          where company_id = ${companyId} and finished_at > now() - make_interval(mins => ${recentMinutes})
            and source = 'import'
          order by id desc limit 5)
        order by id desc`,
  );
  return rows.map(toRunRow);
}

/** The run of an import's workers, or undefined. */
export async function findRunOfImport(db: DbOrTx, companyId: number, importId: string): Promise<RunRow | undefined> {
  const [r] = await queryRows<RawRun>(
    db,
    sql`select * from worker_real_name_run where company_id = ${companyId} and import_id = ${importId}
         order by id desc limit 1`,
  );
  return r && toRunRow(r);
}

/** Companies with checks waiting for the provider and still retried by themselves (the platform's sweep). */
export async function findCompaniesWithPending(db: DbOrTx): Promise<number[]> {
  const rows = await queryRows<{ company_id: string | number }>(
    db,
    sql`select distinct company_id from worker_real_name_check
         where status = 'verifying' and attempts < ${REAL_NAME_AUTO_ATTEMPTS}`,
  );
  return rows.map((r) => Number(r.company_id));
}

/** Whether the worker is this company's (for 重新认证's 40400). */
export async function workerExists(db: DbOrTx, companyId: number, workerId: number): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from worker where company_id = ${companyId} and id = ${workerId}`,
  );
  return rows.length > 0;
}

/** The checks of a run still waiting, with their workers (the demo seed answers them itself). */
export async function findRunPending(
  db: DbOrTx,
  companyId: number,
  runId: number,
): Promise<{ id: number; workerId: number; hasCard: boolean }[]> {
  const rows = await queryRows<{ id: string | number; worker_id: string | number; has_card: boolean }>(
    db,
    sql`select c.id, c.worker_id,
               exists (select 1 from worker_bank_card b
                        where b.company_id = c.company_id and b.worker_id = c.worker_id and b.is_default) as has_card
          from worker_real_name_check c
         where c.company_id = ${companyId} and c.run_id = ${runId} and c.status = 'verifying'
         order by c.id`,
  );
  return rows.map((r) => ({ id: Number(r.id), workerId: Number(r.worker_id), hasCard: r.has_card }));
}
