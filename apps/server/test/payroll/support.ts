import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { luhnCheckDigit } from '../../src/lib/bank-card.ts';
import { caller, thisPeriod, type Caller, type TestApp } from '../helpers.ts';
import { waitFor } from '../wait-for.ts';

const P = '/api/emolument';

export { adminWithout } from '../worker/support.ts';

/** Waits until an import job of the kind at `base` has left validating/committing; answers it. */
export function waitForImportAt(t: TestApp, token: string, base: string, id: string) {
  const c = caller(t.app, token);
  return waitFor(
    async () => (await c.get(`${base}/${id}`)).body,
    (body) => body.status !== 200 || !['validating', 'committing'].includes(body.data.status),
    { what: `import ${id}` },
  ).then((body) => {
    expect(body.status).toBe(200);
    return body.data;
  });
}

/** A Luhn-valid card number under `prefix` ending in `last` (the sandbox fails cards ending in 4). */
export function cardEndingIn(seed: number, last: string, prefix = '622202'): string {
  for (let n = seed; ; n++) {
    const body = `${prefix}${String(n).padStart(10, '0')}`;
    if (String(luhnCheckDigit(body)) === last) return body + luhnCheckDigit(body);
  }
}

/** The demo owner's mobile: its `pay` codes are read from the SMS outbox. */
const DEMO_MOBILE = '13800000001';

export interface PayCode {
  method: 'sms';
  token: string;
  code: string;
}

export interface CompanyBalance {
  serviceCompanyId: number;
  availableFen: number;
  frozenFen: number;
}

/**
 * Paying batches as 星河科技 does (the payouts and 对账 tests): `demo` pays with a fresh code,
 * `hr` makes the batches. Made in a file's `beforeAll`, once its app and callers exist.
 */
export function payingKit(t: TestApp, demo: Caller, hr: Caller) {
  return {
    /** A fresh `pay` code of demo (the outbox is cleared first: the 60 s rule is tested elsewhere). */
    async payCode(): Promise<PayCode> {
      await t.database.db.execute(sql`delete from sms_outbox where mobile = ${DEMO_MOBILE}`);
      const sent = await demo.post('/api/admin/vcc/sendSms', { purpose: 'pay' });
      expect(sent.body.status, JSON.stringify(sent.body)).toBe(200);
      const [row] = await queryRows<{ content: string }>(
        t.database.db,
        sql`select content from sms_outbox where mobile = ${DEMO_MOBILE} order by id desc limit 1`,
      );
      return {
        method: 'sms',
        token: sent.body.data.token as string,
        code: /验证码为 (\d{6})/.exec(row?.content ?? '')?.[1] ?? '',
      };
    },

    /** The company's balance with a service company (zero when it has none). */
    async balance(serviceCompanyId: number): Promise<CompanyBalance> {
      const rows = (await demo.get('/api/companystaff/ecompanyFdIssue/getBalance')).body.data as CompanyBalance[];
      return (
        rows.find((b) => b.serviceCompanyId === serviceCompanyId) ?? { serviceCompanyId, availableFen: 0, frozenFen: 0 }
      );
    },

    /** A batch of these workers, checked and submitted (under the approval threshold): 待支付. */
    async toPay(
      workerIds: number[],
      opts: { serviceCompanyId: number; amountFen?: number; title?: string },
    ): Promise<number> {
      const created = await hr.post(`${P}/emolumentGrant`, {
        title: opts.title ?? '付款测试',
        period: thisPeriod(),
        serviceCompanyId: opts.serviceCompanyId,
        channel: 'bank',
        source: 'workers',
      });
      expect(created.body.status, JSON.stringify(created.body)).toBe(200);
      const id = created.body.data.id as number;
      const amountFen = opts.amountFen ?? 100_000;
      await hr.post(`${P}/emolumentGrant/${id}/items`, {
        items: workerIds.map((workerId) => ({ workerId, amountFen })),
      });
      expect((await hr.post(`${P}/emolumentGrant/${id}/check`)).body.data.status).toBe('confirming');
      expect((await hr.post(`${P}/emolumentGrant/${id}/submit`)).body.data.status).toBe('to_pay');
      return id;
    },

    /**
     * Runs payout rounds until none of the batch's payouts is open (the payment's own dispatch job
     * may be sending at the same time on PostgreSQL, so a fixed number of rounds is not enough).
     */
    settleAll(batchId: number, timeoutMs = 20_000) {
      return waitFor(
        async () => {
          await t.app.payoutWork.tick();
          return openPayouts(t, batchId);
        },
        (open) => open === 0,
        { what: 'the batch settling', timeoutMs, intervalMs: 300 },
      );
    },
  };
}

export type PayingKit = ReturnType<typeof payingKit>;

/** How many of the batch's payouts are still open on our side (queued or at the provider). */
export async function openPayouts(t: TestApp, batchId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from payout where batch_id = ${batchId} and status in ('queued', 'submitted')`,
  );
  return row?.n ?? 0;
}
