import { z } from 'zod';
import { ZPageQuery } from './envelope.ts';
import {
  ADMIN_STATUSES,
  MASKED_MOBILE_RULE,
  MOBILE_RULE,
  PASSWORD_RULE,
  PASSWORD_RULE_MESSAGE,
  ROLE_REQUIRED_MESSAGE,
  USERNAME_RULE,
  VERIFY_METHODS,
} from './identity-rules.ts';

export * from './identity-rules.ts';

const trimmed = (max: number, label: string) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .max(max, `${label}最多 ${max} 个字符`);

export const ZUsername = trimmed(32, '用户名').regex(USERNAME_RULE, '用户名为 4-32 位字母、数字或 _ . -');
export const ZMobile = z.string({ error: '请输入手机号' }).trim().regex(MOBILE_RULE, '请输入正确的 11 位手机号');
export const ZPassword = z.string({ error: '请输入密码' }).regex(PASSWORD_RULE, PASSWORD_RULE_MESSAGE);
export const ZOptionalEmail = z
  .string()
  .trim()
  .max(100, '邮箱最多 100 个字符')
  .refine((v) => v === '' || z.email().safeParse(v).success, '请输入正确的邮箱')
  .default('');

// ── Spec section 7 calls ────────────────────────────────────────────────────────────────────

/** POST /api/auth/jwt/ecomapnyToken */
export const ZLoginBody = z.object({
  username: z.string({ error: '请输入用户名' }).trim().min(1, '请输入用户名').max(64, '用户名过长'),
  password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(128, '密码过长'),
  /** The captcha text, SMS code or TOTP code, with the `token` of its challenge. */
  code: z.string().trim().max(16, '验证码过长').optional(),
  token: z.string().trim().max(64).optional(),
});
export type TLoginBody = z.infer<typeof ZLoginBody>;

/** Business status answered when the password was right and a second step is needed. */
export const ZVerificationRequired = z.object({
  verifyMethod: z.enum(['sms', 'totp']),
  token: z.string(),
  /** The masked mobile the SMS went to. */
  mobile: z.string().optional(),
  /** The SMS code itself, in demo mode only (DEMO_MODE=1), so a visitor can sign in; else null. */
  demoCode: z.string().nullable().optional(),
});
export type TVerificationRequired = z.infer<typeof ZVerificationRequired>;

/**
 * POST /api/auth/jwt/ecomapnyAdminToken: the chosen username and the current token (spec sections
 * 4 and 7); the token names the session given up, which must be the caller's own.
 */
export const ZSwitchBody = z.object({
  username: z.string({ error: '请选择要切换的账号' }).trim().min(1, '请选择要切换的账号').max(64),
  token: z
    .string({ error: '缺少当前登录凭证，请重新登录' })
    .trim()
    .min(1, '缺少当前登录凭证，请重新登录')
    .max(2048, '登录凭证无效，请重新登录'),
});

/** POST /api/auth/jwt/refresh and /api/auth/jwt/invalid */
export const ZTokenBody = z.object({ token: z.string().max(2048).optional() });

export const ZMenuCode = z.object({ code: z.string() });

/** GET /api/admin/user/front/info */
export const ZUserInfo = z.object({
  id: z.number(),
  name: z.string(),
  username: z.string(),
  companyId: z.number(),
  companyName: z.string(),
  avatar: z.string(),
  description: z.string(),
  isOwner: z.boolean(),
  verifyMethod: z.enum(VERIFY_METHODS),
  /** Masked. */
  mobile: z.string(),
  email: z.string(),
  menus: z.array(ZMenuCode),
  elements: z.array(ZMenuCode),
});
export type TUserInfo = z.infer<typeof ZUserInfo>;

/** GET /api/admin/user/getAssociatedUserInfo */
export const ZAssociatedUser = z.object({
  userName: z.string(),
  companyName: z.string(),
  companyId: z.number(),
  current: z.boolean(),
});
export type TAssociatedUser = z.infer<typeof ZAssociatedUser>;

export interface TMenuNode {
  code: string;
  path: string;
  name: string;
  title: string;
  icon?: string | undefined;
  hidden?: boolean | undefined;
  children?: TMenuNode[] | undefined;
}
export const ZMenuNode: z.ZodType<TMenuNode> = z.lazy(() =>
  z.object({
    code: z.string(),
    path: z.string(),
    name: z.string(),
    title: z.string(),
    icon: z.string().optional(),
    hidden: z.boolean().optional(),
    children: z.array(ZMenuNode).optional(),
  }),
);

export const ZElementGroup = z.object({
  area: z.string(),
  title: z.string(),
  elements: z.array(z.object({ code: z.string(), title: z.string() })),
});
export type TElementGroup = z.infer<typeof ZElementGroup>;

/** GET /api/admin/user/front/menu/all: every menu and element that can be granted. */
export const ZMenuAll = z.object({ menus: z.array(ZMenuNode), elements: z.array(ZElementGroup) });
export type TMenuAll = z.infer<typeof ZMenuAll>;

/** GET /api/admin/vcc/code */
export const ZCaptcha = z.object({ token: z.string(), svg: z.string() });

/** `pay`: the step-up code of 确认支付 (to the paying admin's own mobile). */
export const SMS_PURPOSES = ['login', 'verify', 'mobile_old', 'mobile_new', 'pay'] as const;
/** POST /api/admin/vcc/sendSms */
export const ZSendSmsBody = z.object({
  purpose: z.enum(SMS_PURPOSES, { error: '短信用途不正确' }),
  /** login: the challenge token of the sign-in step. */
  token: z.string().max(64).optional(),
  /** mobile_new: the new number. */
  mobile: ZMobile.optional(),
});
export const ZSendSmsResult = z.object({
  token: z.string(),
  mobile: z.string(),
  resendAfterSeconds: z.number(),
  /** The code itself, in demo mode only (DEMO_MODE=1), as the captcha is shown; else null. */
  demoCode: z.string().nullable(),
});
export type TSendSmsResult = z.infer<typeof ZSendSmsResult>;

/** POST /api/admin/vcc/validateCode */
export const ZValidateCodeBody = z.object({
  token: z.string({ error: '缺少验证码标识' }).min(1, '缺少验证码标识').max(64),
  code: z.string({ error: '请输入验证码' }).trim().min(1, '请输入验证码').max(16),
});

/** GET /api/admin/dataDictionary/getCustomCompanyInfo */
export const ZCustomCompanyInfoQuery = z.object({
  token: z.string().max(2048).optional(),
  companyId: z.coerce.number().int().positive().optional(),
});

export const ZDemoAccount = z.object({
  username: z.string(),
  password: z.string(),
  company: z.string(),
  role: z.string(),
});
export type TDemoAccount = z.infer<typeof ZDemoAccount>;

// ── Roles ───────────────────────────────────────────────────────────────────────────────────

export const ZRoleBody = z.object({
  name: trimmed(30, '角色名称').min(1, '请输入角色名称'),
  description: trimmed(200, '角色描述').default(''),
  menuCodes: z.array(z.string().max(100)).max(500).default([]),
  elementCodes: z.array(z.string().max(100)).max(500).default([]),
});
export type TRoleBody = z.input<typeof ZRoleBody>;

export const ZRole = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  isOwnerRole: z.boolean(),
  menuCodes: z.array(z.string()),
  elementCodes: z.array(z.string()),
  adminCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TRole = z.infer<typeof ZRole>;

export const ZRoleQuery = ZPageQuery.extend({ name: z.string().trim().max(30).optional() });
export const ZRoleOption = z.object({ id: z.number(), name: z.string() });

// ── Admins ──────────────────────────────────────────────────────────────────────────────────

export const ZAdminQuery = ZPageQuery.extend({
  username: z.string().trim().max(32).optional(),
  name: z.string().trim().max(50).optional(),
  mobile: z.string().trim().max(11).optional(),
  status: z.enum(ADMIN_STATUSES).optional(),
  roleId: z.coerce.number().int().positive().optional(),
});

export const ZAdminRow = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  /** Masked (138****0001), as everywhere else. */
  mobile: z.string(),
  email: z.string(),
  description: z.string(),
  status: z.enum(ADMIN_STATUSES),
  isOwner: z.boolean(),
  verifyMethod: z.enum(VERIFY_METHODS),
  roles: z.array(ZRoleOption),
  lastLoginAt: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
  createdAt: z.string(),
});
export type TAdminRow = z.infer<typeof ZAdminRow>;

const adminFields = {
  name: trimmed(50, '姓名').min(1, '请输入姓名'),
  mobile: ZMobile,
  email: ZOptionalEmail,
  description: trimmed(200, '备注').default(''),
  roleIds: z.array(z.number().int().positive()).max(50).default([]),
};
/** A new admin needs at least one role: without one it could open nothing but its personal pages. */
export const ZCreateAdminBody = z.object({
  username: ZUsername,
  password: ZPassword,
  status: z.enum(ADMIN_STATUSES).default('enabled'),
  ...adminFields,
  roleIds: z
    .array(z.number().int().positive(), {
      error: (issue) => (issue.input === undefined ? ROLE_REQUIRED_MESSAGE : '角色须为角色编号的列表'),
    })
    .min(1, ROLE_REQUIRED_MESSAGE)
    .max(50),
});
export type TCreateAdminBody = z.input<typeof ZCreateAdminBody>;
/**
 * The edit form gets the mobile masked, as the list shows it: sending that masked value back
 * keeps the stored number; a full number replaces it.
 */
export const ZUpdateAdminBody = z.object({
  ...adminFields,
  mobile: z
    .string({ error: '请输入手机号' })
    .trim()
    .refine((v) => MOBILE_RULE.test(v) || MASKED_MOBILE_RULE.test(v), '请输入正确的 11 位手机号'),
});
export type TUpdateAdminBody = z.input<typeof ZUpdateAdminBody>;
export const ZAdminStatusBody = z.object({ status: z.enum(ADMIN_STATUSES, { error: '状态不正确' }) });
export const ZResetPasswordBody = z.object({ password: ZPassword });

// ── Personal ────────────────────────────────────────────────────────────────────────────────

export const ZChangePasswordBody = z.object({
  oldPassword: z.string({ error: '请输入原密码' }).min(1, '请输入原密码').max(128),
  newPassword: ZPassword,
});
export const ZTotpSetup = z.object({ token: z.string(), secret: z.string(), uri: z.string() });
export type TTotpSetup = z.infer<typeof ZTotpSetup>;
export const ZChangeVerifyMethodBody = z.object({
  method: z.enum(VERIFY_METHODS, { error: '认证方式不正确' }),
  /** Proof of the current method: the password, an SMS code (with token) or a TOTP code. */
  code: z.string({ error: '请输入当前认证方式的验证码' }).min(1, '请输入当前认证方式的验证码').max(128),
  token: z.string().max(64).optional(),
  /** For TOTP: the setup token and a code from the newly added authenticator. */
  newToken: z.string().max(64).optional(),
  newCode: z.string().trim().max(16).optional(),
});
export const ZChangeMobileBody = z.object({
  oldToken: z.string().max(64).optional(),
  oldCode: z.string().trim().max(16).optional(),
  mobile: ZMobile,
  newToken: z.string({ error: '请先获取新手机号的验证码' }).min(1, '请先获取新手机号的验证码').max(64),
  newCode: z.string({ error: '请输入新手机号收到的验证码' }).trim().min(1, '请输入新手机号收到的验证码').max(16),
});
