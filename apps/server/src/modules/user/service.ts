import {
  Code,
  availableElementGroups,
  availableRoutes,
  filterRoutesByMenus,
  fullPathOf,
  grantableRoutes,
  maskMobile,
  menuCodeOf,
  type TAssociatedUser,
  type TMenuAll,
  type TMenuNode,
  type TRouteNode,
  type TUserInfo,
  type TVerifyMethod,
} from '@flexpay/contract';
import { eq } from 'drizzle-orm';
import type { ServiceContext } from '../../core/context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { admin } from '../../db/schema/index.ts';
import { AppError, invalidField } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import {
  findCompanyName,
  findLinkedAdmins,
  getAdminById,
  revokeSessionsOfAdmin,
  verifySessionSecret,
  type AdminRow,
} from '../auth/service.ts';
import type { AuthContext } from '../../core/auth.ts';
import {
  checkCode,
  checkTotpCode,
  claimTotpCode,
  consumeVerifications,
  createTotpSetup,
} from '../verification/service.ts';

async function currentAdmin(ctx: ServiceContext, auth: AuthContext): Promise<AdminRow> {
  const row = await getAdminById(ctx.db, auth.adminId);
  if (!row) throw new AppError(Code.UNAUTHENTICATED, '请先登录');
  return row;
}

/** `/api/admin/user/front/info`: who is signed in and what they may see and do. */
export async function getFrontInfo(ctx: ServiceContext, auth: AuthContext): Promise<TUserInfo> {
  const row = await currentAdmin(ctx, auth);
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    companyId: row.companyId,
    companyName: await findCompanyName(ctx.db, row.companyId),
    avatar: row.avatar,
    description: row.description,
    isOwner: row.isOwner,
    verifyMethod: row.verifyMethod as TVerifyMethod,
    mobile: maskMobile(row.mobile),
    email: row.email,
    menus: [...auth.menus].map((code) => ({ code })),
    elements: [...auth.elements].map((code) => ({ code })),
  };
}

/** Linked admins of the same person, the current one marked. */
export async function getAssociatedUsers(ctx: ServiceContext, auth: AuthContext): Promise<TAssociatedUser[]> {
  const row = await currentAdmin(ctx, auth);
  const linked = await findLinkedAdmins(ctx.db, row.linkGroup);
  return linked
    .filter((a) => a.status === 'enabled' || a.id === row.id)
    .map((a) => ({
      userName: a.username,
      companyName: a.companyName,
      companyId: a.companyId,
      current: a.id === row.id,
    }));
}

function toMenuTree(routes: readonly TRouteNode[], parent: TRouteNode | null = null): TMenuNode[] {
  return routes.map((r) => ({
    code: menuCodeOf(r.path),
    path: fullPathOf(r, parent),
    name: r.name,
    title: r.title,
    ...(r.icon ? { icon: r.icon } : {}),
    ...(r.hidden ? { hidden: true } : {}),
    ...(r.children ? { children: toMenuTree(r.children, r) } : {}),
  }));
}

/** The permitted menu tree (spec section 6 filter over the built screens). */
export function getPermittedMenus(auth: AuthContext): TMenuNode[] {
  const map = Object.fromEntries([...auth.menus].map((m) => [m, true]));
  return toMenuTree(filterRoutesByMenus(availableRoutes(), map));
}

/**
 * What the role editor offers: the menus of the built screens but the personal pages (every
 * admin has those), and the elements whose screens are built.
 */
export function getAllMenus(): TMenuAll {
  return { menus: toMenuTree(grantableRoutes()), elements: availableElementGroups() };
}

/**
 * Change password: the old one proves it, under the sign-in limits (too many wrong ones end the
 * session); every other session of the admin ends.
 */
export async function changePassword(
  ctx: ServiceContext,
  auth: AuthContext,
  input: { oldPassword: string; newPassword: string },
  ip: string,
) {
  const row = await currentAdmin(ctx, auth);
  if (!(await verifySessionSecret(ctx, auth, ip, () => verifyPassword(row.passwordHash, input.oldPassword))))
    throw invalidField('oldPassword', '原密码不正确');
  if (input.oldPassword === input.newPassword) throw invalidField('newPassword', '新密码不能与原密码相同');
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    await tx.update(admin).set({ passwordHash, updatedAt: new Date() }).where(eq(admin.id, row.id));
    await revokeSessionsOfAdmin(tx, row.id, 'password_changed', auth.sessionId);
  });
}

export async function startTotpSetup(ctx: ServiceContext, auth: AuthContext, ip: string) {
  const row = await currentAdmin(ctx, auth);
  const issuer = (await findCompanyName(ctx.db, row.companyId)) || '灵活用工平台';
  return createTotpSetup(ctx, { adminId: row.id, account: row.username, issuer, ip });
}

/**
 * Change the verification method: first prove the current one (password, SMS code from
 * `sendSms` purpose `verify`, or the authenticator), then, for TOTP, confirm the new secret with
 * a code from the newly added authenticator. Codes are checked before the change's transaction
 * so that wrong attempts count even though the change is refused. The password and the
 * authenticator code are checked under the sign-in limits (too many wrong ones end the session).
 */
export async function changeVerifyMethod(
  ctx: ServiceContext,
  auth: AuthContext,
  input: {
    method: TVerifyMethod;
    code: string;
    token?: string | undefined;
    newToken?: string | undefined;
    newCode?: string | undefined;
  },
  ip: string,
) {
  const row = await currentAdmin(ctx, auth);
  const consumed: string[] = [];
  const claims: ((tx: DbOrTx) => Promise<void>)[] = [];
  const current = row.verifyMethod as TVerifyMethod;
  if (current === 'password') {
    if (!(await verifySessionSecret(ctx, auth, ip, () => verifyPassword(row.passwordHash, input.code))))
      throw invalidField('code', '当前密码不正确');
  } else if (current === 'sms') {
    const r = await checkCode(ctx, ctx.db, {
      token: input.token,
      code: input.code,
      purpose: 'verify',
      adminId: row.id,
      consume: false,
    });
    if (r.result !== 'ok' || !r.row)
      throw invalidField('code', r.result === 'missing' ? '请先获取短信验证码' : '短信验证码错误');
    consumed.push(r.row.id);
  } else {
    const secret = row.totpSecret ? ctx.cipher.decrypt(row.totpSecret) : '';
    const used = await verifyOwnTotp(ctx, auth, ip, { adminId: row.id, secret, code: input.code, purpose: 'verify' });
    claims.push(used);
  }

  if (input.method === 'sms' && !row.mobile) throw invalidField('method', '请先绑定手机号再使用短信验证码');
  let totpSecret: string | null = null;
  if (input.method === 'totp') {
    const r = await checkCode(ctx, ctx.db, {
      token: input.newToken,
      code: input.newCode,
      purpose: 'totp_setup',
      adminId: row.id,
      consume: false,
    });
    if (r.result !== 'ok' || !r.row?.secret) {
      throw invalidField('newCode', r.result === 'missing' ? '请先扫描二维码添加身份验证器' : '身份验证器动态码错误');
    }
    consumed.push(r.row.id);
    totpSecret = r.row.secret;
  }
  await ctx.db.transaction(async (tx) => {
    await consumeVerifications(ctx, tx, consumed);
    for (const claim of claims) await claim(tx);
    await tx
      .update(admin)
      .set({ verifyMethod: input.method, totpSecret, updatedAt: new Date() })
      .where(eq(admin.id, row.id));
  });
}

/** Change mobile: a code sent to the old number (when there is one) and one sent to the new. */
export async function changeMobile(
  ctx: ServiceContext,
  auth: AuthContext,
  input: {
    oldToken?: string | undefined;
    oldCode?: string | undefined;
    mobile: string;
    newToken: string;
    newCode: string;
  },
) {
  const row = await currentAdmin(ctx, auth);
  if (input.mobile === row.mobile) throw invalidField('mobile', '新手机号不能与原手机号相同');
  const consumed: string[] = [];
  if (row.mobile) {
    const old = await checkCode(ctx, ctx.db, {
      token: input.oldToken,
      code: input.oldCode,
      purpose: 'mobile_old',
      adminId: row.id,
      consume: false,
    });
    if (old.result !== 'ok' || !old.row) {
      throw invalidField('oldCode', old.result === 'missing' ? '请先获取原手机号验证码' : '原手机号验证码错误');
    }
    consumed.push(old.row.id);
  }
  const fresh = await checkCode(ctx, ctx.db, {
    token: input.newToken,
    code: input.newCode,
    purpose: 'mobile_new',
    adminId: row.id,
    consume: false,
  });
  if (fresh.result !== 'ok' || !fresh.row || fresh.row.mobile !== input.mobile) {
    throw invalidField('newCode', fresh.result === 'wrong' ? '新手机号验证码错误' : '请先获取新手机号验证码');
  }
  consumed.push(fresh.row.id);
  await ctx.db.transaction(async (tx) => {
    await consumeVerifications(ctx, tx, consumed);
    await tx.update(admin).set({ mobile: input.mobile, updatedAt: new Date() }).where(eq(admin.id, row.id));
  });
}

/**
 * An authenticator code of the admin's own secret, under the sign-in limits (a wrong one counts
 * as a failed sign-in) and used once per purpose: a code whose time step was already used is
 * refused (该动态码已使用). Answers what records the use, to be called inside the action's
 * transaction, so of two concurrent uses of one code only one action happens.
 */
async function verifyOwnTotp(
  ctx: ServiceContext,
  auth: AuthContext,
  ip: string,
  input: { adminId: number; secret: string; code: string; purpose: 'verify' | TStepUpPurpose },
): Promise<(tx: DbOrTx) => Promise<void>> {
  const found: { step: number | null } = { step: null };
  const right = async () => {
    if (!input.secret) return false;
    found.step = await checkTotpCode(ctx, ctx.db, { ...input, field: 'code' });
    return found.step !== null;
  };
  if (!(await verifySessionSecret(ctx, auth, ip, right)) || found.step === null)
    throw invalidField('code', '动态验证码错误');
  const step = found.step;
  return (tx) => claimTotpCode(ctx, tx, { adminId: input.adminId, purpose: input.purpose, step, field: 'code' });
}

// ---- For other modules ----

/**
 * The step-up of an action that moves money (确认支付): a fresh code of the signed-in admin, by
 * SMS (a `pay` code sent to the admin's own mobile) or by the authenticator the admin has set
 * up; not the sign-in. A wrong authenticator code counts as a failed sign-in (the same limits);
 * a wrong SMS code counts on its challenge. Answers what ends the SMS challenge, to be called
 * inside the action's transaction, so a code serves one action only.
 */
export const verifyPaymentCode = (
  ctx: ServiceContext,
  auth: AuthContext,
  input: { method: 'sms' | 'totp'; token?: string | undefined; code: string },
  ip: string,
) => verifyStepUpCode(ctx, auth, input, ip, 'pay');

/** The purposes of a step-up code: 确认支付 (`pay`) and 在线签署 of a contract (`contract_sign`). */
export type TStepUpPurpose = 'pay' | 'contract_sign';

/**
 * The step-up of an action (see `verifyPaymentCode`) for a purpose: an SMS code sent for that
 * purpose, or an authenticator code used once for it.
 */
export async function verifyStepUpCode(
  ctx: ServiceContext,
  auth: AuthContext,
  input: { method: 'sms' | 'totp'; token?: string | undefined; code: string },
  ip: string,
  purpose: TStepUpPurpose,
): Promise<(tx: DbOrTx) => Promise<void>> {
  const row = await currentAdmin(ctx, auth);
  if (input.method === 'totp') {
    if (!row.totpSecret) throw invalidField('code', '您尚未设置身份验证器，请使用短信验证码');
    const secret = ctx.cipher.decrypt(row.totpSecret);
    return verifyOwnTotp(ctx, auth, ip, { adminId: row.id, secret, code: input.code, purpose });
  }
  const r = await checkCode(ctx, ctx.db, {
    token: input.token,
    code: input.code,
    purpose,
    adminId: row.id,
    consume: false,
  });
  if (r.result !== 'ok' || !r.row) {
    throw invalidField('code', r.result === 'missing' ? '请先获取短信验证码（或验证码已过期）' : '短信验证码错误');
  }
  const id = r.row.id;
  return (tx) => consumeVerifications(ctx, tx, [id]);
}
