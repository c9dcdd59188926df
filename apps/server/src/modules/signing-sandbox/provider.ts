/**
 * The sandbox signing provider (the default `ctx.signingProvider`, issue 43): `send` texts the
 * signer a six-digit code and a link (through the app's SmsSender, the outbox in development);
 * following the link with the code (`follow`, the sandbox area's public route) signs: the
 * document gets a signature page (lib/contract-signature-pdf.ts) and the listeners hear of it,
 * as a real provider's callback would tell us. Its requests live in memory: a restart forgets
 * the unsigned ones, which 发起签约 sends again.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { SmsSender } from '../../core/sms.ts';
import type { DbOrTx } from '../../db/client.ts';
import { appendSignaturePage } from '../../lib/contract-signature-pdf.ts';
import type { SignedDocument, SigningProvider, SigningRequest } from '../../lib/signing-provider.ts';

interface SandboxRequest {
  request: SigningRequest;
  providerRef: string;
  token: string;
  code: string;
  signed?: SignedDocument;
}

export interface SandboxSigningProvider extends SigningProvider {
  /** Follows the SMS's link with the code typed: signs, or answers why not (in Chinese). */
  follow(token: string, code: string): Promise<{ ok: true; title: string } | { ok: false; message: string }>;
  /** The link and code of a request sent (tests and demo mode read what the SMS said). */
  linkOf(providerRef: string): { token: string; code: string } | undefined;
}

export function createSandboxSigningProvider(options: {
  sms: SmsSender;
  db: DbOrTx;
  publicUrl: string;
  now: () => Date;
  /** The path of the sandbox's link, with `:token`. */
  linkPath: string;
}): SandboxSigningProvider {
  const byRef = new Map<string, SandboxRequest>();
  const byProviderRef = new Map<string, SandboxRequest>();
  const byToken = new Map<string, SandboxRequest>();
  const listeners: ((signed: { ref: string; providerRef: string }) => Promise<void>)[] = [];
  const linkOf = (token: string) =>
    `${options.publicUrl.replace(/\/$/, '')}${options.linkPath.replace(':token', token)}`;

  return {
    async send(request) {
      const known = byRef.get(request.ref);
      if (known) return { providerRef: known.providerRef };
      const providerRef = `SS${createHash('sha256').update(request.ref).digest('hex').slice(0, 20).toUpperCase()}`;
      const entry: SandboxRequest = {
        request,
        providerRef,
        token: randomBytes(16).toString('base64url'),
        code: String(randomInt(0, 1_000_000)).padStart(6, '0'),
      };
      await options.sms.send(
        {
          mobile: request.signerMobile,
          content: `【灵工平台】${request.signerName}您好，请签署《${request.documentTitle}》，验证码 ${entry.code}，签署链接 ${linkOf(entry.token)}`,
          purpose: 'sign',
          ip: '',
        },
        options.db,
      );
      byRef.set(request.ref, entry);
      byProviderRef.set(providerRef, entry);
      byToken.set(entry.token, entry);
      return { providerRef };
    },
    async fetchSigned(providerRef) {
      return byProviderRef.get(providerRef)?.signed;
    },
    onSigned(listener) {
      listeners.push(listener);
    },
    linkOf(providerRef) {
      const e = byProviderRef.get(providerRef);
      return e && { token: e.token, code: e.code };
    },
    async follow(token, code) {
      const entry = byToken.get(token);
      if (!entry) return { ok: false, message: '签署链接无效或已过期' };
      if (entry.signed) return { ok: true, title: entry.request.documentTitle };
      if (entry.code !== code.trim()) return { ok: false, message: '验证码错误' };
      const signedAt = options.now();
      const pdf = await appendSignaturePage(entry.request.document, {
        contractNo: entry.request.ref,
        title: entry.request.documentTitle,
        companyName: entry.request.signerName,
        serviceCompanyName: '（沙箱电子签约）',
        signerName: entry.request.signerName,
        methodLabel: '短信验证码',
        signedAt,
        originalSha256: createHash('sha256').update(entry.request.document).digest('hex'),
      });
      entry.signed = { ref: entry.request.ref, providerRef: entry.providerRef, pdf, signedAt };
      for (const listener of listeners) await listener({ ref: entry.request.ref, providerRef: entry.providerRef });
      return { ok: true, title: entry.request.documentTitle };
    },
  };
}
