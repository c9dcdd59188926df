/**
 * ledger:verify's reads: every invariant of the ledger checked over the whole database. Apart from
 * repo.ts (the postings and the lists): it runs from the CLI and an operator check, never on a
 * request's path.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';

const num = (v: unknown) => Number(v);

export interface Violation {
  rule: string;
  detail: string;
}

/** Every invariant of the ledger, checked over the whole database (at most 20 findings per rule). */
export interface LedgerCounts {
  accounts: number;
  transfers: number;
  entries: number;
  sumOfBalances: number;
}

export async function findViolations(db: DbOrTx): Promise<{ violations: Violation[]; counts: LedgerCounts }> {
  const violations: Violation[] = [];
  const check = async (rule: string, query: SQL, describe: (r: Record<string, unknown>) => string) => {
    const rows = await queryRows<Record<string, unknown>>(db, query);
    for (const r of rows) violations.push({ rule, detail: describe(r) });
  };
  await check(
    '每笔转账借贷平衡（分录合计为 0，至少两条）',
    sql`select t.id, coalesce(sum(e.amount_fen), 0) as total, count(e.id) as n
        from ledger_transfer t left join ledger_entry e on e.transfer_id = t.id
        group by t.id having coalesce(sum(e.amount_fen), 0) <> 0 or count(e.id) < 2 order by t.id limit 20`,
    (r) => `转账 ${String(r.id)}：合计 ${String(r.total)} 分，${String(r.n)} 条分录`,
  );
  await check(
    '账户余额等于其分录之和，分录数等于计数',
    sql`select a.id, a.balance_fen, coalesce(s.total, 0) as total, a.entry_count, coalesce(s.n, 0) as n
        from ledger_account a
        left join (select account_id, sum(amount_fen) as total, count(*) as n from ledger_entry group by account_id) s
          on s.account_id = a.id
        where a.balance_fen <> coalesce(s.total, 0) or a.entry_count <> coalesce(s.n, 0)
        order by a.id limit 20`,
    (r) =>
      `账户 ${String(r.id)}：余额 ${String(r.balance_fen)}，分录合计 ${String(r.total)}；计数 ${String(r.entry_count)}，分录 ${String(r.n)} 条`,
  );
  await check(
    '流水余额连续（每条分录的余额 = 上一条余额 + 本条金额）',
    sql`select account_id, id, balance_after_fen, prev, amount_fen from (
          select account_id, id, amount_fen, balance_after_fen,
                 coalesce(lag(balance_after_fen) over w, 0) as prev
          from ledger_entry window w as (partition by account_id order by id)) x
        where balance_after_fen <> prev + amount_fen order by account_id, id limit 20`,
    (r) =>
      `账户 ${String(r.account_id)} 分录 ${String(r.id)}：上一余额 ${String(r.prev)} + ${String(r.amount_fen)} ≠ ${String(r.balance_after_fen)}`,
  );
  await check(
    '最后一条分录的余额等于账户余额',
    sql`select a.id, a.balance_fen, l.balance_after_fen from ledger_account a
        join lateral (select balance_after_fen from ledger_entry e where e.account_id = a.id order by id desc limit 1) l on true
        where l.balance_after_fen <> a.balance_fen order by a.id limit 20`,
    (r) => `账户 ${String(r.id)}：余额 ${String(r.balance_fen)}，最后一条分录余额 ${String(r.balance_after_fen)}`,
  );
  await check(
    '每日分录计数等于当天的企业分录数',
    sql`select coalesce(c.company_id, d.company_id) as company_id, coalesce(c.day, d.day)::text as day,
               coalesce(c.service_company_id, d.service_company_id) as service_company_id,
               coalesce(c.type, d.type) as type, coalesce(c.n, 0) as counted, coalesce(d.entry_count, 0) as kept
        from (select company_id, ((created_at at time zone 'UTC') + interval '8 hours')::date as day,
                     service_company_id, type, count(*) as n
              from ledger_entry where company_id is not null group by 1, 2, 3, 4) c
        full join ledger_entry_day d on d.company_id = c.company_id and d.day = c.day
          and d.service_company_id = c.service_company_id and d.type = c.type
        where coalesce(c.n, 0) <> coalesce(d.entry_count, 0) limit 20`,
    (r) =>
      `企业 ${String(r.company_id)} ${String(r.day)} 服务商 ${String(r.service_company_id)} ${String(r.type)}：分录 ${String(r.counted)} 条，计数 ${String(r.kept)}`,
  );
  await check(
    '企业账户不为负（无透支）',
    sql`select id, kind, company_id, balance_fen from ledger_account
        where not allow_negative and balance_fen < 0 order by id limit 20`,
    (r) => `账户 ${String(r.id)}（${String(r.kind)}，企业 ${String(r.company_id)}）余额 ${String(r.balance_fen)}`,
  );
  await check(
    '没有企业分录落入不允许为负的历史负值',
    sql`select e.id, e.account_id, e.balance_after_fen from ledger_entry e join ledger_account a on a.id = e.account_id
        where not a.allow_negative and e.balance_after_fen < 0 order by e.id limit 20`,
    (r) => `分录 ${String(r.id)}（账户 ${String(r.account_id)}）余额 ${String(r.balance_after_fen)}`,
  );
  const [counts] = await queryRows<{ accounts: string; transfers: string; entries: string; total: string | null }>(
    db,
    sql`select (select count(*) from ledger_account) as accounts, (select count(*) from ledger_transfer) as transfers,
               (select count(*) from ledger_entry) as entries, (select sum(balance_fen) from ledger_account) as total`,
  );
  return {
    violations,
    counts: {
      accounts: num(counts?.accounts ?? 0),
      transfers: num(counts?.transfers ?? 0),
      entries: num(counts?.entries ?? 0),
      sumOfBalances: num(counts?.total ?? 0),
    },
  };
}
