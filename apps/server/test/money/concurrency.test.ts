/**
 * The ledger under concurrency (issue 16): 100 concurrent confirmations of one top-up credit it
 * once; 1,000 concurrent transfers over a few accounts leave every balance equal to the sum of
 * its entries and none below zero; the database refuses to change or delete entries and to
 * commit an unbalanced transfer; `verifyLedger` (what `npm run ledger:verify` runs) holds after
 * each. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { BusinessCode } from '@flexpay/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, sqlStateOf } from '../../src/db/client.ts';
import { AppError } from '../../src/lib/errors.ts';
import { createRng } from '../../src/seed/workers.ts';
import { postTransfer, verifyLedger, type AccountRef } from '../../src/modules/ledger/service.ts';
import { createTestApp, loginAs, type TestApp } from '../helpers.ts';
import { companyId, newKey, opsLogin, sendWithKey, serviceCompanyId, uploadVoucher } from './support.ts';

describe('ledger concurrency', () => {
  let t: TestApp;
  let xinghe: number;
  let yunfan: number;
  let hainan: number;
  let jiangsu: number;

  beforeAll(async () => {
    t = await createTestApp();
    xinghe = await companyId(t.database.db, '星河科技有限公司');
    yunfan = await companyId(t.database.db, '云帆物流有限公司');
    hainan = await serviceCompanyId(t.database.db, '海南灵工服务有限公司');
    jiangsu = await serviceCompanyId(t.database.db, '江苏智薪人力资源有限公司');
  });
  afterAll(() => t.close());

  const balanceOf = async (kind: string, company: number | null, sc: number) => {
    const [row] = await queryRows<{ b: string | number }>(
      t.database.db,
      sql`select balance_fen as b from ledger_account
          where kind = ${kind} and company_id is not distinct from ${company} and service_company_id = ${sc}`,
    );
    return Number(row?.b ?? 0);
  };

  it('credits a top-up once under 100 concurrent confirmations (with and without keys)', async () => {
    const demoToken = await loginAs(t.app, 'demo');
    const voucher = await uploadVoucher(t.app, demoToken);
    const payer = (
      await t.app.inject({
        method: 'GET',
        url: '/api/companystaff/ecompanyPayAccount/list',
        headers: { authorization: demoToken },
      })
    ).json().data[0].id as number;
    const created = await sendWithKey(t.app, demoToken, 'POST', '/api/companystaff/ecompanyRecharge', undefined, {
      amountFen: 9_999,
      serviceCompanyId: jiangsu,
      paymentAccountId: payer,
      voucherFileId: voucher,
    });
    const id = created.body.data.id as number;
    const before = await balanceOf('available', xinghe, jiangsu);
    const tokens = await Promise.all([opsLogin(t.app), opsLogin(t.app), opsLogin(t.app)]);
    const sharedKey = newKey();
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        sendWithKey(
          t.app,
          tokens[i % 3] as string,
          'POST',
          `/api/ops/topup/${id}/confirm`,
          // A third retry one key (same operator: replays), a third bring their own, a third none.
          i % 3 === 0 ? sharedKey : i % 3 === 1 ? newKey() : undefined,
        ),
      ),
    );
    const ok = answers.filter((a) => a.body.status === 200);
    const refused = answers.filter((a) => a.body.status === 40900);
    expect(ok.length + refused.length).toBe(100);
    // Every success is the one confirmation (first answer, or its replay under the shared key).
    expect(new Set(ok.map((a) => a.body.data.transferId)).size).toBe(1);
    expect(ok.filter((a) => a.headers['idempotent-replayed'] !== 'true')).toHaveLength(1);
    expect(refused.every((a) => a.body.message === '该充值已确认到账，请勿重复操作')).toBe(true);
    expect(await balanceOf('available', xinghe, jiangsu)).toBe(before + 9_999);
    const [{ n }] = (await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from ledger_transfer where ref_kind = 'topup' and ref_id = ${String(id)}`,
    )) as [{ n: number }];
    expect(n).toBe(1);
    expect((await verifyLedger(t.database.db)).violations).toEqual([]);
  });

  it('refuses an overdraft and writes nothing', async () => {
    const before = await queryRows(t.database.db, sql`select count(*)::int as n from ledger_entry`);
    const err = await t.database.db
      .transaction((tx) =>
        postTransfer(tx, {
          companyId: yunfan,
          type: 'adjustment',
          reference: { kind: 'test', id: 'overdraft' },
          postings: [
            { account: { kind: 'available', companyId: yunfan, serviceCompanyId: hainan }, amountFen: -1 },
            { account: { kind: 'fee_income', serviceCompanyId: hainan }, amountFen: 1 },
          ],
        }),
      )
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe(BusinessCode.INSUFFICIENT_BALANCE);
    expect((err as AppError).message).toBe('账户可用余额不足');
    expect(await queryRows(t.database.db, sql`select count(*)::int as n from ledger_entry`)).toEqual(before);
  });

  it('keeps every balance equal to its entries and none below zero under 1,000 concurrent transfers', async () => {
    const accounts: AccountRef[] = [
      { kind: 'available', companyId: xinghe, serviceCompanyId: hainan },
      { kind: 'frozen', companyId: xinghe, serviceCompanyId: hainan },
      { kind: 'available', companyId: xinghe, serviceCompanyId: jiangsu },
      { kind: 'available', companyId: yunfan, serviceCompanyId: hainan },
      { kind: 'frozen', companyId: yunfan, serviceCompanyId: hainan },
    ];
    // Fund each company account with 10,000 fen from bank clearing.
    for (const [i, account] of accounts.entries()) {
      await t.database.db.transaction((tx) =>
        postTransfer(tx, {
          companyId: 'companyId' in account ? account.companyId : null,
          type: 'adjustment',
          reference: { kind: 'test-fund', id: i },
          postings: [
            { account: { kind: 'bank_clearing', serviceCompanyId: account.serviceCompanyId }, amountFen: -10_000 },
            { account, amountFen: 10_000 },
          ],
        }),
      );
    }
    const companyTotal = async () => {
      let sum = 0;
      for (const a of accounts)
        sum += await balanceOf(a.kind, 'companyId' in a ? a.companyId : null, a.serviceCompanyId);
      return sum;
    };
    const totalBefore = await companyTotal();
    const rng = createRng(16);
    let refused = 0;
    let posted = 0;
    await Promise.all(
      Array.from({ length: 1_000 }, async (_, i) => {
        const from = accounts[rng.int(0, accounts.length - 1)] as AccountRef;
        let to = accounts[rng.int(0, accounts.length - 1)] as AccountRef;
        if (to === from) to = accounts[(accounts.indexOf(from) + 1) % accounts.length] as AccountRef;
        // Some amounts are large enough to overdraw: those must be refused, not half-written.
        const amount = rng.int(1, 4_000);
        try {
          await t.database.db.transaction((tx) =>
            postTransfer(tx, {
              companyId: 'companyId' in from ? from.companyId : null,
              type: 'adjustment',
              reference: { kind: 'test-move', id: i },
              postings: [
                { account: from, amountFen: -amount },
                { account: to, amountFen: amount },
              ],
            }),
          );
          posted++;
        } catch (err) {
          if (err instanceof AppError && err.code === BusinessCode.INSUFFICIENT_BALANCE) refused++;
          else throw err;
        }
      }),
    );
    expect(posted + refused).toBe(1_000);
    expect(posted).toBeGreaterThan(100);
    expect(await companyTotal()).toBe(totalBefore);
    const { violations, counts } = await verifyLedger(t.database.db);
    expect(violations).toEqual([]);
    expect(counts.sumOfBalances).toBe(0);
  });

  it('refuses to update or delete entries and transfers, and to commit an unbalanced transfer', async () => {
    const state = (err: unknown) => sqlStateOf(err);
    const upd = await t.database.db
      .execute(sql`update ledger_entry set amount_fen = amount_fen + 1`)
      .catch((e: unknown) => e);
    expect(state(upd)).toBe('P0001');
    const del = await t.database.db.execute(sql`delete from ledger_transfer`).catch((e: unknown) => e);
    expect(state(del)).toBe('P0001');
    const unbalanced = await t.database.db
      .transaction(async (tx) => {
        const [tr] = await queryRows<{ id: number }>(
          tx,
          sql`insert into ledger_transfer (company_id, type, ref_kind, ref_id) values (null, 'adjustment', 'test', 'unbalanced') returning id`,
        );
        const [acc] = await queryRows<{ id: number }>(
          tx,
          sql`select id from ledger_account where kind = 'bank_clearing' and service_company_id = ${hainan}`,
        );
        await tx.execute(sql`insert into ledger_entry (transfer_id, account_id, company_id, service_company_id, account_kind, type, amount_fen, balance_after_fen)
                             values (${tr?.id}, ${acc?.id}, null, ${hainan}, 'bank_clearing', 'adjustment', 5, 5)`);
      })
      .catch((e: unknown) => e);
    expect(state(unbalanced)).toBe('P0002');
    expect((await verifyLedger(t.database.db)).violations).toEqual([]);
  });
});
