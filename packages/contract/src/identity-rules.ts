/** Identity rules and labels without zod, for the web bundle (see web.ts). */

/** Login usernames: 4-32 letters, digits, `_`, `.`, `-` (DOMAIN section 1). */
export const USERNAME_RULE = /^[A-Za-z0-9_.-]{4,32}$/;
export const MOBILE_RULE = /^1[3-9]\d{9}$/;
/** A mobile number as `maskMobile` shows it (138****0001). */
export const MASKED_MOBILE_RULE = /^1[3-9]\d\*{4}\d{4}$/;
export const ROLE_REQUIRED_MESSAGE = '请至少选择一个角色';
/** At least 8 characters with both letters and digits. */
export const PASSWORD_RULE = /^(?=.*[A-Za-z])(?=.*\d).{8,64}$/;
export const PASSWORD_RULE_MESSAGE = '密码至少 8 位，且须同时包含字母和数字';

export const VERIFY_METHODS = ['password', 'sms', 'totp'] as const;
export type TVerifyMethod = (typeof VERIFY_METHODS)[number];
export const VERIFY_METHOD_LABELS: Record<TVerifyMethod, string> = {
  password: '密码',
  sms: '短信验证码',
  totp: '身份验证器',
};

export const ADMIN_STATUSES = ['enabled', 'disabled'] as const;
export type TAdminStatus = (typeof ADMIN_STATUSES)[number];
export const ADMIN_STATUS_LABELS: Record<TAdminStatus, string> = { enabled: '启用', disabled: '停用' };

export interface TBranding {
  logoObj?: { close: string; logoImgSrc: string };
  customerServiceObj?: { close: string; phoneNumber: string };
  title?: string;
  loginObj?: { close: string; loginImgSrc: string };
}

/** Masks the middle of a mobile number: 138****0001. */
export function maskMobile(mobile: string): string {
  return mobile.length === 11 ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : mobile;
}
