import { API, ZAccountParams, ZAlipayBody, ZBankCardBody, ZIdParams, ZWorkerDetail } from '@flexpay/contract';
import type { TWorkerDetail } from '@flexpay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthContext } from '../../../core/auth.ts';
import type { ServiceContext } from '../../../core/context.ts';
import { route } from '../../../plugins/route.ts';
import * as service from './service.ts';

export interface PayoutAccountRoutesOptions {
  /**
   * The worker's detail, which every account route answers with. The worker's folder builds on
   * this one, so `index.ts` hands its `getWorker` in rather than this folder importing it.
   */
  workerDetail: (ctx: ServiceContext, auth: AuthContext, workerId: number) => Promise<TWorkerDetail>;
}

const workerTarget = ({ params }: { params: { id: number } }) => `worker:${params.id}`;

/** The payout channels of a worker: their paths, audit names and words. */
const CHANNELS = [
  {
    channel: 'bank',
    name: 'bankCard',
    label: '银行卡',
    add: API.worker.bankCards,
    one: API.worker.bankCard,
    setDefault: API.worker.bankCardDefault,
  },
  {
    channel: 'alipay',
    name: 'alipay',
    label: '支付宝',
    add: API.worker.alipays,
    one: API.worker.alipay,
    setDefault: API.worker.alipayDefault,
  },
] as const;

/** 收款账户 of a worker (员工详情): add, set as default, remove; each answers the worker's detail. */
export const payoutAccountRoutes: FastifyPluginAsyncZod<PayoutAccountRoutesOptions> = async (app, { workerDetail }) => {
  for (const { channel, name, label, ...paths } of CHANNELS) {
    route(app, {
      method: 'POST',
      url: paths.add,
      access: 'employee:edit',
      audit: `worker.${name}.add`,
      schema: {
        tags: ['worker'],
        summary: `添加${label}`,
        params: ZIdParams,
        body: channel === 'bank' ? ZBankCardBody : ZAlipayBody,
        data: ZWorkerDetail,
      },
      target: workerTarget,
      handler: async (auth, { params, body }) => {
        await ('cardNumber' in body
          ? service.addBankCard(app.ctx, auth, params.id, body)
          : service.addAlipay(app.ctx, auth, params.id, body));
        // A new default bank card is verified again (实名认证 三要素).
        await app.realNameWork.kick(auth.companyId);
        return workerDetail(app.ctx, auth, params.id);
      },
    });

    route(app, {
      method: 'PUT',
      url: paths.setDefault,
      access: 'employee:edit',
      audit: `worker.${name}.default`,
      schema: { tags: ['worker'], summary: `设为默认${label}`, params: ZAccountParams, data: ZWorkerDetail },
      target: workerTarget,
      handler: async (auth, { params }) => {
        await service.setDefaultAccount(app.ctx, auth, params.id, channel, params.accountId);
        await app.realNameWork.kick(auth.companyId);
        return workerDetail(app.ctx, auth, params.id);
      },
    });

    route(app, {
      method: 'DELETE',
      url: paths.one,
      access: 'employee:edit',
      audit: `worker.${name}.remove`,
      schema: { tags: ['worker'], summary: `删除${label}`, params: ZAccountParams, data: ZWorkerDetail },
      target: workerTarget,
      handler: async (auth, { params }) => {
        await service.removeAccount(app.ctx, auth, params.id, channel, params.accountId);
        await app.realNameWork.kick(auth.companyId);
        return workerDetail(app.ctx, auth, params.id);
      },
    });
  }
};
