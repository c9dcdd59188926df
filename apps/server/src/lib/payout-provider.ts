/**
 * The payout provider port (issue 18): where a payout is sent, and how its outcome comes back (a
 * signed callback, and a query for reconciliation). Pure types and the callback signature.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface PayoutOrder {
  /** Our key of the payout: the provider names it in its callback and answers queries by it. */
  ref: string;
  channel: 'bank' | 'alipay';
  /** The full account number (bank card or Alipay account). */
  accountNo: string;
  holderName: string;
  amountFen: number;
}

export interface PayoutOutcome {
  status: 'processing' | 'succeeded' | 'failed';
  /** The provider's reason of a failure, in Chinese. */
  reason: string;
}

export interface PayoutProvider {
  /**
   * Accepts payouts, a list at a time (a real provider's batch order): submitting a ref again
   * changes nothing (the provider dedupes).
   */
  submit(orders: readonly PayoutOrder[]): Promise<void>;
  /** What the provider knows of these payouts, by ref; a ref it never received is absent. */
  query(refs: readonly string[]): Promise<Map<string, PayoutOutcome>>;
}

/**
 * One result of a callback. A callback's body is one result, or `{ results: [...] }` (a batch
 * notification); either way the body is signed as a whole.
 */
export interface CallbackResult {
  ref: string;
  status: 'succeeded' | 'failed';
  reason: string;
  settledAt: string;
}

/** Callbacks older or newer than this are refused (replays, skewed clocks). */
export const CALLBACK_MAX_SKEW_MS = 5 * 60_000;
export const SIGNATURE_HEADER = 'x-payout-signature';
export const TIMESTAMP_HEADER = 'x-payout-timestamp';

/** HMAC-SHA256 (hex) over `timestamp.body`. */
export function signCallback(secret: string, timestamp: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** Whether a callback is signed with the secret and its timestamp (ms) is recent. */
export function verifyCallback(
  secret: string,
  timestamp: string | undefined,
  signature: string | undefined,
  body: string,
  now: number,
): boolean {
  if (!timestamp || !signature || !/^\d{1,15}$/.test(timestamp) || !/^[0-9a-f]{64}$/.test(signature)) return false;
  if (Math.abs(now - Number(timestamp)) > CALLBACK_MAX_SKEW_MS) return false;
  const expected = Buffer.from(signCallback(secret, timestamp, body), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
