/**
 * One transfer voucher backs one open top-up (issue 24, finding 5): the same voucher content
 * (SHA-256 of the upload, whatever its file name or id) on a second 审批中/待确认 top-up of the
 * company is refused at voucherFileId; the operator sees which top-ups used the content before.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { caller, createTestApp, loginAs, type Caller, type TestApp } from '../helpers.ts';
import { opsLogin, PNG, serviceCompanyId, uploadVoucher } from './support.ts';

const CREATE = '/api/companystaff/ecompanyRecharge';

describe('a voucher used twice', () => {
  let t: TestApp;
  let demo: Caller;
  let demoToken: string;
  let body: (voucherFileId: string) => Record<string, unknown>;
  const content = Buffer.concat([PNG, Buffer.from('voucher-reuse-1')]);
  beforeAll(async () => {
    t = await createTestApp();
    demoToken = await loginAs(t.app, 'demo');
    demo = caller(t.app, demoToken);
    const jiangsu = await serviceCompanyId(t.database.db, '江苏智薪人力资源有限公司');
    const payer = (await demo.get('/api/companystaff/ecompanyPayAccount/list')).body.data[0].id as number;
    body = (voucherFileId) => ({
      amountFen: 10_000,
      serviceCompanyId: jiangsu,
      paymentAccountId: payer,
      voucherFileId,
    });
  });
  afterAll(() => t.close());

  it('stores the upload’s SHA-256', async () => {
    const id = await uploadVoucher(t.app, demoToken, 'a.png', content);
    const [row] = await queryRows<{ sha256: string }>(
      t.database.db,
      sql`select sha256 from stored_file where id = ${id}`,
    );
    expect(row?.sha256).toBe(createHash('sha256').update(content).digest('hex'));
  });

  it('refuses the same content on a second open top-up, with nothing written; the operator sees the first', async () => {
    const first = await demo.post(CREATE, body(await uploadVoucher(t.app, demoToken, '凭证.png', content)));
    expect(first.body.status, JSON.stringify(first.body)).toBe(200);
    const firstId = first.body.data.id as number;
    const [before] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from topup`);

    const again = await demo.post(CREATE, body(await uploadVoucher(t.app, demoToken, '另一个名字.png', content)));
    expect(again.body.status).toBe(40000);
    expect(again.body.data.errors[0]).toMatchObject({
      path: 'voucherFileId',
      message: `该转账凭证已用于充值 #${firstId}（待确认），同一凭证不能重复充值，请上传本次转账的凭证`,
    });
    const [after] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from topup`);
    expect(after?.n).toBe(before?.n);

    // Once the first is decided, the content may back a new top-up; the operator is told of the first.
    const ops = caller(t.app, await opsLogin(t.app));
    expect((await ops.post(`/api/ops/topup/${firstId}/reject`, { reason: '金额不符' })).body.status).toBe(200);
    const second = await demo.post(CREATE, body(await uploadVoucher(t.app, demoToken, '凭证.png', content)));
    expect(second.body.status, JSON.stringify(second.body)).toBe(200);
    const seen = await ops.get(`/api/ops/topup/${second.body.data.id}`);
    expect(seen.body.data.voucherReuses).toEqual([
      expect.objectContaining({ id: firstId, companyName: '星河科技有限公司', status: 'rejected', amountFen: 10_000 }),
    ]);
    const queue = await ops.get('/api/ops/topup/page', { status: 'pending' });
    const row = queue.body.data.rows.find((r: { id: number }) => r.id === second.body.data.id);
    expect(row.voucherReuses).toHaveLength(1);
    // Another content is not flagged.
    const other = await demo.post(CREATE, body(await uploadVoucher(t.app, demoToken)));
    expect(other.body.data.voucherReuses).toEqual([]);
  });
});
