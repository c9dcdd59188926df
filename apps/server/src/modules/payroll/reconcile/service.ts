/**
 * 对账 (issue 42 point 1, ADR 0030): once a day per service company, the payout provider's signed
 * statement of what it settled that Beijing day is downloaded (its signature checked as it
 * streams to a temporary file), COPied into `reconcile_line` and matched to our payouts in SQL;
 * every difference is recorded and its payout held (对账异常: no callback, reconciliation, refund
 * or re-payment changes it), with what our books paid that the provider did not (or the reverse)
 * moved between payouts in transit and the suspense account by one balanced transfer. Operators
 * resolve a difference: the provider's statement is right (its facts are posted) or ours is (the
 * provider is asked again, the suspense reversed).
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { type TReconcileRunResult } from '@flexpay/contract';
import type { ServiceContext } from '../../../core/context.ts';
import { copyIn, isPostgres } from '../../../db/copy.ts';
import type { Tx } from '../../../db/client.ts';
import { chinaDateOf, chinaDay } from '../../../lib/china-time.ts';
import { invalidField, notFound } from '../../../lib/errors.ts';
import { STATEMENT_HEADER, statementVerifier, type PayoutStatement } from '../../../lib/payout-provider.ts';
import { StatementScan } from '../../../lib/statement-scan.ts';
import { postTransfers, type TransferInput } from '../../ledger/service.ts';
import { keepStatistics, SETTLEMENT_TABLES } from '../payouts/service.ts';
import { settlePayouts } from '../payouts/settlement.ts';
import * as repo from './repo.ts';

/** Days reconciled back from yesterday by the hourly job (a day missed while down is caught up). */
export const RECONCILE_LOOKBACK_DAYS = 3;

/** A statement that cannot be trusted: refused, recorded with why, and tried again later. */
export class StatementRefused extends Error {}

const BAD_SIGNATURE = '对账单签名校验失败，已拒绝';

export interface RunDayResult {
  outcome: 'done' | 'already' | 'refused';
  dayId: number | null;
  differenceCount: number;
  error: string | null;
}

/** What is read of a statement as its bytes go past: the signature, the SHA-256, the header, repeated ids. */
function reader(secret: string, day: string) {
  const verifier = statementVerifier(secret);
  const sha = createHash('sha256');
  const scan = new StatementScan(day);
  return {
    scan,
    async *tap(source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
      for await (const chunk of source) {
        // Handed on first, read after: the database parses this chunk while it is read here.
        yield chunk;
        verifier.update(chunk);
        sha.update(chunk);
        scan.update(chunk);
      }
      scan.end();
    },
    /** After the last byte: refuses a statement whose signature or header is wrong. */
    check(signature: string): string {
      if (!verifier.matches(signature)) throw new StatementRefused(BAD_SIGNATURE);
      if (scan.header !== STATEMENT_HEADER) throw new StatementRefused('对账单表头不正确，已拒绝');
      return sha.digest('hex');
    },
  };
}

/** What the scan can answer for SQL: the repeated ids, and the totals when every line was plain. */
const scanned = (scan: StatementScan) => ({
  duplicates: scan.quoted ? null : scan.duplicates(),
  totals: !scan.quoted && scan.plain ? { lines: scan.lines, fen: scan.fen, bad: scan.bad } : null,
});

/**
 * The statement downloaded to a temporary file and checked, before the transaction (PGlite: the
 * provider's books are read on the one connection the transaction would hold).
 */
async function download(statement: PayoutStatement, secret: string, day: string) {
  const dir = await mkdtemp(join(tmpdir(), 'flexpay-statement-'));
  const file = join(dir, 'statement.csv');
  try {
    const read = reader(secret, day);
    const out = createWriteStream(file);
    for await (const chunk of read.tap(statement.open())) if (!out.write(chunk)) await once(out, 'drain');
    out.end();
    await once(out, 'finish');
    return {
      dir,
      file,
      sha256: read.check(statement.signature),
      ...scanned(read.scan),
    };
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
}

/** A COPY refused by the database (a malformed line): its line number, in Chinese. */
function copyRefusal(err: unknown): StatementRefused | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !/^(22|23)/.test(code)) return undefined;
  const where = String((err as { where?: unknown }).where ?? (err as Error).message ?? '');
  const line = /line (\d+)/.exec(where)?.[1];
  return new StatementRefused(line ? `对账单第 ${line} 行格式错误，已拒绝` : '对账单格式错误，已拒绝');
}

/**
 * Reconciles one service company's Beijing day, exactly once: the day's row is taken in the
 * transaction that loads and matches the statement, so a second run (another process, the same
 * statement loaded twice) finds it done and changes nothing. A refused statement is recorded and
 * alerts the operators; the next run tries it again.
 */
export async function reconcileDay(ctx: ServiceContext, serviceCompanyId: number, day: string): Promise<RunDayResult> {
  const existing = await repo.findDayStatus(ctx.db, serviceCompanyId, day);
  if (existing?.status === 'done') return { outcome: 'already', dayId: existing.id, differenceCount: 0, error: null };
  const secret = ctx.config.payoutCallbackSecret;
  const statement = await ctx.payoutProvider.statement(serviceCompanyId, day);
  // PostgreSQL streams the statement into the COPY as it downloads (checked at its end, the
  // transaction rolled back if it is refused); PGlite downloads it first.
  const streamed = isPostgres(ctx.db);
  let downloaded: Awaited<ReturnType<typeof download>> | undefined;
  try {
    if (!streamed) downloaded = await download(statement, secret, day);
  } catch (err) {
    if (err instanceof StatementRefused) return refuse(ctx, serviceCompanyId, day, err.message);
    throw err;
  }
  const { start, end } = chinaDay(day);
  try {
    const result = await ctx.db.transaction(async (tx) => {
      const dayId = await repo.claimDay(tx, serviceCompanyId, day);
      if (dayId === undefined) return { outcome: 'already' as const, dayId: null, differenceCount: 0, settled: 0 };
      await repo.setLineDay(tx, dayId);
      const read = reader(secret, day);
      try {
        await copyIn(
          tx,
          'reconcile_line (provider_ref, ref, amount, status, settled_at)',
          'WITH (FORMAT csv, HEADER true)',
          downloaded ? createReadStream(downloaded.file, { highWaterMark: 256 * 1024 }) : read.tap(statement.open()),
        );
      } catch (err) {
        throw copyRefusal(err) ?? err;
      }
      const sha256 = downloaded ? downloaded.sha256 : read.check(statement.signature);
      const { duplicates, totals } = downloaded ?? scanned(read.scan);
      // A payout still open on our side is settled by its lines: the signed statement is the
      // provider's final word, like a late callback (a repeated line is then a 重复记录 of a
      // settled payout, as any other).
      const open = (await repo.hasOpenPayouts(tx, serviceCompanyId))
        ? await repo.openPayoutsNamed(tx, dayId, serviceCompanyId)
        : [];
      const settled = open.length
        ? (
            await settlePayouts(
              tx,
              open.map((o) => ({
                ref: o.ref,
                status: o.status,
                reason: o.status === 'failed' ? '对账单：支付失败' : '',
              })),
              ctx.now(),
            )
          ).filter((r) => r === 'settled').length
        : 0;
      const matched = await repo.matchDay(
        tx,
        dayId,
        serviceCompanyId,
        start,
        end,
        duplicates ?? (await repo.repeatedRefs(tx, dayId)),
        totals,
        // The scan kept every id of a streamed statement (PostgreSQL): the day's payouts the
        // statement lacks are looked up there rather than joined.
        !downloaded && read.scan.named ? read.scan : null,
        // Streamed means PostgreSQL: its pool has another connection for that scan.
        downloaded ? null : ctx.db,
      );
      if (matched.badLines > 0) throw new StatementRefused('对账单含有不属于该日的记录或无效的金额、状态，已拒绝');
      if (matched.tooMany)
        throw new StatementRefused(
          `对账单与平台记录的差异超过 ${repo.UNMATCHED_CAP.toLocaleString('en-US')} 笔，已拒绝，请核实对账单`,
        );
      const found = await differencesOf(
        tx,
        matched.unmatched,
        serviceCompanyId,
        await repo.previousDayId(tx, serviceCompanyId, day),
      );
      const differences = await repo.insertDifferences(tx, dayId, serviceCompanyId, found.differences);
      await quarantine(tx, serviceCompanyId, differences);
      await repo.finishDay(tx, dayId, {
        sha256,
        lineCount: matched.lines,
        matchedCount: matched.matchedCount + found.matchedCount,
        matchedFen: matched.matchedFen + found.matchedFen,
        differenceCount: differences.length,
      });
      await repo.forgetOldLines(tx, serviceCompanyId, day);
      return { outcome: 'done' as const, dayId, differenceCount: differences.length, settled };
    });
    if (result.settled) await keepStatistics(ctx.db, SETTLEMENT_TABLES);
    if (result.differenceCount)
      ctx.log.warn(
        { serviceCompanyId, day, differences: result.differenceCount },
        `对账发现 ${result.differenceCount} 笔差异，相关发放已挂起（对账异常）`,
      );
    return { outcome: result.outcome, dayId: result.dayId, differenceCount: result.differenceCount, error: null };
  } catch (err) {
    if (err instanceof StatementRefused) return refuse(ctx, serviceCompanyId, day, err.message);
    throw err;
  } finally {
    if (downloaded) await rm(downloaded.dir, { recursive: true, force: true });
  }
}

/**
 * The difference rules, for the refs the day's join left unmatched (few): a line whose payout
 * was settled another day (or by no payout of this service company) is looked up by ref; a
 * payout of the day the statement lacks may be on the day before's (settled just after
 * midnight). Kinds by precedence: we never sent it, a duplicate line, another status, another
 * amount; the provider never had it. The suspense is what our books paid less what the provider
 * paid.
 */
async function differencesOf(
  tx: Tx,
  unmatched: repo.UnmatchedRow[],
  serviceCompanyId: number,
  previousDayId: number | null,
) {
  const differences: repo.DifferenceToInsert[] = [];
  let matchedCount = 0;
  let matchedFen = 0;
  const elsewhere = new Map(
    (
      await repo.payoutsByRefs(
        tx,
        unmatched.filter((u) => u.payoutId === null).map((u) => u.ref),
      )
    ).map((p) => [p.ref, p]),
  );
  const onDayBefore = previousDayId
    ? await repo.refsOnDay(
        tx,
        previousDayId,
        unmatched.filter((u) => u.lines === 0).map((u) => u.ref),
      )
    : new Set<string>();
  for (const u of unmatched) {
    const providerSide = {
      providerRef: u.providerRef,
      providerStatus: u.statusMin === u.statusMax ? u.statusMin : 'mixed',
      providerAmountFen: u.amountFen,
      providerLines: u.lines,
      providerAt: u.at,
    };
    if (u.lines === 0) {
      if (onDayBefore.has(u.ref)) continue;
      differences.push({
        kind: 'missing_provider',
        ref: u.ref,
        payoutId: u.payoutId,
        ourStatus: u.ourStatus,
        ourAmountFen: u.ourNetFen,
        providerRef: null,
        providerStatus: null,
        providerAmountFen: null,
        providerLines: 0,
        providerAt: null,
        suspenseFen: u.ourStatus === 'succeeded' ? (u.ourNetFen ?? 0) : 0,
      });
      continue;
    }
    let ours: { id: number; status: string; netFen: number } | undefined =
      u.payoutId !== null ? { id: u.payoutId, status: u.ourStatus ?? '', netFen: u.ourNetFen ?? 0 } : undefined;
    if (!ours) {
      const p = elsewhere.get(u.ref);
      if (p?.reconcileHold) continue;
      if (p && p.serviceCompanyId === serviceCompanyId) ours = p;
    }
    if (!ours) {
      differences.push({
        kind: 'missing_ours',
        ref: u.ref,
        payoutId: null,
        ourStatus: null,
        ourAmountFen: null,
        ...providerSide,
        suspenseFen: -u.paidFen,
      });
      continue;
    }
    const kind =
      u.lines > 1
        ? 'duplicate'
        : u.statusMin !== u.statusMax || ours.status !== u.statusMin
          ? 'status'
          : u.amountFen !== ours.netFen
            ? 'amount'
            : null;
    if (!kind) {
      // Settled another day on our side (a late callback): it agrees.
      matchedCount++;
      matchedFen += u.amountFen ?? 0;
      continue;
    }
    differences.push({
      kind,
      ref: u.ref,
      payoutId: ours.id,
      ourStatus: ours.status,
      ourAmountFen: ours.netFen,
      ...providerSide,
      suspenseFen: (ours.status === 'succeeded' ? ours.netFen : 0) - u.paidFen,
    });
  }
  return { differences, matchedCount, matchedFen };
}

async function refuse(
  ctx: ServiceContext,
  serviceCompanyId: number,
  day: string,
  error: string,
): Promise<RunDayResult> {
  const dayId = await repo.refuseDay(ctx.db, serviceCompanyId, day, error);
  ctx.log.error({ serviceCompanyId, day }, `对账单被拒：${error}`);
  return { outcome: dayId ? 'refused' : 'already', dayId: dayId || null, differenceCount: 0, error };
}

/**
 * Holds the differences' payouts and moves what our books and the provider disagree on between
 * payouts in transit and the suspense account, one balanced transfer per difference: our paid
 * amount the provider did not pay goes to suspense, a payment the provider made that our books
 * lack comes out of it. Payouts in transit then hold what the provider paid.
 */
async function quarantine(tx: Tx, serviceCompanyId: number, differences: repo.NewDifference[]) {
  await repo.holdPayouts(
    tx,
    differences.flatMap((d) => (d.payoutId === null ? [] : [d.payoutId])),
  );
  await postTransfers(
    tx,
    differences
      .filter((d) => d.suspenseFen !== 0)
      .map((d): TransferInput => ({
        companyId: null,
        type: 'suspense',
        reference: { kind: 'reconcile_difference', id: d.id },
        memo: `对账挂账 ${d.ref}`,
        postings: [
          { account: { kind: 'payouts_in_transit', serviceCompanyId }, amountFen: -d.suspenseFen },
          { account: { kind: 'payout_suspense', serviceCompanyId }, amountFen: d.suspenseFen },
        ],
      })),
  );
}

/** The hourly job: every service company's days from yesterday back, oldest first, not yet done. */
export async function reconcileDueDays(ctx: ServiceContext): Promise<RunDayResult[]> {
  const today = chinaDateOf(ctx.now());
  const days: string[] = [];
  for (let back = RECONCILE_LOOKBACK_DAYS; back >= 1; back--)
    days.push(chinaDateOf(new Date(Date.parse(`${today}T12:00:00+08:00`) - back * 86_400_000)));
  const results: RunDayResult[] = [];
  for (const serviceCompanyId of await repo.serviceCompanyIds(ctx.db))
    for (const day of days) results.push(await reconcileDay(ctx, serviceCompanyId, day));
  return results;
}

// ---- /ops ----

export async function runReconcile(
  ctx: ServiceContext,
  body: { serviceCompanyId: number; day: string },
): Promise<TReconcileRunResult> {
  if (body.day > chinaDateOf(ctx.now())) throw invalidField('day', '对账日期不能晚于今天');
  if (!(await repo.serviceCompanyIds(ctx.db)).includes(body.serviceCompanyId)) throw notFound('服务商不存在');
  const r = await reconcileDay(ctx, body.serviceCompanyId, body.day);
  return { dayId: r.dayId, outcome: r.outcome, differenceCount: r.differenceCount, error: r.error };
}
