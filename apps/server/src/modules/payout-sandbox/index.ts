import { API } from '@flexpay/contract';
import { defineArea } from '../../core/area.ts';
import { deliverDueCallbacks } from './service.ts';

/**
 * The sandbox payout provider's area: the provider itself is the app's `ctx.payoutProvider` (app.ts
 * builds it when no other provider is given); this plugin adds its callback delivery to each
 * payout round, posting signed callbacks to the payout callback route as an outside provider
 * would (through the app, without a socket).
 */
export const payoutSandboxArea = defineArea(
  'payout-sandbox',
  async (app) => {
    app.payoutWork.addRoundStep(() =>
      deliverDueCallbacks(app.db, app.config.payoutCallbackSecret, app.ctx.now(), async (cb) => {
        const res = await app.inject({
          method: 'POST',
          url: API.payroll.payoutCallback,
          headers: cb.headers,
          payload: cb.body,
        });
        if (res.statusCode !== 200) throw new Error(`payout callback answered ${res.statusCode}`);
      }),
    );
  },
  ['payroll'],
);
