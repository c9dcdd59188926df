/**
 * 实名认证 (issue 43, ADR 0031): a worker's real name is verified by the identity provider
 * (`ctx.identityProvider`) in the background, never inside a request. Adding a worker, changing
 * their name, ID number or default bank card, importing them and 重新认证 queue a check (the
 * worker becomes 认证中); the job (`runVerification`) asks the provider a batch at a time, paced
 * under its rate, and records each answer with the provider's reference. When the provider is
 * away the checks stay 认证中 and are asked again later, by the minute's sweep, until it was away
 * REAL_NAME_AUTO_ATTEMPTS times for one (the contract's worker-rules.ts): that check then waits for
 * an admin's 重新认证, and the detail says so.
 *
 * The ID and card numbers are decrypted only into the provider's request: never logged, never in
 * an error message, never stored with the answer.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import {
  REAL_NAME_AUTO_ATTEMPTS,
  type TRealNameCheck,
  type TRealNameRun,
  type TRealNameRunSource,
  type TRealNameStatus,
} from '@flexpay/contract';
import type { AuthContext } from '../../../core/auth.ts';
import type { ServiceContext } from '../../../core/context.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { notFound } from '../../../lib/errors.ts';
import { createPacer } from '../../../lib/pacer.ts';
import { ProviderUnavailableError, type IdentityCheck } from '../../../lib/identity-provider.ts';
import * as repo from './repo.ts';

export type { WorkerMatch } from './repo.ts';

/**
 * Queues a verification of the matched workers in a new run, inside the caller's transaction;
 * answers the run's id and how many were queued. The caller sends the job once it has committed.
 */
export async function queueVerification(
  db: DbOrTx,
  companyId: number,
  source: TRealNameRunSource,
  match: repo.WorkerMatch,
  /** The workers were inserted 认证中 in this transaction (an import): nothing to supersede. */
  fresh = false,
  /** The import whose workers these are (its drawer reads the run's progress). */
  importId?: string,
): Promise<{ runId: number; queued: number }> {
  const runId = await repo.insertRun(db, companyId, source, importId);
  const queued = await repo.queueChecks(db, companyId, runId, match, fresh);
  return { runId, queued };
}

/** More workers queued in a run already made (an import's later chunks). */
export async function queueInRun(db: DbOrTx, companyId: number, runId: number, hashes: readonly string[]) {
  return repo.queueChecks(db, companyId, runId, { hashes }, true);
}

/**
 * Records answers to a run's waiting checks as the provider would have given them (the demo seed,
 * which stands in for the sandbox); a worker `answer` skips stays 认证中.
 */
export async function answerRun(
  db: DbOrTx,
  companyId: number,
  runId: number,
  answer: (
    workerId: number,
    checkId: number,
  ) => { status: 'verified' | 'failed'; reason: string; providerRef: string } | undefined,
): Promise<void> {
  const answers: repo.CheckAnswer[] = [];
  for (const c of await repo.findRunPending(db, companyId, runId)) {
    const a = answer(c.workerId, c.id);
    if (a) answers.push({ id: c.id, factors: c.hasCard ? 3 : 2, ...a });
  }
  for (let i = 0; i < answers.length; i += 1_000) {
    await repo.recordAnswers(db, companyId, answers.slice(i, i + 1_000));
  }
}

/** 重新认证: the worker's verification queued again; answers its latest check (认证中). */
export async function reverifyWorker(
  ctx: ServiceContext,
  auth: AuthContext,
  workerId: number,
): Promise<TRealNameCheck> {
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.workerExists(tx, auth.companyId, workerId))) throw notFound('员工不存在');
    await queueVerification(tx, auth.companyId, 'manual', { ids: [workerId] });
  });
  const check = await findRealNameCheck(ctx.db, auth.companyId, workerId);
  if (!check) throw notFound('员工不存在');
  return check;
}

/** The worker's latest verification as the detail shows it, or null when none was asked for. */
export async function findRealNameCheck(
  db: DbOrTx,
  companyId: number,
  workerId: number,
): Promise<TRealNameCheck | null> {
  const row = await repo.findLatestCheck(db, companyId, workerId);
  if (!row) return null;
  const status = (row.status === 'superseded' ? 'verifying' : row.status) as TRealNameStatus;
  return {
    status,
    factors: row.factors === 2 || row.factors === 3 ? row.factors : null,
    reason: row.reason,
    providerRef: row.providerRef,
    source: row.source as TRealNameRunSource,
    requestedAt: row.requestedAt.toISOString(),
    answeredAt: row.answeredAt?.toISOString() ?? null,
    attempts: row.attempts,
    retryStopped: status === 'verifying' && row.attempts >= REAL_NAME_AUTO_ATTEMPTS,
  };
}

const toRun = (r: repo.RunRow): TRealNameRun => ({
  id: r.id,
  source: r.source as TRealNameRunSource,
  total: r.total,
  verified: r.verified,
  failed: r.failed,
  pending: Math.max(0, r.total - r.verified - r.failed - r.superseded),
  createdAt: r.createdAt.toISOString(),
  finishedAt: r.finishedAt?.toISOString() ?? null,
});

/**
 * The verification of an import's workers (the import drawer's progress), or null when the import
 * queued none (not committed yet, or another company's: a company sees only its own runs).
 */
export async function findImportRun(
  ctx: ServiceContext,
  auth: AuthContext,
  importId: string,
): Promise<TRealNameRun | null> {
  const row = await repo.findRunOfImport(ctx.db, auth.companyId, importId);
  return row ? toRun(row) : null;
}

/** Imports' verifications going on, and those ended in the last ten minutes (the list's progress). */
export async function listRecentRuns(ctx: ServiceContext, auth: AuthContext): Promise<TRealNameRun[]> {
  const rows = await repo.findRecentRuns(ctx.db, auth.companyId, 10);
  return rows.map(toRun);
}

/** Companies whose checks wait for the provider (the sweep sends each a job). */
export const companiesWithPendingChecks = (db: DbOrTx) => repo.findCompaniesWithPending(db);

export interface VerificationOutcome {
  answered: number;
  /** Checks the provider could not decide this time (they stay 认证中). */
  deferred: number;
}

/** Tries of one request when the provider refuses it (down, or its rate), before the run gives up. */
const TRIES = 3;
/**
 * Asks the provider about every check of the company waiting for it, oldest first, a batch at a
 * time and no faster than its rate; records the answers. A request the provider refuses is tried
 * again after a pause; when it stays away the run stops with the checks still 认证中 (deferred),
 * for the next run.
 */
export async function runVerification(ctx: ServiceContext, companyId: number): Promise<VerificationOutcome> {
  const provider = ctx.identityProvider;
  const pacer = createPacer(provider.ratePerSecond);
  // Batches that fill the second's budget evenly (490 at 2,000 a second: four a second).
  const perSecond = Math.ceil(pacer.budget / Math.min(provider.maxBatch, 500));
  const batchSize = Math.max(1, Math.min(provider.maxBatch, 500, Math.floor(pacer.budget / perSecond)));
  let afterId = 0;
  let answered = 0;
  let deferred = 0;
  let stopped = 0;
  // The next batch is read while the provider answers this one.
  let next = repo.findPendingChecks(ctx.db, companyId, afterId, batchSize);
  for (;;) {
    const pending = await next;
    if (!pending.length) break;
    afterId = pending.at(-1)?.id ?? afterId;
    const checks: IdentityCheck[] = pending.map((p) => ({
      ref: `RV${companyId}-${p.id}`,
      name: p.name,
      idNumber: ctx.cipher.decrypt(p.idNumberEnc),
      bankCardNo: p.cardNumberEnc === null ? undefined : ctx.cipher.decrypt(p.cardNumberEnc),
    }));
    const sentNow = await pacer.waitForRoom(checks.length);
    const asked = askWithRetries(ctx, checks).finally(sentNow);
    next = asked.then(() => repo.findPendingChecks(ctx.db, companyId, afterId, batchSize));
    next.catch(() => {});
    const answers = await asked;
    if (!answers) {
      // Away: these and every later check wait for the next run.
      await next.catch(() => []);
      stopped += await repo.countAttempts(
        ctx.db,
        companyId,
        pending.map((p) => p.id),
      );
      deferred += pending.length;
      ctx.log.warn({ companyId, checks: pending.length }, 'identity provider unavailable: checks stay verifying');
      break;
    }
    const byRef = new Map(pending.map((p, i) => [checks[i]?.ref ?? '', p]));
    const decided: repo.CheckAnswer[] = [];
    const away: number[] = [];
    for (const a of answers) {
      const p = byRef.get(a.ref);
      if (!p) continue;
      if (a.outcome === 'unavailable') away.push(p.id);
      else {
        decided.push({
          id: p.id,
          status: a.outcome,
          factors: p.cardNumberEnc === null ? 2 : 3,
          reason: a.outcome === 'failed' ? a.reason.slice(0, 100) : '',
          providerRef: a.providerRef.slice(0, 64),
        });
      }
    }
    // On PGlite the transaction waits for the next batch's read, queued first on the one connection.
    await next.catch(() => []);
    await ctx.db.transaction((tx) => repo.recordAnswers(tx, companyId, decided));
    stopped += await repo.countAttempts(ctx.db, companyId, away);
    answered += decided.length;
    deferred += away.length;
  }
  if (stopped > 0) {
    ctx.log.warn(
      { companyId, checks: stopped, attempts: REAL_NAME_AUTO_ATTEMPTS },
      'identity provider never answered: checks no longer retried by themselves (重新认证 asks again)',
    );
  }
  return { answered, deferred };
}

async function askWithRetries(ctx: ServiceContext, checks: IdentityCheck[]) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await ctx.identityProvider.verify(checks);
    } catch (err) {
      if (!(err instanceof ProviderUnavailableError)) throw err;
      if (attempt >= TRIES) return undefined;
      // Its message is the provider's words, never a number of the request.
      ctx.log.info({ attempt, reason: err.message }, 'identity provider refused a request; trying again');
      await sleep(250 * 2 ** attempt);
    }
  }
}
