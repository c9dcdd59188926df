/**
 * The payout work that runs without a request: the queue job (确认支付 sends one; it queues the
 * batch's payouts a chunk at a time and sends a dispatch job after each chunk), the dispatch job,
 * and a round on a timer (`PAYOUT_TICK_MS`) that queues what a crash left unqueued, sends queued
 * payouts, runs the steps the provider's area adds (the sandbox delivers its due callbacks) and
 * reconciles the rest. On start, one queue job picks up any payment a killed process left half
 * queued.
 */
import { isDatabaseUnavailable } from '../../../db/connection-errors.ts';
import { asPlatform } from '../../../db/scope.ts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { PayoutProvider } from '../../../lib/payout-provider.ts';
import { dispatchPayouts, reconcilePayouts } from './dispatch.ts';
import { PAYOUT_DISPATCH_JOB, PAYOUT_QUEUE_JOB, queuePayouts } from './service.ts';

export interface PayoutRound {
  queued: number;
  sent: number;
  callbacks: number;
  reconciled: number;
}

export interface PayoutWork {
  /** The provider payouts are sent to (the app's `ctx.payoutProvider`). */
  readonly provider: PayoutProvider;
  /**
   * Adds a step to every round, between dispatch and reconciliation: the provider's own area
   * delivers what it owes (answers how many callbacks it made). A failing step is logged and the
   * round goes on.
   */
  addRoundStep(step: () => Promise<number>): void;
  /** One round now (tests drive the work with it; the timer runs it otherwise). */
  tick(): Promise<PayoutRound>;
}

declare module 'fastify' {
  interface FastifyInstance {
    payoutWork: PayoutWork;
  }
}

export function registerPayoutWork(app: FastifyInstance): void {
  const provider = app.ctx.payoutProvider;
  const steps: (() => Promise<number>)[] = [];
  // A round works through every company's payouts: the platform's scope.
  const tick = (): Promise<PayoutRound> => asPlatform('payout round', round);
  const round = async (): Promise<PayoutRound> => {
    const queued = await queuePayouts(app.ctx);
    const sent = await dispatchPayouts(app.ctx, provider);
    let callbacks = 0;
    for (const step of steps) {
      callbacks += await step().catch((err: unknown) => {
        app.log.error({ err }, 'payout round step failed');
        return 0;
      });
    }
    const reconciled = await reconcilePayouts(app.ctx, provider);
    return { queued, sent, callbacks, reconciled };
  };
  app.decorate('payoutWork', { provider, addRoundStep: (step) => void steps.push(step), tick } satisfies PayoutWork);

  app.jobs.work(PAYOUT_DISPATCH_JOB, z.object({ batchId: z.number().int() }), async () => {
    await dispatchPayouts(app.ctx, provider);
  });

  // Queues a paid batch's payouts (or, sent on start with no batch, every batch left half
  // queued), dispatching each chunk as it commits. Retried after a failure; a run killed with
  // its process is taken over by the next start's run (and the timer) long before it expires.
  app.jobs.work(
    PAYOUT_QUEUE_JOB,
    z.object({ batchId: z.number().int().optional() }),
    async ({ batchId }) => {
      await queuePayouts(app.ctx, {
        ...(batchId === undefined ? {} : { batchId }),
        onChunk: async () => {
          await app.jobs.send(PAYOUT_DISPATCH_JOB, { batchId: batchId ?? 0 }).catch(() => {});
        },
      });
    },
    { retryLimit: 5, retryDelay: 2, expireInSeconds: 10 * 60, runOnStart: true },
  );

  if (app.config.payoutTickMs > 0) {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      tick()
        .catch((err: unknown) =>
          // The database away (restarting): the next round after it is back does the work.
          isDatabaseUnavailable(err)
            ? app.log.warn({ err }, 'payout tick: database unavailable')
            : app.log.error({ err }, 'payout tick failed'),
        )
        .finally(() => {
          running = false;
        });
    }, app.config.payoutTickMs);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
}
