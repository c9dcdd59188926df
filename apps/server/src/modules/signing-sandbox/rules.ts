/**
 * What the sandbox signing provider answers (issue 43, ADR 0031). Pure and deterministic, so
 * tests and the demo reach every outcome by the signer they name:
 *
 * - a signer whose name contains 签约失败 is refused when sent: 签署人身份核验未通过;
 * - a signer whose mobile number ends 0000 is refused when sent: 手机号无法接收短信;
 * - a signer whose name contains 拒签 declines on the signing page (the link followed with the
 *   right code): 签署人拒绝签署;
 * - everyone else receives the SMS and signs by following its link with its code.
 *
 * A refusal when sent reaches nobody (no SMS); a decline is told to the provider's listeners, as a
 * real provider's callback would tell us.
 */

export interface SandboxSigner {
  signerName: string;
  signerMobile: string;
}

/** Whether the sandbox accepts a request when it is sent, or its reason for refusing it. */
export function sandboxSendOutcome(signer: SandboxSigner): { ok: true } | { ok: false; reason: string } {
  if (signer.signerName.includes('签约失败')) return { ok: false, reason: '签署人身份核验未通过' };
  if (signer.signerMobile.endsWith('0000')) return { ok: false, reason: '手机号无法接收短信' };
  return { ok: true };
}

/** What the signer does on the signing page once the code is right: signs, or declines with a reason. */
export function sandboxFollowOutcome(signer: SandboxSigner): { sign: true } | { sign: false; reason: string } {
  if (signer.signerName.includes('拒签')) return { sign: false, reason: '签署人拒绝签署' };
  return { sign: true };
}
