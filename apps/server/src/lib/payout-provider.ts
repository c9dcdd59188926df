/**
 * The payout provider port (issue 18): where a payout is sent, and how its outcome comes back (a
 * signed callback, and a query for reconciliation), and the day's signed statement (对账单, issue
 * 42, ADR 0030). Pure types and the signatures.
 */
import { createHmac, timingSafeEqual, type Hmac } from 'node:crypto';

export interface PayoutOrder {
  /** Our key of the payout: the provider names it in its callback and answers queries by it. */
  ref: string;
  channel: 'bank' | 'alipay';
  /** The full account number (bank card or Alipay account). */
  accountNo: string;
  holderName: string;
  amountFen: number;
  /** The payer: the service company whose merchant account at the provider pays it. */
  serviceCompanyId: number;
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
  /**
   * The day's statement of one service company's merchant account (对账单): every payout the
   * provider settled that Beijing day, as a CSV file (STATEMENT_HEADER) and the HMAC-SHA256 of the
   * file's bytes (`signStatement`). The file is streamed: it may be large.
   */
  statement(serviceCompanyId: number, day: string): Promise<PayoutStatement>;
}

export interface PayoutStatement {
  /** Hex HMAC-SHA256 of the file's bytes with the shared secret. */
  signature: string;
  /** The file's bytes, in order; may be opened more than once. */
  open(): AsyncIterable<Uint8Array>;
}

/**
 * The statement's columns: the provider's reference, our order id (the payout's ref), the amount
 * in yuan with two decimals, succeeded | failed, and the settle time (ISO 8601 with its offset).
 */
export const STATEMENT_HEADER = 'provider_ref,order_ref,amount,status,settled_at';

/** The signature of a statement file: HMAC-SHA256 (hex) of its bytes. */
export function signStatement(secret: string, file: Uint8Array | string): string {
  return createHmac('sha256', secret).update(file).digest('hex');
}

/** A statement's signature computed as its bytes go past (`update` each chunk, then `digest('hex')`). */
export function statementSigner(secret: string): Hmac {
  return createHmac('sha256', secret);
}

/** A statement's signature checked as its bytes stream past: `update` each chunk, then `matches`. */
export function statementVerifier(secret: string): {
  update(chunk: Uint8Array): void;
  matches(signature: string): boolean;
} {
  const hmac = statementSigner(secret);
  return {
    update: (chunk) => void hmac.update(chunk),
    matches(signature) {
      if (!/^[0-9a-f]{64}$/.test(signature)) return false;
      return timingSafeEqual(hmac.digest(), Buffer.from(signature, 'hex'));
    },
  };
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
