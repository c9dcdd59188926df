import {
  API,
  ZIdParams,
  ZPage,
  ZPayBody,
  ZPayoutCallback,
  ZPayrollBatch,
  ZPayment,
  ZPaymentQuery,
  ZGrantRecord,
  ZGrantRecordQuery,
  ZRefundItem,
  ZRefundQuery,
} from '@flexpay/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { verifyCallback, type PayoutProvider, SIGNATURE_HEADER, TIMESTAMP_HEADER } from '../../lib/payout-provider.ts';
import { findReplay, idempotent } from '../../plugins/idempotency.ts';
import { route } from '../../plugins/route.ts';
import { createSandboxProvider, deliverDueCallbacks } from '../payout-sandbox/service.ts';
import {
  dispatchPayouts,
  listPayments,
  PAYOUT_DISPATCH_JOB,
  payBatch,
  reconcilePayouts,
  repayItem,
  settlePayout,
  settlePayouts,
} from './payout-service.ts';
import { getBatch, listFailedItems, listGrantRecords } from './service.ts';

/** Results a batch callback may carry. */
const CALLBACK_MAX_RESULTS = 5_000;
/** A callback's body: one result, or a batch notification with a list of them. */
const ZPayoutCallbackBody = z.union([
  z.object({ results: z.array(ZPayoutCallback).min(1).max(CALLBACK_MAX_RESULTS) }),
  ZPayoutCallback,
]);

declare module 'fastify' {
  interface FastifyInstance {
    /** The payout provider and one round of the payout work (tests drive it; a timer runs it). */
    payouts: { provider: PayoutProvider; tick(): Promise<{ sent: number; callbacks: number; reconciled: number }> };
  }
}

/** One round: send queued payouts, let the sandbox call back what it has settled, reconcile the rest. */
async function tick(app: FastifyInstance, provider: PayoutProvider) {
  const sent = await dispatchPayouts(app.ctx, provider);
  // A callback refused stops the round (sent again next time); reconciliation runs regardless.
  const callbacks = await deliverDueCallbacks(app.db, app.config.payoutCallbackSecret, app.ctx.now(), async (cb) => {
    const res = await app.inject({
      method: 'POST',
      url: API.payroll.payoutCallback,
      headers: cb.headers,
      payload: cb.body,
    });
    if (res.statusCode !== 200) throw new Error(`payout callback answered ${res.statusCode}`);
  }).catch((err: unknown) => {
    app.log.error({ err }, 'payout callbacks failed');
    return 0;
  });
  const reconciled = await reconcilePayouts(app.ctx, provider);
  return { sent, callbacks, reconciled };
}

/** 确认支付, 重新支付, the provider's callback, and the payout work (job and timer); `app.payouts` for tests. */
export const payoutRoutes = fp(payouts, { name: 'payouts', dependencies: ['jobs'] });

async function payouts(app: FastifyInstance) {
  const provider = createSandboxProvider(app.db, () => app.ctx.now());
  app.decorate('payouts', { provider, tick: () => tick(app, provider) });

  app.jobs.work(PAYOUT_DISPATCH_JOB, z.object({ batchId: z.number().int() }), async () => {
    await dispatchPayouts(app.ctx, provider);
  });

  if (app.config.payoutTickMs > 0) {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      tick(app, provider)
        .catch((err: unknown) => app.log.error({ err }, 'payout tick failed'))
        .finally(() => {
          running = false;
        });
    }, app.config.payoutTickMs);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }

  const realm = (companyId: number) => `company:${companyId}`;

  route(app, {
    method: 'POST',
    url: API.payroll.pay,
    access: 'payroll:pay',
    audit: 'payroll.pay',
    idempotent: true,
    schema: {
      tags: ['payroll'],
      summary: '确认支付',
      description:
        '需要付款管理员当下的短信验证码（sendSms purpose=pay）或身份验证器动态码。可用余额须覆盖扣款合计；一次冻结扣款合计并为每条明细排队一笔发放，重复请求不会重复冻结。',
      params: ZIdParams,
      body: ZPayBody,
      data: ZPayrollBatch,
    },
    target: ({ params }) => `payrollBatch:${params.id}`,
    message: '已确认支付，正在发放',
    handler: async (auth, { params, body, request }) => {
      const replay = await findReplay<z.input<typeof ZPayrollBatch>>(app.db, request, realm(auth.companyId));
      if (replay) return replay.data;
      await payBatch(app.ctx, auth, params.id, body, request.ip, async (work) => {
        await idempotent(app.db, request, realm(auth.companyId), async (tx) => {
          await work(tx);
          return getBatch(tx, auth.companyId, params.id);
        });
      });
      await app.jobs.send(PAYOUT_DISPATCH_JOB, { batchId: params.id }).catch(() => {});
      return getBatch(app.db, auth.companyId, params.id);
    },
  });

  route(app, {
    method: 'POST',
    url: API.payroll.repay,
    access: 'payroll:refund',
    audit: 'payroll.repay',
    schema: {
      tags: ['payroll'],
      summary: '重新支付（退款中心）',
      description: '支付失败的明细在员工收款账户修正后重新发放一笔；需要与确认支付相同的验证码。',
      params: ZIdParams,
      body: ZPayBody,
      data: z.null(),
    },
    target: ({ params }) => `payrollItem:${params.id}`,
    message: '已重新支付，正在发放',
    handler: async (auth, { params, body, request }) => {
      await repayItem(app.ctx, auth, params.id, body, request.ip);
      await app.jobs.send(PAYOUT_DISPATCH_JOB, { batchId: 0 }).catch(() => {});
      return null;
    },
  });

  route(app, {
    method: 'GET',
    url: API.payroll.refundPage,
    access: 'payroll:refund',
    schema: {
      tags: ['payroll'],
      summary: '退款中心（支付失败的明细）',
      querystring: ZRefundQuery,
      data: ZPage(ZRefundItem),
    },
    handler: (auth, { query }) => listFailedItems(app.ctx, auth, query),
  });

  route(app, {
    method: 'GET',
    url: API.payroll.paymentPage,
    access: 'payroll:view',
    schema: { tags: ['payroll'], summary: '支付中心（每笔发放）', querystring: ZPaymentQuery, data: ZPage(ZPayment) },
    handler: (auth, { query }) => listPayments(app.ctx, auth, query),
  });

  route(app, {
    method: 'GET',
    url: API.payroll.recordPage,
    access: 'payroll:view',
    schema: {
      tags: ['payroll'],
      summary: '发放记录（所有批次的明细）',
      querystring: ZGrantRecordQuery,
      data: ZPage(ZGrantRecord),
    },
    handler: (auth, { query }) => listGrantRecords(app.ctx, auth, query),
  });

  // The provider's callback: public (the provider has no session), accepted only when signed.
  // The signature covers the bytes as sent: in a context of its own, JSON bodies are kept as
  // text beside their parsed value (a re-serialisation could differ in spacing or key order).
  await app.register(async (callback) => {
    const rawBodies = new WeakMap<object, string>();
    callback.removeContentTypeParser('application/json');
    callback.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      rawBodies.set(request, body as string);
      try {
        done(null, JSON.parse(body as string) as unknown);
      } catch {
        done(Object.assign(new Error('回调内容格式不正确'), { statusCode: 400 }), undefined);
      }
    });
    callback.post(
      API.payroll.payoutCallback,
      {
        config: { access: 'public', audit: false },
        schema: {
          tags: ['payroll'],
          summary: '发放结果回调（服务商调用，HMAC 签名）',
          description:
            '请求体为单笔结果 {ref,status,reason,settledAt}，或批量通知 {results:[…]}（至多 5000 笔，整体签名，同一事务内全部入账或全部不入账）。已结算或未知的 ref 不作变更。',
        },
      },
      async (request, reply) => {
        const raw = rawBodies.get(request) ?? '';
        const ok = verifyCallback(
          app.config.payoutCallbackSecret,
          request.headers[TIMESTAMP_HEADER] as string | undefined,
          request.headers[SIGNATURE_HEADER] as string | undefined,
          raw,
          app.ctx.now().getTime(),
        );
        if (!ok) return reply.code(401).send({ status: 40101, message: '回调签名无效或已过期' });
        const parsed = ZPayoutCallbackBody.safeParse(request.body);
        if (!parsed.success) return reply.code(400).send({ status: 40000, message: '回调内容格式不正确' });
        if (!('results' in parsed.data)) {
          const result = await settlePayout(app.ctx, parsed.data.ref, parsed.data);
          return { status: 200, data: { result } };
        }
        // A list is settled whole in one transaction: all or nothing per request.
        const list = parsed.data.results;
        const results = await app.db.transaction((tx) => settlePayouts(tx, list, app.ctx.now()));
        const counts = { settled: 0, already: 0, unknown: 0 };
        for (const r of results) counts[r]++;
        return { status: 200, data: counts };
      },
    );
  });
}
