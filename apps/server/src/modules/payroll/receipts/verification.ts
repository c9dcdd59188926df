/**
 * 回单验真 (issue 42, ADR 0029): anyone holding a receipt's verification code, without signing in,
 * learns what the receipt proves (masked) and the SHA-256 of its PDF as issued. A code leads to
 * that receipt alone; a malformed code, a wrong one and one never issued get the same answer;
 * each client address may check `RECEIPT_CHECK_LIMIT` codes in `RECEIPT_CHECK_WINDOW_MS`.
 * The lookup crosses companies: its caller runs it in the platform's scope.
 */
import {
  Code,
  normalizeReceiptCode,
  RECEIPT_CHECK_LIMIT,
  RECEIPT_CHECK_WINDOW_MS,
  RECEIPT_CODE_NOT_FOUND,
  receiptNo,
  type TReceipt,
  type TReceiptVerification,
} from '@flexpay/contract';
import type { ServiceContext } from '../../../core/context.ts';
import { AppError } from '../../../lib/errors.ts';
import * as repo from './repo.ts';

/** The payee's name with all but its first character hidden: 张三 -> 张*, 欧阳娜娜 -> 欧***. */
export const maskPayeeName = (name: string) => {
  const chars = [...name];
  return chars.length <= 1 ? '*' : `${chars[0]}${'*'.repeat(chars.length - 1)}`;
};

/**
 * Checks a typed code from `ip`: the receipt it names, or 40400 with one message for any code
 * that names none. Every check counts towards the address's limit (42900 beyond it).
 */
export async function verifyReceiptCode(
  ctx: ServiceContext,
  typed: string,
  ip: string,
): Promise<{ payoutId: number; verification: TReceiptVerification }> {
  const now = ctx.now();
  const checks = await repo.countReceiptChecks(ctx.db, ip, new Date(now.getTime() - RECEIPT_CHECK_WINDOW_MS));
  if (checks >= RECEIPT_CHECK_LIMIT) {
    throw new AppError(
      Code.TOO_MANY_REQUESTS,
      `验真次数过多，请 ${Math.round(RECEIPT_CHECK_WINDOW_MS / 60_000)} 分钟后再试`,
    );
  }
  const code = normalizeReceiptCode(typed);
  const found = code ? await repo.findReceiptsByCode(ctx.db, code) : [];
  // Only a succeeded payout has a receipt; a code found twice names no receipt for sure.
  const row = found.length === 1 && found[0]?.status === 'succeeded' ? found[0] : undefined;
  await repo.insertReceiptCheck(ctx.db, { ip, found: row !== undefined, at: now });
  if (!row) throw new AppError(Code.NOT_FOUND, RECEIPT_CODE_NOT_FOUND);
  const paidAt = (row.settledAt ?? row.createdAt).toISOString();
  return {
    payoutId: row.payoutId,
    verification: {
      receiptNo: receiptNo(row.payoutId, paidAt),
      payerName: row.payerName,
      clientName: row.clientName,
      payeeNameMasked: maskPayeeName(row.holderName),
      channel: row.channel as TReceipt['channel'],
      accountMasked: row.accountMasked,
      amountFen: row.netFen,
      paidAt,
      status: 'paid',
      sha256: row.issued.sha256,
      issuedAt: row.issued.issuedAt.toISOString(),
    },
  };
}

/** Hourly upkeep: the checks older than the limit's window count no more, so they go. */
export function forgetOldReceiptChecks(ctx: ServiceContext): Promise<number> {
  return repo.deleteReceiptChecksBefore(ctx.db, new Date(ctx.now().getTime() - RECEIPT_CHECK_WINDOW_MS));
}
