/**
 * The real-name verification provider port (实名认证, issue 43, ADR 0031): a worker's name and ID
 * number (二要素), or name, ID number and bank card (三要素), checked against the issuer's records.
 * Pure types; the sandbox provider is modules/identity-sandbox.
 *
 * The ID and card numbers travel only in a request to the provider: never into a log line, an
 * error message or a stored answer.
 */

export interface IdentityCheck {
  /** Our key of the check (the provider dedupes by it and names it in its answer). */
  ref: string;
  name: string;
  idNumber: string;
  /** The default bank card's full number: 三要素 when present, else 二要素. */
  bankCardNo?: string | undefined;
}

export type IdentityAnswer =
  | { ref: string; outcome: 'verified'; providerRef: string }
  /** The provider's reason, in Chinese (姓名与身份证号不一致, 银行卡与身份信息不符, ...). */
  | { ref: string; outcome: 'failed'; providerRef: string; reason: string }
  /** The provider could not decide this one now (its source is away): ask again later. */
  | { ref: string; outcome: 'unavailable' };

export interface IdentityProvider {
  /** The most checks one request may carry. */
  readonly maxBatch: number;
  /** The checks a second the provider's contract allows; callers pace themselves under it. */
  readonly ratePerSecond: number;
  /**
   * Answers every check of the list, in any order. Throws ProviderUnavailableError when the
   * provider is down or refuses the rate; nothing is decided then.
   */
  verify(checks: readonly IdentityCheck[]): Promise<IdentityAnswer[]>;
}

/** The provider is down, timed out or refused the request's rate: retry later, nothing decided. */
export class ProviderUnavailableError extends Error {
  constructor(message = '实名认证服务暂不可用') {
    super(message);
    this.name = 'ProviderUnavailableError';
  }
}
