/**
 * The demo's payroll (DOMAIN section 11, issue 17): 星河科技's approval flow on 发放 (from
 * ¥50,000: any one of the owner and 财务, so every demo login's batch can be approved by another
 * demo login: the owner's by 财务, 财务's and 人事专员's by either), and batches in several states, made through the payroll
 * module's own steps (insert, add workers, check, submit, cancel), so every figure is what a
 * check computes.
 */
import { addMonths, type TApprovalType } from '@flexpay/contract';
import { eq, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../db/client.ts';
import { approvalFlow, payrollBatch } from '../db/schema/index.ts';
import { chinaDateOf } from '../lib/china-time.ts';
import type { FieldCipher } from '../lib/crypto.ts';
import { sandboxOutcome as decideInSandbox } from '../modules/payout-sandbox/rules.ts';
import { injectStatementFault, recordSettledPayouts } from '../modules/payout-sandbox/service.ts';
import type { PayoutOrder } from '../lib/payout-provider.ts';
import { settleBatchNow } from '../modules/payroll/payouts/dispatch.ts';
import { freezeAndQueue } from '../modules/payroll/payouts/service.ts';
import { Registry } from '../lib/registry.ts';
import type { ApprovalOutcomeHandler } from '../core/approval.ts';
import { addWorkerItems, insertBatch } from '../modules/payroll/batches/service.ts';
import { onBatchApprovalDecided, runCancel, runSubmit } from '../modules/payroll/batches/submission.ts';
import { runCheck } from '../modules/payroll/batches/check.ts';

/** The seed submits batches without an app: the payroll's own outcome handler, as its area registers it. */
export const payrollApprovalOutcomes = new Registry<TApprovalType, ApprovalOutcomeHandler>('审批类型的结果处理');
payrollApprovalOutcomes.add('payroll', onBatchApprovalDecided);

export interface PayrollSeedIds {
  xinghe: number;
  /** 海南灵工 (企业承担 6.5%, single max ¥50,000). */
  service: number;
  demo: number;
  hr: number;
  /** The 财务 demo login. */
  finance: number;
}

/** The demo's 发放 flow threshold: ¥50,000.00. */
export const DEMO_PAYROLL_THRESHOLD_FEN = 5_000_000;

export async function seedPayroll(tx: Tx, cipher: FieldCipher, ids: PayrollSeedIds, now: Date) {
  await tx.insert(approvalFlow).values({
    companyId: ids.xinghe,
    type: 'payroll',
    thresholdFen: DEMO_PAYROLL_THRESHOLD_FEN,
    enabled: true,
    // Named admins (a step takes a role or names): the creator is left out of a step, so a
    // step naming the owner alone could never pass the owner's own batch.
    steps: [{ mode: 'any', roleId: null, adminIds: [ids.demo, ids.finance] }],
  });

  // 在职 workers with a bank card, oldest first; and one who has left (a check failure to show).
  const payable = await queryRows<{ id: string | number }>(
    tx,
    sql`select w.id from worker w
         where w.company_id = ${ids.xinghe} and w.status = 'active'
           and exists (select 1 from worker_bank_card c where c.company_id = w.company_id and c.worker_id = w.id)
         order by w.id limit 60`,
  );
  const [left] = await queryRows<{ id: string | number }>(
    tx,
    sql`select id from worker where company_id = ${ids.xinghe} and status = 'left' order by id limit 1`,
  );
  const workers = payable.map((r) => Number(r.id));
  const period = chinaDateOf(now).slice(0, 7);
  const base = { serviceCompanyId: ids.service, channel: 'bank' as const, period, remark: '' };
  const batch = async (
    adminId: number,
    title: string,
    source: 'sheet' | 'workers',
    picked: number[],
    fen: (i: number) => number,
  ) => {
    const id = await insertBatch(tx, ids.xinghe, adminId, { ...base, title, source }, now);
    await addWorkerItems(
      tx,
      ids.xinghe,
      id,
      picked.map((workerId, i) => ({ workerId, amountFen: fen(i), remark: '' })),
    );
    return id;
  };

  // 待审批: made by hr, over the threshold, waiting for the owner or 财务.
  const big = await batch(ids.hr, `${period} 数据标注结算`, 'sheet', workers.slice(0, 20), (i) => 300_000 + i * 1_000);
  await runCheck(tx, ids.xinghe, big, now);
  await runSubmit(tx, payrollApprovalOutcomes, ids.xinghe, big, now);

  // 待支付: small enough to need no approval.
  const small = await batch(ids.demo, `${period} 客服加班费`, 'workers', workers.slice(20, 26), () => 80_000);
  await runCheck(tx, ids.xinghe, small, now);
  await runSubmit(tx, payrollApprovalOutcomes, ids.xinghe, small, now);

  // 核对中: one worker has left (the check says so).
  const failing = [...workers.slice(26, 30), ...(left ? [Number(left.id)] : [])];
  const checking = await batch(ids.hr, `${period} 内容审核劳务费`, 'sheet', failing, () => 120_000);
  await runCheck(tx, ids.xinghe, checking, now);

  // 草稿: items added, not checked yet.
  await batch(ids.hr, `${period} 软件测试外包`, 'workers', workers.slice(30, 35), () => 200_000);

  // 部分成功: last month's batch, paid through the sandbox's rules: one worker's card ends in 4
  // (卡号无效), so the item waits in 退款中心 with its money back in the balance.
  // What the sandbox provider was sent and decided, recorded in its books as it would have.
  const provided: { order: PayoutOrder; outcome: { status: 'succeeded' | 'failed'; reason: string } }[] = [];
  const sandboxOutcome = (order: PayoutOrder) => {
    const outcome = decideInSandbox(order);
    provided.push({ order, outcome });
    return outcome;
  };
  const cards = await queryRows<{ worker_id: string | number; enc: string }>(
    tx,
    sql`select c.worker_id, c.card_number_enc as enc from worker_bank_card c join worker w
          on w.company_id = c.company_id and w.id = c.worker_id
         where c.company_id = ${ids.xinghe} and w.status = 'active' and c.is_default
         order by c.worker_id offset 40 limit 200`,
  );
  const endsIn4 = cards.find((c) => cipher.decrypt(c.enc).endsWith('4'));
  const fine = cards.filter((c) => !cipher.decrypt(c.enc).endsWith('4')).slice(0, 7);
  const lastMonth = addMonths(period, -1);
  const paidIds = [...fine, ...(endsIn4 ? [endsIn4] : [])].map((c) => Number(c.worker_id));
  const paidBatch = await insertBatch(
    tx,
    ids.xinghe,
    ids.demo,
    {
      ...base,
      period: lastMonth,
      title: `${lastMonth} 数据标注劳务费`,
      source: 'workers',
    },
    now,
  );
  await addWorkerItems(
    tx,
    ids.xinghe,
    paidBatch,
    paidIds.map((workerId, i) => ({ workerId, amountFen: 260_000 + i * 5_000, remark: '' })),
  );
  await runCheck(tx, ids.xinghe, paidBatch, now);
  await runSubmit(tx, payrollApprovalOutcomes, ids.xinghe, paidBatch, now);
  await freezeAndQueue(tx, ids.xinghe, paidBatch);
  await settleBatchNow(tx, cipher, ids.xinghe, paidBatch, sandboxOutcome, now);
  await recordSettledPayouts(tx, provided.splice(0), now);
  // 对账's demo (ADR 0030): the sandbox's statement shows one of this batch's payouts with another
  // amount, so reconciling today holds it (对账中) and /ops 对账 has a difference to resolve.
  const [firstPaid] = await queryRows<{ ref: string }>(
    tx,
    sql`select ref from payout where company_id = ${ids.xinghe} and batch_id = ${paidBatch} and status = 'succeeded'
         order by id limit 1`,
  );
  if (firstPaid) await injectStatementFault(tx, firstPaid.ref, 'amount');

  // A year's history for the charts and 首页: one paid batch a month, from eleven months ago to
  // last month, of workers whose cards the sandbox pays (none ending in 4), each under the
  // approval threshold, paid on the 15th of its month. (The 部分成功 batch above is paid now, in
  // this month: with it every one of the last twelve months has payouts.)
  const paysWell = cards.filter((c) => !cipher.decrypt(c.enc).endsWith('4')).map((c) => Number(c.worker_id));
  // Titles of their own: the e2e tiers find this month's and last month's batches by name.
  const HISTORY_TITLES = ['客服外包结算', '地推活动兼职费', '仓储分拣劳务费', '直播运营劳务费', '活动执行劳务费'];
  for (let back = 11; back >= 1; back--) {
    const month = addMonths(period, -back);
    const at = new Date(`${month}-15T10:00:00+08:00`);
    const size = 8 + ((back * 5) % 11);
    const start = (back * 13) % Math.max(1, paysWell.length - size);
    const id = await insertBatch(
      tx,
      ids.xinghe,
      ids.demo,
      { ...base, period: month, title: `${month} ${HISTORY_TITLES[back % HISTORY_TITLES.length]}`, source: 'workers' },
      at,
    );
    await addWorkerItems(
      tx,
      ids.xinghe,
      id,
      paysWell
        .slice(start, start + size)
        .map((workerId, i) => ({ workerId, amountFen: 80_000 + ((i * 37 + back * 11) % 17) * 10_000, remark: '' })),
    );
    await runCheck(tx, ids.xinghe, id, at);
    await runSubmit(tx, payrollApprovalOutcomes, ids.xinghe, id, at);
    await freezeAndQueue(tx, ids.xinghe, id);
    await settleBatchNow(tx, cipher, ids.xinghe, id, sandboxOutcome, at);
    await recordSettledPayouts(tx, provided.splice(0), at);
    // Made in its month, as lists order batches by when they were made.
    await tx.update(payrollBatch).set({ createdAt: at, updatedAt: at }).where(eq(payrollBatch.id, id));
  }

  // 已取消.
  const cancelled = await batch(
    ids.demo,
    `${period} 市场活动兼职（重复提交）`,
    'workers',
    workers.slice(35, 38),
    () => 50_000,
  );
  await runCancel(tx, ids.xinghe, cancelled, '与另一批次重复，作废', now);
}
