/**
 * The ledger's batch posting (a payroll settlement's transfers in one call) and 资金明细's reads
 * from counters: totals from the day counters and deep pages that start at their day give the
 * same answers as counting and skipping every entry. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { BusinessCode } from '@flexpay/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { AppError } from '../../src/lib/errors.ts';
import { anchorOf } from '../../src/modules/ledger/repo.ts';
import {
  countEntries,
  listEntries,
  postTransfers,
  verifyLedger,
  type EntryFilters,
  type TransferInput,
} from '../../src/modules/ledger/service.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { companyId, serviceCompanyId } from './support.ts';

describe('ledger batches and 资金明细 counters', () => {
  let t: TestApp;
  let xinghe: number;
  let yunfan: number;
  let hainan: number;

  beforeAll(async () => {
    t = await createTestApp();
    xinghe = await companyId(t.database.db, '星河科技有限公司');
    yunfan = await companyId(t.database.db, '云帆物流有限公司');
    hainan = await serviceCompanyId(t.database.db, '海南灵工服务有限公司');
  });
  afterAll(() => t.close());

  const available = (company: number) => ({ kind: 'available' as const, companyId: company, serviceCompanyId: hainan });
  const clearing = () => ({ kind: 'bank_clearing' as const, serviceCompanyId: hainan });
  const balance = async (company: number) => {
    const [row] = await queryRows<{ b: string }>(
      t.database.db,
      sql`select balance_fen::text as b from ledger_account
          where kind = 'available' and company_id = ${company} and service_company_id = ${hainan}`,
    );
    return Number(row?.b ?? 0);
  };
  const payout = (company: number, ref: string, fen: number): TransferInput => ({
    companyId: company,
    type: 'payout',
    reference: { kind: 'test-batch', id: ref },
    postings: [
      { account: available(company), amountFen: -fen },
      { account: clearing(), amountFen: fen },
    ],
  });

  it('posts a batch on one hot account with running balances, in one call', async () => {
    await t.database.db.transaction((tx) =>
      postTransfers(tx, [
        {
          companyId: xinghe,
          type: 'adjustment',
          reference: { kind: 'test-batch', id: 'fund' },
          postings: [
            { account: clearing(), amountFen: -100_000 },
            { account: available(xinghe), amountFen: 100_000 },
          ],
        },
      ]),
    );
    const before = await balance(xinghe);
    const inputs = Array.from({ length: 50 }, (_, i) => payout(xinghe, `a${i}`, i + 1));
    const posted = await t.database.db.transaction((tx) => postTransfers(tx, inputs));
    expect(posted).toHaveLength(50);
    expect(new Set(posted.map((p) => p.transferId)).size).toBe(50);
    // Each transfer's company entry carries the balance after it, in the batch's order.
    let running = before;
    posted.forEach((p, i) => {
      running -= i + 1;
      const entry = p.entries.find((e) => e.amountFen < 0);
      expect(entry?.balanceAfterFen).toBe(running);
    });
    expect(await balance(xinghe)).toBe(before - (50 * 51) / 2);
    const verified = await verifyLedger(t.database.db);
    expect(verified.violations).toEqual([]);
  });

  it('writes nothing of a batch when one transfer would overdraw, however late in it', async () => {
    const before = await balance(yunfan);
    const inputs = [payout(yunfan, 'b0', 1), payout(yunfan, 'b1', before + 1)];
    // The company has no money on this service company yet, or not enough for the second.
    const err = await t.database.db.transaction((tx) => postTransfers(tx, inputs)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe(BusinessCode.INSUFFICIENT_BALANCE);
    expect(await balance(yunfan)).toBe(before);
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from ledger_transfer where ref_kind = 'test-batch' and ref_id in ('b0', 'b1')`,
    );
    expect(row?.n).toBe(0);
  });

  it('finds a day a deep page starts in from the day counters', () => {
    const days = [
      { day: '2026-11-24', n: 3 },
      { day: '2026-11-23', n: 0 },
      { day: '2026-11-20', n: 5 },
    ];
    expect(anchorOf(days, 0)).toEqual({ beforeDay: '2026-11-25', offset: 0 });
    expect(anchorOf(days, 2)).toEqual({ beforeDay: '2026-11-25', offset: 2 });
    expect(anchorOf(days, 3)).toEqual({ beforeDay: '2026-11-21', offset: 0 });
    expect(anchorOf(days, 7)).toEqual({ beforeDay: '2026-11-21', offset: 4 });
    expect(anchorOf(days, 8)).toBeNull();
    expect(anchorOf([{ day: '2026-12-31', n: 1 }], 0)).toEqual({ beforeDay: '2027-01-01', offset: 0 });
  });

  describe('over 3,000 entries on 12 days', () => {
    beforeAll(async () => {
      // Entries on past days cannot be posted (a transfer takes its transaction's time), so the
      // history is written straight in SQL here, balanced and chained, and the counters rebuilt
      // the way the migration does; ledger:verify then checks all of it.
      await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`
          insert into ledger_account (kind, company_id, service_company_id, allow_negative)
          values ('available', ${yunfan}, ${hainan}, false), ('bank_clearing', null, ${hainan}, true)
          on conflict on constraint ledger_account_key do nothing`);
        await tx.execute(sql`
          insert into ledger_transfer (company_id, type, ref_kind, ref_id, memo, created_at)
          select ${yunfan}, case when g % 3 = 0 then 'topup' else 'adjustment' end, 'test-history', g::text,
                 '历史 ' || g, timestamptz '2026-10-01 02:00:00+00' + ((g % 12) || ' days')::interval + (g || ' seconds')::interval
          from generate_series(1, 3000) g`);
        // Each entry's balance after it: the account's balance so far plus the running sum.
        await tx.execute(sql`
          insert into ledger_entry (transfer_id, account_id, company_id, service_company_id, account_kind, type, amount_fen, balance_after_fen, created_at)
          select x.transfer_id, x.account_id, x.company_id, x.service_company_id, x.kind, x.type, x.amount,
                 x.balance + sum(x.amount) over (partition by x.account_id order by x.transfer_id), x.created_at
          from (select t.id as transfer_id, a.id as account_id, a.company_id, a.service_company_id, a.kind, t.type,
                       a.balance_fen as balance, case when a.company_id is null then -1 else 1 end as amount, t.created_at
                from ledger_transfer t
                join ledger_account a on a.service_company_id = ${hainan}
                  and ((a.kind = 'available' and a.company_id = ${yunfan}) or (a.kind = 'bank_clearing' and a.company_id is null))
                where t.ref_kind = 'test-history') x
          order by x.transfer_id, x.account_id`);
        await tx.execute(sql`
          update ledger_account a set balance_fen = a.balance_fen + s.total, entry_count = a.entry_count + s.n
          from (select e.account_id, sum(e.amount_fen) as total, count(*) as n from ledger_entry e
                join ledger_transfer t on t.id = e.transfer_id where t.ref_kind = 'test-history' group by e.account_id) s
          where a.id = s.account_id`);
        await tx.execute(sql`
          insert into ledger_entry_day as d (company_id, day, service_company_id, type, entry_count)
          select e.company_id, ((e.created_at at time zone 'UTC') + interval '8 hours')::date, e.service_company_id, e.type, count(*)
          from ledger_entry e join ledger_transfer t on t.id = e.transfer_id
          where t.ref_kind = 'test-history' and e.company_id is not null
          group by 1, 2, 3, 4
          on conflict (company_id, day, service_company_id, type) do update set entry_count = d.entry_count + excluded.entry_count`);
      });
      // Autovacuum is off on the test machines: the planner learns of the new rows from ANALYZE.
      await t.database.db.execute(sql`analyze ledger_transfer, ledger_entry, ledger_account, ledger_entry_day`);
    });

    it('has the same totals and pages as counting and skipping every entry', async () => {
      const { db } = t.database;
      expect((await verifyLedger(db)).violations).toEqual([]);
      const cases: EntryFilters[] = [
        {},
        { type: 'topup' },
        { fromDay: '2026-10-03', toDay: '2026-10-09' },
        { fromDay: '2026-10-05', type: 'adjustment', serviceCompanyId: hainan },
      ];
      for (const f of cases) {
        const conds = [sql`company_id = ${yunfan}`];
        if (f.fromDay) conds.push(sql`created_at >= ${`${f.fromDay}T00:00:00+08:00`}::timestamptz`);
        if (f.toDay) conds.push(sql`created_at < (${`${f.toDay}T00:00:00+08:00`}::timestamptz + interval '1 day')`);
        if (f.type) conds.push(sql`type = ${f.type}`);
        if (f.serviceCompanyId) conds.push(sql`service_company_id = ${f.serviceCompanyId}`);
        const where = sql.join(conds, sql` and `);
        const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from ledger_entry where ${where}`,
        );
        expect(await countEntries(db, yunfan, f), JSON.stringify(f)).toBe(n);
        const offsets = [0, 1_980, 2_000, 2_020, Math.floor((n - 1) / 20) * 20, Math.ceil(n / 20) * 20];
        for (const offset of offsets.filter((o) => o >= 0)) {
          const expected = await queryRows<{ id: string }>(
            db,
            sql`select id::text as id from ledger_entry where ${where}
                order by created_at desc, id desc offset ${offset} limit 20`,
          );
          const got = await listEntries(db, yunfan, f, { page: offset / 20 + 1, limit: 20 });
          expect(
            got.rows.map((r) => String(r.id)),
            `${JSON.stringify(f)} @${offset}`,
          ).toEqual(expected.map((r) => r.id));
          expect(got.total).toBe(n);
        }
      }
    });
  });
});
