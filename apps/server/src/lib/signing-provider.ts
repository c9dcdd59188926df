/**
 * The e-signing provider port (签约, issue 43, ADR 0031): a service company's agreement sent to a
 * worker to sign (the provider reaches them: an SMS with a code and a link), and the signed PDF
 * it hands back. Pure types; the sandbox is modules/signing-sandbox.
 */

export interface SigningRequest {
  /** Our key of the request (the provider dedupes by it and names it when it is signed). */
  ref: string;
  signerName: string;
  signerMobile: string;
  documentTitle: string;
  /** The template's PDF as the worker is to sign it. */
  document: Uint8Array;
}

export interface SignedDocument {
  ref: string;
  providerRef: string;
  /** The signed PDF (the document with the provider's signature page). */
  pdf: Uint8Array;
  signedAt: Date;
}

/** The provider's answer to a request sent. */
export type SendAnswer =
  | { providerRef: string; outcome: 'sent' }
  /** Refused (its reason in Chinese, e.g. 手机号无法接收短信): nothing reaches the signer. */
  | { providerRef: string; outcome: 'failed'; reason: string };

export interface SigningProvider {
  /** The requests a second the provider's contract allows; callers pace themselves under it. */
  readonly ratePerSecond: number;
  /**
   * Sends the request to the signer; answers the provider's reference, or its refusal. Sending a
   * ref again sends nothing new and answers as the first time. Throws SigningUnavailableError
   * when the provider is down or over its rate: nothing was sent then.
   */
  send(request: SigningRequest): Promise<SendAnswer>;
  /** The signed document of a request once the signer has signed; undefined while they have not. */
  fetchSigned(providerRef: string): Promise<SignedDocument | undefined>;
  /** Called when a signer has signed (the provider's callback): our ref and the provider's. */
  onSigned(listener: (signed: { ref: string; providerRef: string }) => Promise<void>): void;
  /** Called when a request sent fails afterwards (the signer declined, it expired): with the reason. */
  onFailed(listener: (failed: { ref: string; providerRef: string; reason: string }) => Promise<void>): void;
}

/** The provider is down or refused the request's rate: try again later, nothing was sent. */
export class SigningUnavailableError extends Error {
  constructor(message = '电子签约服务暂不可用') {
    super(message);
    this.name = 'SigningUnavailableError';
  }
}
