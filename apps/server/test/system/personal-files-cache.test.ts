/**
 * Files with personal data are never kept by the browser or a proxy (issue 24): the receipt PDF,
 * an uploaded file (a voucher) and the operator's view of a voucher answer `private, no-store`.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { download } from '../files.ts';
import { caller, createTestApp, loginAs, type TestApp } from '../helpers.ts';
import { opsLogin, serviceCompanyId, uploadVoucher } from '../money/support.ts';

describe('cache headers of personal files', () => {
  let t: TestApp;
  let demoToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    demoToken = await loginAs(t.app, 'demo');
  });
  afterAll(() => t.close());

  it('sends the receipt PDF private, no-store', async () => {
    const [payout] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select p.id::int as id from payout p join company c on c.id = p.company_id
           where c.name = '星河科技有限公司' and p.status = 'succeeded' order by p.id limit 1`,
    );
    expect(payout).toBeTruthy();
    const got = await download(t.app, demoToken, `/api/emolument/receiptController/${payout?.id}/pdf`);
    expect(got.statusCode).toBe(200);
    expect(got.headers['cache-control']).toBe('private, no-store');
  });

  it('sends an uploaded file and the operator’s voucher view private, no-store', async () => {
    const id = await uploadVoucher(t.app, demoToken);
    const file = await download(t.app, demoToken, `/api/admin/file/${id}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('private, no-store');
    const demo = caller(t.app, demoToken);
    const payer = (await demo.get('/api/companystaff/ecompanyPayAccount/list')).body.data[0].id as number;
    const created = await demo.post('/api/companystaff/ecompanyRecharge', {
      amountFen: 10_000,
      serviceCompanyId: await serviceCompanyId(t.database.db, '江苏智薪人力资源有限公司'),
      paymentAccountId: payer,
      voucherFileId: id,
    });
    const topup = created.body.data as { id: number };
    const voucher = await download(t.app, await opsLogin(t.app), `/api/ops/topup/${topup?.id}/voucher`);
    expect(voucher.statusCode).toBe(200);
    expect(voucher.headers['cache-control']).toBe('private, no-store');
  });
});
