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

export interface SigningProvider {
  /** Sends the request to the signer; answers the provider's reference. Sending a ref again sends nothing new. */
  send(request: SigningRequest): Promise<{ providerRef: string }>;
  /** The signed document of a request once the signer has signed; undefined while they have not. */
  fetchSigned(providerRef: string): Promise<SignedDocument | undefined>;
  /** Called when a signer has signed (the provider's callback): our ref and the provider's. */
  onSigned(listener: (signed: { ref: string; providerRef: string }) => Promise<void>): void;
}
