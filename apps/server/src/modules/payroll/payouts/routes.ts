import { asPlatform } from '../../../db/scope.ts';
import {
  API,
  ZIdParams,
  ZPage,
  ZPayBody,
  ZPayCodeSent,
  ZPayMethods,
  ZPayProgress,
  ZPayoutCallback,
  ZPayrollBatch,
  ZPayment,
  ZPaymentQuery,
  ZGrantRecord,
  ZGrantRecordQuery,
  ZRefundItem,
  ZRefundQuery,
} from '@flexpay/contract';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { verifyCallback, SIGNATURE_HEADER, TIMESTAMP_HEADER } from '../../../lib/payout-provider.ts';
import { findReplay, idempotent } from '../../../plugins/idempotency.ts';
import { route } from '../../../plugins/route.ts';
import {
  getPayProgress,
  keepStatistics,
  listPayments,
  PAYOUT_DISPATCH_JOB,
  PAYOUT_QUEUE_JOB,
  payBatch,
  repayItem,
  SETTLEMENT_TABLES,
} from './service.ts';
import { settlePayout, settlePayouts } from './settlement.ts';
import { getPayMethods, sendPayCode } from './pay-code.ts';
import { listFailedItems, listGrantRecords } from '../batches/records.ts';
import { getBatch } from '../batches/service.ts';

/** Results a batch callback may carry. */
const CALLBACK_MAX_RESULTS = 5_000;
/** A callback's body: one result, or a batch notification with a list of them. */
const ZPayoutCallbackBody = z.union([
  z.object({ results: z.array(ZPayoutCallback).min(1).max(CALLBACK_MAX_RESULTS) }),
  ZPayoutCallback,
]);

/** 确认支付, 重新支付, 退款中心, 支付中心, 发放记录, and the provider's callback. */
export const payoutRoutes: FastifyPluginAsync = async (app) => {
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
        '需要付款管理员当下的短信验证码（sendSms purpose=pay）或身份验证器动态码。可用余额须覆盖扣款合计；一次冻结扣款合计、批次转为支付中后即应答，每条明细的发放随后分批排队并发出（进度见 payRoll/:id/progress）。重复请求不会重复冻结。',
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
      // The payouts are queued by the job (a crash before it is sent: the payout timer and the
      // next start find the batch 支付中 with items left to queue).
      await app.jobs.send(PAYOUT_QUEUE_JOB, { batchId: params.id }).catch(() => {});
      return getBatch(app.db, auth.companyId, params.id);
    },
  });

  route(app, {
    method: 'GET',
    url: API.payroll.payProgress,
    access: 'payroll:view',
    schema: {
      tags: ['payroll'],
      summary: '支付进度（已排队、已发送、成功、失败 / 合计）',
      params: ZIdParams,
      data: ZPayProgress,
    },
    handler: (auth, { params }) => getPayProgress(app.ctx, auth, params.id),
  });

  route(app, {
    method: 'GET',
    url: API.payroll.payMethods,
    access: 'session',
    schema: {
      tags: ['payroll'],
      summary: '支付验证方式（短信、身份验证器）',
      data: ZPayMethods,
    },
    handler: (auth) => getPayMethods(app.ctx, auth),
  });

  route(app, {
    method: 'POST',
    url: API.payroll.payCode,
    access: 'session',
    audit: 'payroll.payCode',
    schema: {
      tags: ['payroll'],
      summary: '发送支付短信验证码',
      description:
        '发送至当前管理员本人手机（60 秒一次，每日上限同 sendSms）。仅演示模式（DEMO_MODE=1）下应答带 demoCode（验证码本身），其他情况下为 null。',
      data: ZPayCodeSent,
    },
    handler: (auth, { request }) => sendPayCode(app.ctx, auth, request.ip),
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
        const body = parsed.data;
        // The provider names payouts by ref alone, of any company: the platform's scope.
        return asPlatform("settle the provider's payout results", async () => {
          if (!('results' in body)) {
            const result = await settlePayout(app.ctx, body.ref, body);
            return { status: 200, data: { result } };
          }
          // A list is settled whole in one transaction: all or nothing per request.
          const list = body.results;
          const results = await app.db.transaction((tx) => settlePayouts(tx, list, app.ctx.now()));
          // Settlement grows the ledger fast: its statistics kept up (ADR 0016).
          await keepStatistics(app.db, SETTLEMENT_TABLES);
          const counts = { settled: 0, already: 0, unknown: 0 };
          for (const r of results) counts[r]++;
          return { status: 200, data: counts };
        });
      },
    );
  });
};
