/**
 * The operator realm (DOMAIN section 0): platform operators sign in at /ops with sessions of
 * their own. Their tokens carry the realm `ops` and are signed with a key of that realm, so an
 * operator's token never opens a company route and an admin's token never opens an operator one.
 */
import { randomUUID } from 'node:crypto';
import { Code, type TOperatorInfo } from '@flexpay/contract';
import type { ServiceContext } from '../../core/context.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { enforceSignInLimits, needsCaptcha, passCaptcha, recordSignInAttempt } from '../verification/sign-in-limits.ts';
import * as repo from './repo.ts';
import { OPERATOR_TOKEN_TTL_SECONDS, signOperatorToken, verifyOperatorToken } from './tokens.ts';

export interface OperatorContext {
  operatorId: number;
  sessionId: string;
  username: string;
  name: string;
}

const BAD_CREDENTIALS = '用户名或密码错误';
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hashPassword('no-such-operator-0'));

/**
 * Signs an operator in: answers a token of the operator realm (the same answer for an unknown
 * name and a wrong password). The company sign-in's limits hold, counted apart (realm `ops`):
 * the image captcha after 3 failures on the username from any address (or from the client), the
 * client locked out of the username after 5, an IP slowed after 30; every attempt is audited.
 */
export async function loginOperator(
  ctx: ServiceContext,
  input: { username: string; password: string; token?: string | undefined; code?: string | undefined },
  ip: string,
): Promise<{ token: string; operator: OperatorContext }> {
  const username = input.username.trim();
  const counts = await enforceSignInLimits(ctx, 'ops', username, ip);
  if (needsCaptcha(counts)) await passCaptcha(ctx, input);
  const row = await repo.findOperatorByUsername(ctx.db, username);
  const ok = await verifyPassword(row?.passwordHash ?? (await getDummyHash()), input.password);
  if (!row || !ok) {
    await recordSignInAttempt(ctx.db, { realm: 'ops', username, ip, success: false });
    throw new AppError(Code.BAD_CREDENTIALS, BAD_CREDENTIALS, { captchaRequired: needsCaptcha(counts, 1) });
  }
  if (row.status !== 'enabled') throw new AppError(Code.BAD_CREDENTIALS, '账号已停用');
  const sessionId = randomUUID();
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + OPERATOR_TOKEN_TTL_SECONDS * 1000);
  await ctx.db.transaction(async (tx) => {
    await recordSignInAttempt(tx, { realm: 'ops', username, ip, success: true });
    await repo.insertOperatorSession(tx, { id: sessionId, operatorId: row.id, expiresAt, ip: ip.slice(0, 64) });
    await repo.markOperatorLoggedIn(tx, row.id, now);
  });
  const token = await signOperatorToken(ctx.config.jwtSecret, { operatorId: row.id, sessionId, expiresAt });
  return { token, operator: { operatorId: row.id, sessionId, username: row.username, name: row.name } };
}

/** The operator behind a token: a live session of an enabled operator, or 40101/40003. */
export async function authenticateOperator(ctx: ServiceContext, token: string | undefined): Promise<OperatorContext> {
  if (!token) throw new AppError(Code.UNAUTHENTICATED, '请先登录运营后台');
  const verified = await verifyOperatorToken(ctx.config.jwtSecret, token);
  if (!verified.ok) {
    throw new AppError(
      Code.UNAUTHENTICATED,
      verified.reason === 'expired' ? '登录已过期，请重新登录' : '登录凭证无效，请重新登录运营后台',
    );
  }
  const row = await repo.findOperatorSession(ctx.db, verified.sessionId);
  if (!row || row.operatorId !== verified.operatorId)
    throw new AppError(Code.UNAUTHENTICATED, '登录凭证无效，请重新登录运营后台');
  if (row.revokedAt) throw new AppError(Code.SESSION_REVOKED, '您已退出登录，请重新登录');
  if (row.status !== 'enabled') throw new AppError(Code.SESSION_REVOKED, '账号已停用');
  if (row.expiresAt <= ctx.now()) throw new AppError(Code.UNAUTHENTICATED, '登录已过期，请重新登录');
  return { operatorId: row.operatorId, sessionId: row.sessionId, username: row.username, name: row.name };
}

/**
 * A new token for the operator's session, two hours from now (the console asks when less than
 * ten minutes remain): the session's end moves with it.
 */
export async function refreshOperator(ctx: ServiceContext, op: OperatorContext): Promise<{ token: string }> {
  const expiresAt = new Date(ctx.now().getTime() + OPERATOR_TOKEN_TTL_SECONDS * 1000);
  await repo.extendOperatorSession(ctx.db, op.sessionId, expiresAt);
  const token = await signOperatorToken(ctx.config.jwtSecret, {
    operatorId: op.operatorId,
    sessionId: op.sessionId,
    expiresAt,
  });
  return { token };
}

export async function logoutOperator(ctx: ServiceContext, op: OperatorContext): Promise<null> {
  await repo.revokeOperatorSession(ctx.db, op.sessionId, ctx.now());
  return null;
}

export const operatorInfo = (op: OperatorContext): TOperatorInfo => ({
  id: op.operatorId,
  username: op.username,
  name: op.name,
});
