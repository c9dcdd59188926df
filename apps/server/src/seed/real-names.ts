/**
 * The demo's 实名认证 (issue 43): every seeded worker's real-name status comes with the check that
 * gave it, as the sandbox provider would have answered (its reference, a failure's reason); the
 * unverified have none. The workers the demo pays (星河科技's with a bank card) were verified before
 * they were paid, as 仅向已实名认证并已签约的员工发放 requires. One worker, paid by none of them,
 * is 认证中: its 重新认证 met the provider away REAL_NAME_AUTO_ATTEMPTS times, so it is no longer
 * asked by itself (the detail says 已停止自动重试); a check still retried would be answered by the
 * sweep a minute after the start, and change rows under the tests.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../db/client.ts';
import { REAL_NAME_AUTO_ATTEMPTS } from '@flexpay/contract';
import { answerRun, queueVerification } from '../modules/worker/service.ts';

const FAILURES = ['姓名与身份证号不一致', '身份证号不存在', '银行卡与身份信息不符'];
const providerRef = (companyId: number, checkId: number) =>
  `SV${createHash('sha256').update(`RV${companyId}-${checkId}`).digest('hex').slice(0, 20).toUpperCase()}`;

export async function seedRealNames(tx: Tx, companyIds: readonly number[], paysWithCards: number): Promise<void> {
  await answerAll(tx, companyIds, paysWithCards);
  // 认证中 and no longer retried: the oldest 在职, verified worker of the paying company with no
  // payout account (no batch or task pays one; the tasks take the newest workers).
  const [stuck] = await queryRows<{ id: string | number }>(
    tx,
    sql`select w.id from worker w
         where w.company_id = ${paysWithCards} and w.status = 'active' and w.real_name_status = 'verified'
           and not exists (select 1 from worker_bank_card b where b.company_id = w.company_id and b.worker_id = w.id)
           and not exists (select 1 from worker_alipay a where a.company_id = w.company_id and a.worker_id = w.id)
         order by w.id limit 1`,
  );
  if (stuck) {
    await queueVerification(tx, paysWithCards, 'manual', { ids: [Number(stuck.id)] });
    await tx.execute(
      sql`update worker_real_name_check set attempts = ${REAL_NAME_AUTO_ATTEMPTS}
           where company_id = ${paysWithCards} and worker_id = ${Number(stuck.id)} and status = 'verifying'`,
    );
  }
}

async function answerAll(tx: Tx, companyIds: readonly number[], paysWithCards: number): Promise<void> {
  for (const companyId of companyIds) {
    const workers = await queryRows<{ id: string | number; real_name_status: string; has_card: boolean }>(
      tx,
      sql`select w.id, w.real_name_status,
                 exists (select 1 from worker_bank_card b where b.company_id = w.company_id and b.worker_id = w.id) as has_card
            from worker w where w.company_id = ${companyId} order by w.id`,
    );
    // The workers the demo pays were verified; the others keep the status they were generated with.
    const target = new Map(
      workers.map((w) => [Number(w.id), companyId === paysWithCards && w.has_card ? 'verified' : w.real_name_status]),
    );
    const answered = [...target].filter(([, s]) => s === 'verified' || s === 'failed').map(([id]) => id);
    if (answered.length) {
      const { runId } = await queueVerification(tx, companyId, 'added', { ids: answered });
      let failures = 0;
      await answerRun(tx, companyId, runId, (workerId, checkId) =>
        target.get(workerId) === 'failed'
          ? {
              status: 'failed',
              reason: FAILURES[failures++ % FAILURES.length] ?? '',
              providerRef: providerRef(companyId, checkId),
            }
          : { status: 'verified', reason: '', providerRef: providerRef(companyId, checkId) },
      );
    }
  }
}
