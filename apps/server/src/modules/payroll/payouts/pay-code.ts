/**
 * The step-up of a payment as the pay form meets it: which ways the admin has (an SMS to the own
 * mobile, the authenticator) and the SMS itself. In demo mode (`DEMO_MODE=1`) the answer carries
 * the code, as the demo's captcha is readable, so a visitor can pay without the server's log;
 * never otherwise.
 */
import { Code, maskMobile, type TPayCodeSent, type TPayMethods } from '@flexpay/contract';
import type { AuthContext } from '../../../core/auth.ts';
import type { ServiceContext } from '../../../core/context.ts';
import { AppError, conflict } from '../../../lib/errors.ts';
import { getAdminById } from '../../auth/service.ts';
import { sendSmsCode } from '../../verification/service.ts';
import { assertCompanyMayPay } from './service.ts';

async function payingAdmin(ctx: ServiceContext, auth: AuthContext) {
  const row = await getAdminById(ctx.db, auth.adminId);
  if (!row) throw new AppError(Code.UNAUTHENTICATED, '请先登录');
  return row;
}

/** Whether the admin can confirm by SMS (a mobile is bound) and by the authenticator (set up). */
export async function getPayMethods(ctx: ServiceContext, auth: AuthContext): Promise<TPayMethods> {
  const row = await payingAdmin(ctx, auth);
  return { sms: !!row.mobile, totp: !!row.totpSecret, mobile: row.mobile ? maskMobile(row.mobile) : '' };
}

/**
 * Sends the `pay` SMS code to the admin's own mobile (the verification area's limits apply); none
 * while the company is frozen, since no payment could use it.
 */
export async function sendPayCode(ctx: ServiceContext, auth: AuthContext, ip: string): Promise<TPayCodeSent> {
  const row = await payingAdmin(ctx, auth);
  if (!row.mobile) throw conflict('账号未绑定手机号，无法发送短信验证码，请使用身份验证器或先绑定手机号');
  await assertCompanyMayPay(ctx.db, auth.companyId);
  return ctx.db.transaction((tx) => sendSmsCode(ctx, tx, { mobile: row.mobile, purpose: 'pay', ip, adminId: row.id }));
}
