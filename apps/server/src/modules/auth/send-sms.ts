import { Code, type SMS_PURPOSES, type TSendSmsResult } from '@flexpay/contract';
import type { ServiceContext } from '../../core/context.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthContext } from '../../core/auth.ts';
import { getAdminById } from './service.ts';
import { findOpenChallenge, sendSmsCode } from '../verification/service.ts';

/**
 * `sendSms` for each purpose: `login` resends the code of a sign-in challenge; the others need
 * a session and go to the admin's own mobile (`verify`, `mobile_old`) or to the new one.
 */
export async function sendSmsForPurpose(
  ctx: ServiceContext,
  auth: AuthContext | null,
  input: { purpose: (typeof SMS_PURPOSES)[number]; token?: string | undefined; mobile?: string | undefined },
  ip: string,
): Promise<TSendSmsResult> {
  return ctx.db.transaction(async (tx) => {
    if (input.purpose === 'login') {
      const challenge = input.token ? await findOpenChallenge(tx, input.token, ctx.now()) : undefined;
      if (!challenge || challenge.purpose !== 'login' || challenge.channel !== 'sms' || !challenge.mobile) {
        throw new AppError(Code.VALIDATION, '登录验证已过期，请重新输入用户名和密码', {
          errors: [{ path: 'token', message: '登录验证已过期，请重新输入用户名和密码' }],
        });
      }
      return sendSmsCode(ctx, tx, { mobile: challenge.mobile, purpose: 'login', ip, verificationId: challenge.id });
    }
    if (!auth) throw new AppError(Code.UNAUTHENTICATED, '请先登录');
    const admin = await getAdminById(tx, auth.adminId);
    if (!admin) throw new AppError(Code.UNAUTHENTICATED, '请先登录');
    if (input.purpose === 'mobile_new') {
      if (!input.mobile) {
        throw new AppError(Code.VALIDATION, '请输入新手机号', {
          errors: [{ path: 'mobile', message: '请输入新手机号' }],
        });
      }
      if (input.mobile === admin.mobile) {
        throw new AppError(Code.VALIDATION, '新手机号不能与原手机号相同', {
          errors: [{ path: 'mobile', message: '新手机号不能与原手机号相同' }],
        });
      }
      return sendSmsCode(ctx, tx, { mobile: input.mobile, purpose: 'mobile_new', ip, adminId: admin.id });
    }
    if (!admin.mobile) throw new AppError(Code.CONFLICT, '账号未绑定手机号，无法发送短信验证码');
    return sendSmsCode(ctx, tx, { mobile: admin.mobile, purpose: input.purpose, ip, adminId: admin.id });
  });
}
