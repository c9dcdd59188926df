import { randomUUID } from 'node:crypto';
import { BusinessCode, Code, maskMobile, type TLoginBody, type TVerificationRequired } from '@flexpay/contract';
import type { AuthContext } from '../../core/auth.ts';
import type { ServiceContext } from '../../core/context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { checkCode, createTotpChallenge, sendSmsCode, TOTP_CODE_USED } from '../verification/service.ts';
import { computePermissions } from './permissions.ts';
import {
  countSignInFailures,
  enforceSignInLimits,
  formatTime,
  IP_FAILURE_LIMIT,
  LOCK_AFTER_FAILURES,
  LOCK_MS,
  needsCaptcha,
  passCaptcha,
  recordSignInAttempt,
} from '../verification/sign-in-limits.ts';
import {
  extendSession,
  findAdminById,
  findAdminByUsername,
  findLinkedAdmins,
  findSessionContext,
  insertSession,
  markLoggedIn,
  revokeSession,
  type AdminRow,
} from './repo.ts';
import { signToken, TOKEN_TTL_SECONDS, verifyToken } from './tokens.ts';

const BAD_CREDENTIALS = '用户名或密码错误';

/** Hash compared against when the username does not exist, so both paths take the same time. */
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hashPassword('no-such-user-0'));

interface ClientInfo {
  ip: string;
  userAgent: string;
}

async function startSession(ctx: ServiceContext, db: DbOrTx, admin: AdminRow, client: ClientInfo): Promise<string> {
  const sessionId = randomUUID();
  const expiresAt = new Date(ctx.now().getTime() + TOKEN_TTL_SECONDS * 1000);
  await insertSession(db, {
    id: sessionId,
    companyId: admin.companyId,
    adminId: admin.id,
    expiresAt,
    ip: client.ip,
    userAgent: client.userAgent.slice(0, 300),
  });
  await markLoggedIn(db, admin.id, client.ip);
  return signToken(ctx.config.jwtSecret, { adminId: admin.id, sessionId, companyId: admin.companyId, expiresAt });
}

export interface LoginOutcome {
  token: string;
  adminId: number;
  companyId: number;
}

/**
 * Sign-in (DOMAIN section 1). The answers for a wrong password and for an unknown username are
 * identical, and so are the captcha and lockout rules, which count attempts per typed username
 * whether or not it exists. A second step (SMS or TOTP) is asked for only after the right password.
 *
 * The lockout is scoped to the client (username and IP): a stranger who fails 5 times is locked
 * out from where they are, while the admin, from another client, is asked for the image captcha
 * and still gets in. The captcha is what slows an attacker who changes address.
 */
export async function login(
  ctx: ServiceContext,
  input: TLoginBody,
  client: ClientInfo,
  audit: { companyId?: number; adminId?: number },
): Promise<LoginOutcome> {
  const username = input.username.trim();
  const counts = await enforceSignInLimits(ctx, 'admin', username, client.ip);

  const admin = await findAdminByUsername(ctx.db, username);
  // A second-step token proves this browser already passed password (and captcha) for this admin.
  const secondStep =
    admin && input.token
      ? await ctx.db.transaction((tx) =>
          checkCode(ctx, tx, {
            token: input.token,
            code: input.code,
            purpose: 'login',
            adminId: admin.id,
            consume: true,
            totpSecret: admin.totpSecret ? ctx.cipher.decrypt(admin.totpSecret) : null,
          }),
        )
      : undefined;

  const captchaRequired = needsCaptcha(counts) && secondStep?.result !== 'ok';
  if (captchaRequired && secondStep?.result !== 'wrong') await passCaptcha(ctx, input);

  const passwordOk = await verifyPassword(admin?.passwordHash ?? (await getDummyHash()), input.password);
  if (!admin || !passwordOk) {
    await recordSignInAttempt(ctx.db, { realm: 'admin', username, ip: client.ip, success: false });
    throw new AppError(Code.BAD_CREDENTIALS, BAD_CREDENTIALS, {
      captchaRequired: needsCaptcha(counts, 1),
    });
  }
  audit.companyId = admin.companyId;
  audit.adminId = admin.id;

  if (admin.status !== 'enabled') {
    throw new AppError(Code.BAD_CREDENTIALS, '账号已停用，请联系企业管理员');
  }

  if (admin.verifyMethod === 'sms' || admin.verifyMethod === 'totp') {
    if (secondStep?.result === 'used') {
      throw new AppError(Code.BAD_CREDENTIALS, TOTP_CODE_USED, { captchaRequired: false });
    }
    if (secondStep?.result === 'wrong') {
      await recordSignInAttempt(ctx.db, { realm: 'admin', username, ip: client.ip, success: false });
      throw new AppError(Code.BAD_CREDENTIALS, admin.verifyMethod === 'sms' ? '短信验证码错误' : '动态验证码错误', {
        captchaRequired: false,
      });
    }
    if (secondStep?.result !== 'ok') {
      const data: TVerificationRequired = await ctx.db.transaction(async (tx) => {
        if (admin.verifyMethod === 'totp') {
          return { verifyMethod: 'totp', token: await createTotpChallenge(ctx, tx, admin.id, client.ip) };
        }
        if (!admin.mobile)
          throw new AppError(Code.BAD_CREDENTIALS, '账号未绑定手机号，无法发送短信验证码，请联系企业管理员');
        const sent = await sendSmsCode(ctx, tx, {
          mobile: admin.mobile,
          purpose: 'login',
          ip: client.ip,
          adminId: admin.id,
        });
        return { verifyMethod: 'sms', token: sent.token, mobile: sent.mobile, demoCode: sent.demoCode };
      });
      throw new AppError(
        BusinessCode.VERIFICATION_REQUIRED,
        data.verifyMethod === 'sms'
          ? `验证码已发送至 ${data.mobile ?? maskMobile(admin.mobile)}，请输入短信验证码`
          : '请输入身份验证器中的 6 位动态码',
        data,
      );
    }
  }

  const token = await ctx.db.transaction(async (tx) => {
    await recordSignInAttempt(tx, { realm: 'admin', username, ip: client.ip, success: true });
    return startSession(ctx, tx, admin, client);
  });
  return { token, adminId: admin.id, companyId: admin.companyId };
}

/**
 * Checks a secret that a signed-in admin gives again to prove it is them (the current password,
 * or the authenticator code, on the personal settings), under the sign-in limits: a wrong one
 * counts as a failed sign-in of the admin from this client, and when this client has reached the
 * lockout (or its IP the per-IP limit) the session ends, so a stolen session cannot guess on.
 * Answers whether the secret was right; throws 40003 once the session has been ended.
 */
export async function verifySessionSecret(
  ctx: ServiceContext,
  auth: AuthContext,
  ip: string,
  check: () => Promise<boolean> | boolean,
): Promise<boolean> {
  const endSession = async (lastFailureAt: Date | null) => {
    await revokeSession(ctx.db, auth.sessionId, 'too_many_failures');
    const until = new Date((lastFailureAt ?? ctx.now()).getTime() + LOCK_MS);
    throw new AppError(Code.SESSION_REVOKED, `验证失败次数过多，已退出登录，请于 ${formatTime(until)} 后重新登录`);
  };
  const { byClient, byIp } = await countSignInFailures(ctx, 'admin', auth.username, ip);
  if (byClient.failures >= LOCK_AFTER_FAILURES || byIp.failures >= IP_FAILURE_LIMIT) {
    await endSession(byClient.lastFailureAt ?? byIp.lastFailureAt);
  }
  if (await check()) return true;
  await recordSignInAttempt(ctx.db, { realm: 'admin', username: auth.username, ip, success: false });
  if (byClient.failures + 1 >= LOCK_AFTER_FAILURES || byIp.failures + 1 >= IP_FAILURE_LIMIT) {
    await endSession(ctx.now());
  }
  return false;
}

/**
 * The admin behind a token, with permissions. 40101 for a missing, malformed or expired token;
 * 40003 for a session that was revoked or whose admin was disabled.
 */
export async function authenticate(ctx: ServiceContext, token: string | undefined): Promise<AuthContext> {
  return (await authenticateToken(ctx, token)).auth;
}

/**
 * The admin behind a token, and until when the token itself is valid (epoch ms): the session
 * cache keeps an answer no longer than that.
 */
export async function authenticateToken(
  ctx: ServiceContext,
  token: string | undefined,
): Promise<{ auth: AuthContext; tokenExpiresAt: number }> {
  if (!token) throw new AppError(Code.UNAUTHENTICATED, '请先登录');
  const verified = await verifyToken(ctx.config.jwtSecret, token);
  if (!verified.ok) {
    throw new AppError(
      Code.UNAUTHENTICATED,
      verified.reason === 'expired' ? '登录已过期，请重新登录' : '登录凭证无效，请重新登录',
    );
  }
  const row = await findSessionContext(ctx.db, verified.claims.jti);
  if (!row || String(row.adminId) !== verified.claims.sub || row.companyId !== verified.claims.companyId) {
    throw new AppError(Code.UNAUTHENTICATED, '登录凭证无效，请重新登录');
  }
  if (row.revokedAt) throw new AppError(Code.SESSION_REVOKED, '您已退出登录或在其他地方修改了密码，请重新登录');
  if (row.adminStatus !== 'enabled') throw new AppError(Code.SESSION_REVOKED, '账号已停用，请联系企业管理员');
  if (row.expiresAt <= ctx.now()) throw new AppError(Code.UNAUTHENTICATED, '登录已过期，请重新登录');
  const permissions = computePermissions(row.isOwner, row.roles);
  const auth: AuthContext = {
    sessionId: row.sessionId,
    adminId: row.adminId,
    companyId: row.companyId,
    username: row.username,
    isOwner: row.isOwner,
    expiresAt: row.expiresAt,
    menus: new Set(permissions.menus),
    elements: new Set(permissions.elements),
  };
  return { auth, tokenExpiresAt: verified.claims.exp * 1000 };
}

/** A new token for the same live session, two hours from now. Rights are the session's own. */
export async function refreshToken(ctx: ServiceContext, token: string | undefined): Promise<string> {
  const auth = await authenticate(ctx, token);
  const expiresAt = new Date(ctx.now().getTime() + TOKEN_TTL_SECONDS * 1000);
  await extendSession(ctx.db, auth.sessionId, expiresAt);
  return signToken(ctx.config.jwtSecret, {
    adminId: auth.adminId,
    sessionId: auth.sessionId,
    companyId: auth.companyId,
    expiresAt,
  });
}

/** Logout: revokes the token's session. Idempotent; a token that was never valid is refused. */
export async function invalidateToken(ctx: ServiceContext, token: string | undefined) {
  if (!token) throw new AppError(Code.UNAUTHENTICATED, '请先登录');
  const verified = await verifyToken(ctx.config.jwtSecret, token, true);
  if (!verified.ok) throw new AppError(Code.UNAUTHENTICATED, '登录凭证无效，请重新登录');
  await revokeSession(ctx.db, verified.claims.jti, 'logout');
  return { adminId: Number(verified.claims.sub), companyId: verified.claims.companyId };
}

/**
 * Company switch (spec section 4): a token for a linked admin of another company. The current
 * session ends; the new one starts. A username that is not linked answers 40002.
 */
export async function switchAdmin(
  ctx: ServiceContext,
  auth: AuthContext,
  input: { username: string; token: string },
  client: ClientInfo,
): Promise<LoginOutcome> {
  // The body's token (spec section 7) names the session given up: it must be the caller's own
  // live one, never another that the client happens to hold.
  const given = await verifyToken(ctx.config.jwtSecret, input.token);
  if (!given.ok || given.claims.jti !== auth.sessionId) {
    throw new AppError(Code.VALIDATION, '登录凭证与当前登录不一致，请刷新页面后重试');
  }
  const current = await findAdminById(ctx.db, auth.adminId);
  if (!current) throw new AppError(Code.UNAUTHENTICATED, '登录凭证无效，请重新登录');
  const linked = await findLinkedAdmins(ctx.db, current.linkGroup);
  const target = linked.find((a) => a.username === input.username.trim());
  if (!target) throw new AppError(Code.NO_COMPANY_ACCESS, '该账号未与当前账号关联，不能切换');
  if (target.status !== 'enabled') throw new AppError(Code.CONFLICT, '该账号已停用，不能切换');
  const admin = await findAdminById(ctx.db, target.id);
  if (!admin) throw new AppError(Code.NO_COMPANY_ACCESS, '该账号未与当前账号关联，不能切换');
  const token = await ctx.db.transaction(async (tx) => {
    await revokeSession(tx, auth.sessionId, 'switched');
    return startSession(ctx, tx, admin, client);
  });
  return { token, adminId: admin.id, companyId: admin.companyId };
}

/** The admin row, for other modules (they never read this module's tables directly). */
export function getAdminById(db: DbOrTx, id: number): Promise<AdminRow | undefined> {
  return findAdminById(db, id);
}

export { revokeSessionsOfAdmin, findLinkedAdmins, findCompanyName } from './repo.ts';
export type { AdminRow } from './repo.ts';
