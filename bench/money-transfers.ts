/**
 * Part 2 of the money benchmark (bench/money.ts): transfers per second on one hot account, what
 * payroll settlement hits. `postTransfer` in a transaction (as the services call it) and
 * `postTransfers` with a batch per call, each next to the same statements (lock, then the
 * one-statement write) run raw through `pg` with BEGIN/COMMIT.
 */
import type pg from 'pg';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../apps/server/src/db/client.ts';
import { insertTransfersSql, lockAccountsSql, type TransferToWrite } from '../apps/server/src/modules/ledger/repo.ts';
import { postTransfer, postTransfers, type TransferInput } from '../apps/server/src/modules/ledger/service.ts';
import { fmt, load, toQuery } from './lib.ts';

/**
 * Runs the hot-account scenarios on 云帆's available account with the service company `scId`
 * (funded first, so nothing lands in the list part 1 measures) and prints the results.
 */
export async function benchHotAccount(
  db: Db,
  pool: pg.Pool,
  o: { hotCompanyId: number; scId: number; concurrency: number; seconds: number; batch: number },
): Promise<void> {
  const { hotCompanyId, scId, concurrency, seconds } = o;
  const BATCH = o.batch;
  const run = Date.now().toString(36);
  let seq = 0;
  const hot = { kind: 'available' as const, companyId: hotCompanyId, serviceCompanyId: scId };
  const sink = { kind: 'payouts_in_transit' as const, serviceCompanyId: scId };
  // The hot account is 云帆's, so that what this part posts never lands in the list part 1
  // measures (星河科技's, spread over a year): it is funded for the run first.
  await db.transaction((tx) =>
    postTransfer(tx, {
      companyId: hotCompanyId,
      type: 'adjustment',
      reference: { kind: 'bench', id: `${run}-fund` },
      memo: 'bench funding',
      postings: [
        { account: { kind: 'bank_clearing', serviceCompanyId: scId }, amountFen: -10_000_000_000 },
        { account: hot, amountFen: 10_000_000_000 },
      ],
    }),
  );
  const api = await load(
    () =>
      db
        .transaction((tx) =>
          postTransfer(tx, {
            companyId: hotCompanyId,
            type: 'payout',
            reference: { kind: 'bench', id: `${run}-a${++seq}` },
            postings: [
              { account: hot, amountFen: -1 },
              { account: sink, amountFen: 1 },
            ],
          }),
        )
        .then(() => undefined),
    concurrency,
    seconds,
  );
  const [acc] = await queryRows<{ hot: string; sink: string }>(
    db,
    sql`select (select id from ledger_account where kind = 'available' and company_id = ${hotCompanyId} and service_company_id = ${scId}) as hot,
               (select id from ledger_account where kind = 'payouts_in_transit' and company_id is null and service_company_id = ${scId}) as sink`,
  );
  const hotId = Number(acc?.hot);
  const sinkId = Number(acc?.sink);
  const rawTransfer = async () => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const locked = await client.query<{ id: string; balance_fen: string }>(
        toQuery(db, lockAccountsSql([hotId, sinkId].sort((a, b) => a - b))),
      );
      const bal = new Map(locked.rows.map((r) => [Number(r.id), Number(r.balance_fen)]));
      const hotAfter = (bal.get(hotId) ?? 0) - 1;
      if (hotAfter < 0) throw new Error('hot account ran dry');
      const sinkAfter = (bal.get(sinkId) ?? 0) + 1;
      await client.query(
        toQuery(
          db,
          insertTransfersSql(
            [
              {
                transfer: {
                  companyId: hotCompanyId,
                  type: 'payout',
                  refKind: 'bench',
                  refId: `${run}-r${++seq}`,
                  memo: '',
                },
                entries: [
                  {
                    accountId: hotId,
                    companyId: hotCompanyId,
                    serviceCompanyId: scId,
                    accountKind: 'available',
                    amountFen: -1,
                    balanceAfterFen: hotAfter,
                  },
                  {
                    accountId: sinkId,
                    companyId: null,
                    serviceCompanyId: scId,
                    accountKind: 'payouts_in_transit',
                    amountFen: 1,
                    balanceAfterFen: sinkAfter,
                  },
                ],
              },
            ],
            [
              { id: hotId, balanceFen: hotAfter, entryCount: 1 },
              { id: sinkId, balanceFen: sinkAfter, entryCount: 1 },
            ],
          ),
        ),
      );
      await client.query('commit');
    } catch (err) {
      await client.query('rollback');
      throw err;
    } finally {
      client.release();
    }
  };
  const raw = await load(rawTransfer, concurrency, seconds);

  // A settlement's batch: BATCH transfers in one call (one lock, one statement, one commit).
  const payoutOf = (id: string): TransferInput => ({
    companyId: hotCompanyId,
    type: 'payout',
    reference: { kind: 'bench', id },
    postings: [
      { account: hot, amountFen: -1 },
      { account: sink, amountFen: 1 },
    ],
  });
  const batchCall = await load(
    () =>
      db
        .transaction((tx) =>
          postTransfers(
            tx,
            Array.from({ length: BATCH }, () => payoutOf(`${run}-b${++seq}`)),
          ),
        )
        .then(() => undefined),
    concurrency,
    seconds,
  );
  const rawBatch = async () => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const locked = await client.query<{ id: string; balance_fen: string }>(
        toQuery(db, lockAccountsSql([hotId, sinkId].sort((a, b) => a - b))),
      );
      const bal = new Map(locked.rows.map((r) => [Number(r.id), Number(r.balance_fen)]));
      let hotBal = bal.get(hotId) ?? 0;
      let sinkBal = bal.get(sinkId) ?? 0;
      const batch: TransferToWrite[] = Array.from({ length: BATCH }, () => {
        hotBal -= 1;
        sinkBal += 1;
        return {
          transfer: {
            companyId: hotCompanyId,
            type: 'payout',
            refKind: 'bench',
            refId: `${run}-rb${++seq}`,
            memo: '',
          },
          entries: [
            {
              accountId: hotId,
              companyId: hotCompanyId,
              serviceCompanyId: scId,
              accountKind: 'available',
              amountFen: -1,
              balanceAfterFen: hotBal,
            },
            {
              accountId: sinkId,
              companyId: null,
              serviceCompanyId: scId,
              accountKind: 'payouts_in_transit',
              amountFen: 1,
              balanceAfterFen: sinkBal,
            },
          ],
        };
      });
      if (hotBal < 0) throw new Error('hot account ran dry');
      await client.query(
        toQuery(
          db,
          insertTransfersSql(batch, [
            { id: hotId, balanceFen: hotBal, entryCount: BATCH },
            { id: sinkId, balanceFen: sinkBal, entryCount: BATCH },
          ]),
        ),
      );
      await client.query('commit');
    } catch (err) {
      await client.query('rollback');
      throw err;
    } finally {
      client.release();
    }
  };
  const rawBatchCall = await load(rawBatch, concurrency, seconds);

  console.log(`\n一个热点账户上的转账（${concurrency} 个并发，每笔两条分录）`);
  const line = (name: string, perSecond: number, p95: number, rawPerSecond: number, target: boolean) =>
    console.log(
      `  ${name.padEnd(30)}${fmt(perSecond, 0).padStart(8)} 笔/秒  p95 ${fmt(p95)} ms  裸SQL ${fmt(rawPerSecond, 0)} 笔/秒  占比 ${((perSecond / rawPerSecond) * 100).toFixed(0)}%${target ? `  ${perSecond >= 1000 ? '达标' : '未达标'}（≥ 1,000 笔/秒）` : ''}`,
    );
  line('postTransfer（每笔一个事务）', api.throughput, api.p95, raw.throughput, false);
  line(
    `postTransfers（每批 ${BATCH} 笔一个事务）`,
    batchCall.throughput * BATCH,
    batchCall.p95,
    rawBatchCall.throughput * BATCH,
    true,
  );
}
