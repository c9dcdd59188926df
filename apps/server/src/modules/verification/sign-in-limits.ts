/**
 * The sign-in limits shared by the company sign-in and the operator console (DOMAIN section 1):
 * failures are counted in `login_attempt` per typed username (from any address), per username
 * and client IP, and per IP, whether the username exists or not, each realm apart. 3 failures on
 * the username or from the client ask for the image captcha; 5 from one client lock that client
 * out of that username (not the account everywhere); 30 from one IP make it wait.
 */
import { Code } from '@flexpay/contract';
import type { ServiceContext } from '../../core/context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { countRecentFailures, recordLoginAttempt, type SignInRealm } from './repo.ts';
import { checkCode } from './service.ts';

export type { SignInRealm } from './repo.ts';

export const LOGIN_WINDOW_MS = 15 * 60_000;
export const CAPTCHA_AFTER_FAILURES = 3;
export const LOCK_AFTER_FAILURES = 5;
export const LOCK_MS = 15 * 60_000;
/** Failures from one IP, across usernames, after which it must slow down. */
export const IP_FAILURE_LIMIT = 30;

/** The sign-in counters of one attempt: by username, by this client and username, by client. */
export interface FailureCounts {
  byUser: number;
  byClient: number;
  byIp: number;
}

export const formatTime = (d: Date) =>
  d.toLocaleTimeString('zh-CN', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'Asia/Shanghai' });

export async function countSignInFailures(ctx: ServiceContext, realm: SignInRealm, username: string, ip: string) {
  const since = new Date(ctx.now().getTime() - LOGIN_WINDOW_MS);
  const [byUser, byClient, byIp] = await Promise.all([
    countRecentFailures(ctx.db, realm, { username }, since),
    countRecentFailures(ctx.db, realm, { username, ip }, since),
    countRecentFailures(ctx.db, realm, { ip }, since),
  ]);
  return { byUser, byClient, byIp };
}

/**
 * The limits that hold before a password is even checked: this client is locked out of this
 * username after 5 failures (other clients are asked for the captcha instead), and a client
 * that failed 30 times in 15 minutes, whatever usernames, must wait.
 */
export async function enforceSignInLimits(
  ctx: ServiceContext,
  realm: SignInRealm,
  username: string,
  ip: string,
): Promise<FailureCounts> {
  const { byUser, byClient, byIp } = await countSignInFailures(ctx, realm, username, ip);
  if (byClient.failures >= LOCK_AFTER_FAILURES && byClient.lastFailureAt) {
    const until = new Date(byClient.lastFailureAt.getTime() + LOCK_MS);
    throw new AppError(Code.BAD_CREDENTIALS, `登录失败次数过多，账号已锁定，请于 ${formatTime(until)} 后重试`, {
      lockedUntil: until.toISOString(),
    });
  }
  if (byIp.failures >= IP_FAILURE_LIMIT) {
    throw new AppError(Code.TOO_MANY_REQUESTS, '登录尝试过于频繁，请 15 分钟后再试');
  }
  return { byUser: byUser.failures, byClient: byClient.failures, byIp: byIp.failures };
}

/** Whether the image captcha is asked for: after 3 failures on the username (from anywhere) or from the client. */
export const needsCaptcha = (n: FailureCounts, extra = 0) =>
  Math.max(n.byUser, n.byClient, n.byIp) + extra >= CAPTCHA_AFTER_FAILURES;

/** Ends the image captcha of this attempt, or refuses the attempt (40001, `captchaRequired`). */
export async function passCaptcha(
  ctx: ServiceContext,
  input: { token?: string | undefined; code?: string | undefined },
): Promise<void> {
  const captcha = await ctx.db.transaction((tx) =>
    checkCode(ctx, tx, { token: input.token, code: input.code, purpose: 'captcha', consume: true }),
  );
  if (captcha.result !== 'ok') {
    throw new AppError(
      Code.BAD_CREDENTIALS,
      captcha.result === 'missing' && !input.code ? '请输入图形验证码' : '图形验证码错误或已过期',
      { captchaRequired: true },
    );
  }
}

export function recordSignInAttempt(
  db: DbOrTx,
  attempt: { realm: SignInRealm; username: string; ip: string; success: boolean },
): Promise<void> {
  return recordLoginAttempt(db, attempt);
}
