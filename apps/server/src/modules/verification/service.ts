import { randomInt } from 'node:crypto';
import { Code, maskMobile } from '@flexpay/contract';
import type { ServiceContext } from '../../core/context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { hashSecret, safeEqual } from '../../lib/crypto.ts';
import { AppError, invalidField } from '../../lib/errors.ts';
import { generateTotpSecret, totpProvisioningUri, totpStepOf } from '../../lib/totp.ts';
import {
  claimTotpStep,
  countFailedAttempt,
  lastTotpStep,
  findLiveVerification,
  insertVerification,
  smsStats,
  updateVerification,
  type VerificationRow,
} from './repo.ts';

export const CAPTCHA_TTL_MS = 5 * 60_000;
export const SMS_CODE_TTL_MS = 5 * 60_000;
export const SMS_RESEND_SECONDS = 60;
export const SMS_DAILY_LIMIT_PER_MOBILE = 10;
export const SMS_DAILY_LIMIT_PER_IP = 30;
export const MAX_CODE_ATTEMPTS = 5;
export const TOTP_SETUP_TTL_MS = 10 * 60_000;

const SMS_PURPOSE_TEXT: Record<string, string> = {
  login: '登录',
  verify: '身份验证',
  mobile_old: '更换手机号（原手机号验证）',
  mobile_new: '更换手机号（新手机号验证）',
  pay: '支付确认',
  contract_sign: '合同签署',
};

const codeHash = (ctx: ServiceContext, code: string) => hashSecret(ctx.config.jwtSecret, code.trim().toUpperCase());

export async function createImageCaptcha(ctx: ServiceContext, ip: string): Promise<{ token: string; svg: string }> {
  const { text, svg } = ctx.captcha();
  const token = await insertVerification(ctx.db, {
    purpose: 'captcha',
    channel: 'captcha',
    codeHash: codeHash(ctx, text),
    expiresAt: new Date(ctx.now().getTime() + CAPTCHA_TTL_MS),
    ip,
  });
  return { token, svg };
}

/**
 * Sends an SMS code, enforcing 60 s between sends and the daily limits per mobile and per IP.
 * Throws 42900 with the wait in the message when a limit is hit.
 */
export async function sendSmsCode(
  ctx: ServiceContext,
  db: DbOrTx,
  input: { mobile: string; purpose: string; ip: string; verificationId?: string; adminId?: number | null },
): Promise<{ token: string; mobile: string; resendAfterSeconds: number; demoCode: string | null }> {
  const now = ctx.now();
  const dayAgo = new Date(now.getTime() - 24 * 3600_000);
  const byMobile = await smsStats(db, { mobile: input.mobile }, dayAgo);
  if (byMobile.last) {
    const wait = SMS_RESEND_SECONDS - Math.floor((now.getTime() - byMobile.last.getTime()) / 1000);
    if (wait > 0) throw new AppError(Code.TOO_MANY_REQUESTS, `验证码发送过于频繁，请 ${wait} 秒后再试`);
  }
  if (byMobile.sent >= SMS_DAILY_LIMIT_PER_MOBILE) {
    throw new AppError(Code.TOO_MANY_REQUESTS, '该手机号今日接收验证码次数已达上限，请明天再试');
  }
  const byIp = await smsStats(db, { ip: input.ip }, dayAgo);
  if (byIp.sent >= SMS_DAILY_LIMIT_PER_IP) {
    throw new AppError(Code.TOO_MANY_REQUESTS, '当前网络今日发送验证码次数已达上限，请明天再试');
  }

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const values = {
    codeHash: codeHash(ctx, code),
    attempts: 0,
    lastSentAt: now,
    expiresAt: new Date(now.getTime() + SMS_CODE_TTL_MS),
  };
  let token = input.verificationId;
  if (token) {
    await updateVerification(db, token, values);
  } else {
    token = await insertVerification(db, {
      ...values,
      purpose: input.purpose,
      channel: 'sms',
      adminId: input.adminId ?? null,
      mobile: input.mobile,
      ip: input.ip,
    });
  }
  const text = SMS_PURPOSE_TEXT[input.purpose] ?? '身份验证';
  await ctx.sms.send(
    {
      mobile: input.mobile,
      content: `【灵活用工平台】您的${text}验证码为 ${code}，5 分钟内有效。如非本人操作，请忽略本短信。`,
      purpose: input.purpose,
      ip: input.ip,
    },
    db,
  );
  return {
    token,
    mobile: maskMobile(input.mobile),
    resendAfterSeconds: SMS_RESEND_SECONDS,
    // Demo mode only, as the demo's captcha is readable: a caller whose screen shows it (the pay
    // form) may hand it on; routes whose answer schema has no such field drop it.
    demoCode: ctx.config.demoMode ? code : null,
  };
}

/** `used`: a right authenticator code whose time step was already used for this purpose. */
export type CheckResult = 'ok' | 'wrong' | 'missing' | 'used';

/** The answer to an authenticator code given a second time. */
export const TOTP_CODE_USED = '该动态码已使用，请等待下一个动态码';

/**
 * Checks a code against a live challenge of the expected purpose (and admin, when given).
 * Wrong codes count; the fifth wrong code ends the challenge. `consume` ends it on success.
 */
export async function checkCode(
  ctx: ServiceContext,
  db: DbOrTx,
  input: {
    token: string | undefined;
    code: string | undefined;
    purpose: string;
    adminId?: number;
    consume: boolean;
    /** For TOTP sign-in challenges: the admin's secret (base32). */
    totpSecret?: string | null;
  },
): Promise<{ result: CheckResult; row?: VerificationRow }> {
  if (!input.token || !input.code) return { result: 'missing' };
  const now = ctx.now();
  const row = await findLiveVerification(db, input.token, now);
  if (!row || row.purpose !== input.purpose || (input.adminId !== undefined && row.adminId !== input.adminId)) {
    return { result: 'missing' };
  }
  if (row.attempts >= MAX_CODE_ATTEMPTS) {
    await updateVerification(db, row.id, { consumedAt: now });
    return { result: 'missing' };
  }
  let ok: boolean;
  if (row.channel === 'totp') {
    const secret = row.secret ? ctx.cipher.decrypt(row.secret) : input.totpSecret;
    const step = secret ? totpStepOf(secret, input.code.trim(), now.getTime()) : null;
    ok = step !== null;
    // The admin's own authenticator (sign-in): each code once. A set-up secret is new, and its
    // challenge is ended by its use.
    if (step !== null && !row.secret && row.adminId !== null) {
      const fresh = await claimTotpStep(db, { adminId: row.adminId, purpose: row.purpose, step, now });
      if (!fresh) return { result: 'used', row };
    }
  } else {
    ok = !!row.codeHash && safeEqual(row.codeHash, codeHash(ctx, input.code));
  }
  if (!ok) {
    await countFailedAttempt(db, row.id);
    return { result: 'wrong', row };
  }
  if (input.consume) await updateVerification(db, row.id, { consumedAt: now });
  return { result: 'ok', row };
}

/**
 * An authenticator code of an admin's own secret, used once per purpose (`verify`, `pay`):
 * answers the code's time step, or null for a wrong code; throws 40000 at `field` when the step
 * was already used. `claimTotpCode` then records the use, inside the action's transaction.
 */
export async function checkTotpCode(
  ctx: ServiceContext,
  db: DbOrTx,
  input: { adminId: number; purpose: string; secret: string; code: string; field: string },
): Promise<number | null> {
  const step = totpStepOf(input.secret, input.code.trim(), ctx.now().getTime());
  if (step === null) return null;
  const last = await lastTotpStep(db, input.adminId, input.purpose);
  if (last !== null && last >= step) throw invalidField(input.field, TOTP_CODE_USED);
  return step;
}

/** Records the use of a TOTP step (see `checkTotpCode`); a concurrent use of the same step makes this one fail. */
export async function claimTotpCode(
  ctx: ServiceContext,
  db: DbOrTx,
  input: { adminId: number; purpose: string; step: number; field: string },
): Promise<void> {
  if (!(await claimTotpStep(db, { adminId: input.adminId, purpose: input.purpose, step: input.step, now: ctx.now() })))
    throw invalidField(input.field, TOTP_CODE_USED);
}

/** A TOTP challenge row for the second step of sign-in (the code is checked against the admin's secret). */
export async function createTotpChallenge(ctx: ServiceContext, db: DbOrTx, adminId: number, ip: string) {
  return insertVerification(db, {
    purpose: 'login',
    channel: 'totp',
    adminId,
    expiresAt: new Date(ctx.now().getTime() + SMS_CODE_TTL_MS),
    ip,
  });
}

/** A new TOTP secret for an admin to add to an authenticator app, held until confirmed with a code. */
export async function createTotpSetup(
  ctx: ServiceContext,
  input: { adminId: number; account: string; issuer: string; ip: string },
): Promise<{ token: string; secret: string; uri: string }> {
  const secret = generateTotpSecret();
  const token = await insertVerification(ctx.db, {
    purpose: 'totp_setup',
    channel: 'totp',
    adminId: input.adminId,
    secret: ctx.cipher.encrypt(secret),
    expiresAt: new Date(ctx.now().getTime() + TOTP_SETUP_TTL_MS),
    ip: input.ip,
  });
  return { token, secret, uri: totpProvisioningUri(secret, input.account, input.issuer) };
}

/**
 * Ends challenges that were checked (without consuming) before a change, inside the change's
 * transaction; a challenge already used by a concurrent request makes the change fail.
 */
export async function consumeVerifications(ctx: ServiceContext, db: DbOrTx, ids: string[]) {
  const now = ctx.now();
  for (const id of ids) {
    const row = await findLiveVerification(db, id, now);
    if (!row) throw new AppError(Code.CONFLICT, '验证码已被使用，请重新获取');
    await updateVerification(db, id, { consumedAt: now });
  }
}

// ---- For other modules ----

/** A challenge still open (not used, not expired), by its token: the sign-in's SMS step resends its code. */
export function findOpenChallenge(db: DbOrTx, token: string, now: Date) {
  return findLiveVerification(db, token, now);
}
