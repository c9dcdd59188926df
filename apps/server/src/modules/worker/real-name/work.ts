/**
 * The real-name verification job (issue 43): `worker.real-name` runs a company's waiting checks
 * (service.runVerification) in the company's scope; a sweep every minute sends it for every
 * company with checks still 认证中 (the provider was away, or a process stopped mid-run). Within a
 * process one run per company goes at a time: a request for a company already running makes that
 * run go round once more instead of starting a second one beside it.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { asPlatform, inCompany } from '../../../db/scope.ts';
import { companiesWithPendingChecks, runVerification, type VerificationOutcome } from './service.ts';

export const REAL_NAME_JOB = 'worker.real-name';
export const REAL_NAME_SWEEP_JOB = 'worker.real-name-sweep';

export interface RealNameWork {
  /** Sends the company's verification job (after the transaction that queued checks committed). */
  kick(companyId: number): Promise<void>;
  /** Runs the company's waiting checks now and answers what happened (tests, the benchmark, the job). */
  run(companyId: number): Promise<VerificationOutcome>;
}

declare module 'fastify' {
  interface FastifyInstance {
    realNameWork: RealNameWork;
  }
}

export function registerRealNameWork(app: FastifyInstance): void {
  const running = new Map<number, { again: boolean; done: Promise<VerificationOutcome> }>();

  const run = (companyId: number): Promise<VerificationOutcome> => {
    const current = running.get(companyId);
    if (current) {
      current.again = true;
      return current.done;
    }
    const state = { again: false, done: Promise.resolve({ answered: 0, deferred: 0 }) };
    state.done = (async () => {
      const total = { answered: 0, deferred: 0 };
      try {
        do {
          state.again = false;
          const outcome = await inCompany(companyId, () => runVerification(app.ctx, companyId));
          total.answered += outcome.answered;
          total.deferred += outcome.deferred;
          // Checks deferred this round wait for the sweep, not for another round now.
        } while (state.again && total.deferred === 0);
        return total;
      } finally {
        running.delete(companyId);
      }
    })();
    running.set(companyId, state);
    return state.done;
  };

  app.decorate('realNameWork', {
    kick: async (companyId) => {
      await app.jobs.send(REAL_NAME_JOB, { companyId }).catch((err: unknown) => {
        app.log.error({ err, companyId }, 'real-name job not queued; the sweep will run it');
      });
    },
    run,
  } satisfies RealNameWork);

  app.jobs.work(
    REAL_NAME_JOB,
    z.object({ companyId: z.number().int().positive() }),
    async ({ companyId }) => {
      await run(companyId);
    },
    { retryLimit: 2, retryDelay: 30, expireInSeconds: 2 * 60 * 60 },
  );
  app.jobs.work(
    REAL_NAME_SWEEP_JOB,
    z.object({}),
    async () => {
      const companies = await asPlatform('real-name sweep', () => companiesWithPendingChecks(app.ctx.db));
      for (const companyId of companies) await app.realNameWork.kick(companyId);
    },
    { schedule: '* * * * *' },
  );
}
