/**
 * 发放记录 lists what was sent for payment only (issue 24, point 13), and a batch's items filter
 * by pay status (支付详情's failed payouts, point 11). On the demo data: batches in 草稿, 核对中,
 * 待审批, 待支付, 已取消 and one 部分成功.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { caller, createTestApp, loginAs, type Caller, type TestApp } from '../helpers.ts';

const P = '/api/emolument';

describe('发放记录 and failed payouts', () => {
  let t: TestApp;
  let demo: Caller;
  beforeAll(async () => {
    t = await createTestApp();
    demo = caller(t.app, await loginAs(t.app, 'demo'));
  });
  afterAll(() => t.close());

  it('lists only items sent for payment, never a draft’s, an unpaid or a cancelled batch’s', async () => {
    const page = (await demo.get(`${P}/emolumentGrantRecord/page`, { limit: 100 })).body.data;
    const [sent] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from payroll_item i join payroll_batch b on b.id = i.batch_id
           join company c on c.id = b.company_id
          where c.name = '星河科技有限公司' and b.status in ('paying', 'completed', 'partial')`,
    );
    expect(sent?.n).toBeGreaterThan(0);
    expect(page.total).toBe(sent?.n);
    expect(page.rows.every((r: { payStatus: string | null }) => r.payStatus !== null)).toBe(true);
    // 月份 filtered (the count joins the batch): still only what was sent.
    const draft = (await demo.get(`${P}/emolumentGrant/page`, { status: 'draft' })).body.data.rows[0];
    const byMonth = (await demo.get(`${P}/emolumentGrantRecord/page`, { period: draft.period, limit: 100 })).body.data;
    expect(byMonth.rows.some((r: { batchId: number }) => r.batchId === draft.id)).toBe(false);
  });

  it('filters a batch’s items by pay status: the failed payouts of a 部分成功 batch with their reasons', async () => {
    const partial = (await demo.get(`${P}/emolumentGrant/page`, { status: 'partial' })).body.data.rows[0];
    const failed = (await demo.get(`${P}/emolumentDetail/page`, { batchId: partial.id, payStatus: 'failed' })).body
      .data;
    expect(failed.total).toBe(1);
    expect(failed.rows[0]).toMatchObject({ payStatus: 'failed', payFailReason: '卡号无效' });
    const paid = (await demo.get(`${P}/emolumentDetail/page`, { batchId: partial.id, payStatus: 'paid' })).body.data;
    expect(paid.total).toBe(partial.itemCount - 1);
    expect(
      (await demo.get(`${P}/emolumentDetail/page`, { batchId: partial.id, payStatus: 'lost' })).body,
    ).toMatchObject({ status: 40000, message: expect.stringContaining('支付状态不存在') });
  });
});
