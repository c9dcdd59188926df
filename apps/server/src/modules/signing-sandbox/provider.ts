/**
 * The sandbox signing provider (the default `ctx.signingProvider`, issue 43, ADR 0031): `send`
 * texts the signer a six-digit code and a link (through the app's SmsSender, the outbox in
 * development) unless its rules (rules.ts) refuse the request; following the link with the code
 * (`follow`, the sandbox area's public route) signs (the document gets a signature page,
 * lib/contract-signature-pdf.ts) or, by the rules, declines; the listeners hear of either, as a
 * real provider's callback would tell us. Its books are tables of its own (repo.ts), so a link sent
 * by one process signs through another and after a restart. It holds to its rate like a real
 * provider's contract: a request beyond it is refused (SigningUnavailableError).
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { SmsSender } from '../../core/sms.ts';
import type { DbOrTx } from '../../db/client.ts';
import { appendSignaturePage } from '../../lib/contract-signature-pdf.ts';
import { SigningUnavailableError, type SendAnswer, type SigningProvider } from '../../lib/signing-provider.ts';
import * as repo from './repo.ts';
import { sandboxFollowOutcome, sandboxSendOutcome } from './rules.ts';

export interface SandboxSigningProvider extends SigningProvider {
  /** Follows the SMS's link with the code typed: signs, or answers why not (in Chinese). */
  follow(token: string, code: string): Promise<{ ok: true; title: string } | { ok: false; message: string }>;
  /** The link and code of a request sent (tests and demo mode read what the SMS said). */
  linkOf(providerRef: string): Promise<{ token: string; code: string } | undefined>;
  /** Down: every send throws SigningUnavailableError until set back (tests). */
  down: boolean;
  /** The rate it holds to; tests may lower it. */
  ratePerSecond: number;
  /** Sends refused for their rate (a paced sender has none). */
  readonly refusedForRate: number;
}

/** The sandbox's reference of a request: the same ref gets the same reference (it dedupes by ref). */
export const sandboxSigningRef = (ref: string) =>
  `SS${createHash('sha256').update(ref).digest('hex').slice(0, 20).toUpperCase()}`;

export function createSandboxSigningProvider(options: {
  sms: SmsSender;
  db: DbOrTx;
  publicUrl: string;
  now: () => Date;
  /** The path of the sandbox's link, with `:token`. */
  linkPath: string;
  /** Requests a second the sandbox accepts (a one-second window); 50 by default. */
  ratePerSecond?: number;
}): SandboxSigningProvider {
  const signed: ((signed: { ref: string; providerRef: string }) => Promise<void>)[] = [];
  const failed: ((failed: { ref: string; providerRef: string; reason: string }) => Promise<void>)[] = [];
  const linkOf = (token: string) =>
    `${options.publicUrl.replace(/\/$/, '')}${options.linkPath.replace(':token', token)}`;
  let windowStart = 0;
  let inWindow = 0;
  let refusedForRate = 0;
  const answerOf = (row: repo.SandboxRequestRow): SendAnswer =>
    row.status === 'failed'
      ? { providerRef: row.providerRef, outcome: 'failed', reason: row.reason }
      : { providerRef: row.providerRef, outcome: 'sent' };

  const provider: SandboxSigningProvider = {
    ratePerSecond: options.ratePerSecond ?? 50,
    down: false,
    get refusedForRate() {
      return refusedForRate;
    },
    async send(request) {
      if (provider.down) throw new SigningUnavailableError('电子签约服务暂不可用（沙箱已停用）');
      const now = Date.now();
      if (now - windowStart >= 1_000) {
        windowStart = now;
        inWindow = 0;
      }
      if (inWindow + 1 > provider.ratePerSecond) {
        refusedForRate += 1;
        throw new SigningUnavailableError('超出每秒调用上限');
      }
      inWindow += 1;
      const known = await repo.findByRef(options.db, request.ref);
      if (known) return answerOf(known);
      const outcome = sandboxSendOutcome(request);
      const documentSha256 = createHash('sha256').update(request.document).digest('hex');
      await repo.keepDocument(options.db, documentSha256, request.document);
      const row = await repo.insertRequest(options.db, {
        ref: request.ref,
        providerRef: sandboxSigningRef(request.ref),
        token: randomBytes(16).toString('base64url'),
        code: String(randomInt(0, 1_000_000)).padStart(6, '0'),
        signerName: request.signerName.slice(0, 50),
        signerMobile: request.signerMobile.slice(0, 20),
        documentTitle: request.documentTitle.slice(0, 100),
        documentSha256,
        status: outcome.ok ? 'sent' : 'failed',
        reason: outcome.ok ? '' : outcome.reason,
      });
      // Another process sent the same ref first: its answer stands, and its SMS went out.
      if (!row.inserted) return answerOf(row);
      if (outcome.ok) {
        try {
          await options.sms.send(
            {
              mobile: request.signerMobile,
              content: `【灵工平台】${request.signerName}您好，请签署《${request.documentTitle}》，验证码 ${row.code}，签署链接 ${linkOf(row.token)}`,
              purpose: 'sign',
              ip: '',
            },
            options.db,
          );
        } catch (err) {
          // Not sent: the request is forgotten, so sending the ref again texts the signer.
          await repo.deleteRequest(options.db, row.ref);
          throw err;
        }
      }
      return answerOf(row);
    },
    async fetchSigned(providerRef) {
      const row = await repo.findSigned(options.db, providerRef);
      return row && { ref: row.ref, providerRef, pdf: row.pdf, signedAt: row.signedAt };
    },
    onSigned(listener) {
      signed.push(listener);
    },
    onFailed(listener) {
      failed.push(listener);
    },
    async linkOf(providerRef) {
      const row = await repo.findByProviderRef(options.db, providerRef);
      return row && { token: row.token, code: row.code };
    },
    async follow(token, code) {
      const row = await repo.findByToken(options.db, token);
      if (!row) return { ok: false, message: '签署链接无效或已过期' };
      if (row.status === 'signed') return { ok: true, title: row.documentTitle };
      if (row.status === 'failed') return { ok: false, message: `签署未完成：${row.reason}` };
      if (row.code !== code.trim()) return { ok: false, message: '验证码错误' };
      const decided = sandboxFollowOutcome(row);
      if (!decided.sign) {
        if (await repo.markFailed(options.db, row.ref, decided.reason)) {
          for (const listener of failed) {
            await listener({ ref: row.ref, providerRef: row.providerRef, reason: decided.reason });
          }
        }
        return { ok: false, message: `已拒绝签署《${row.documentTitle}》` };
      }
      const document = await repo.readDocument(options.db, row.documentSha256);
      if (!document) return { ok: false, message: '签署文件不存在' };
      const signedAt = options.now();
      const pdf = await appendSignaturePage(document, {
        contractNo: row.ref,
        title: row.documentTitle,
        companyName: row.signerName,
        serviceCompanyName: '（沙箱电子签约）',
        signerName: row.signerName,
        methodLabel: '短信验证码',
        signedAt,
        originalSha256: row.documentSha256,
      });
      // Only the first follow signs; a second one (another tab, another process) sees it signed.
      if (await repo.markSigned(options.db, row.ref, pdf, signedAt)) {
        for (const listener of signed) await listener({ ref: row.ref, providerRef: row.providerRef });
      }
      return { ok: true, title: row.documentTitle };
    },
  };
  return provider;
}
