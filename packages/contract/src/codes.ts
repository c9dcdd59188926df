/**
 * Status codes carried in the `status` field of every response envelope, with the Chinese
 * message shown when a handler gives none of its own. HTTP status follows the table.
 * Business errors that a screen handles itself use codes above 1000 (see BUSINESS_CODE_MIN).
 */
export const Code = {
  OK: 200,
  BAD_CREDENTIALS: 40001,
  VALIDATION: 40000,
  UNAUTHENTICATED: 40101,
  FORBIDDEN: 40301,
  NO_COMPANY_ACCESS: 40002,
  SESSION_REVOKED: 40003,
  NOT_FOUND: 40400,
  CONFLICT: 40900,
  TOO_MANY_REQUESTS: 42900,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type TCode = (typeof Code)[keyof typeof Code];

/** Business outcomes (above 1000): a screen handles them itself, no toast. */
export const BusinessCode = {
  /** Password accepted; a second step (SMS or TOTP code) is needed. data: TVerificationRequired. */
  VERIFICATION_REQUIRED: 1001,
  /** A company account would go below zero (账户可用余额不足); nothing was written. */
  INSUFFICIENT_BALANCE: 1101,
} as const;

/** Codes above this value are business outcomes that a screen handles itself (spec section 8). */
export const BUSINESS_CODE_MIN = 1000;

export const CODE_MESSAGES: Record<TCode, string> = {
  [Code.OK]: '操作成功',
  [Code.BAD_CREDENTIALS]: '用户名、密码或验证码错误',
  [Code.VALIDATION]: '请求参数有误',
  [Code.UNAUTHENTICATED]: '登录已失效，请重新登录',
  [Code.FORBIDDEN]: '当前用户无相关操作权限！',
  [Code.NO_COMPANY_ACCESS]: '无权访问该企业的数据',
  [Code.SESSION_REVOKED]: '会话已失效，请重新登录',
  [Code.NOT_FOUND]: '请求的资源不存在',
  [Code.CONFLICT]: '数据状态已变化，请刷新后重试',
  [Code.TOO_MANY_REQUESTS]: '操作过于频繁，请稍后再试',
  [Code.INTERNAL]: '系统繁忙，请稍后再试！',
  [Code.UNAVAILABLE]: '服务器暂无响应，请稍后再试！',
};

export const CODE_HTTP_STATUS: Record<TCode, number> = {
  [Code.OK]: 200,
  [Code.BAD_CREDENTIALS]: 400,
  [Code.VALIDATION]: 400,
  [Code.UNAUTHENTICATED]: 401,
  [Code.FORBIDDEN]: 403,
  [Code.NO_COMPANY_ACCESS]: 403,
  [Code.SESSION_REVOKED]: 401,
  [Code.NOT_FOUND]: 404,
  [Code.CONFLICT]: 409,
  [Code.TOO_MANY_REQUESTS]: 429,
  [Code.INTERNAL]: 500,
  [Code.UNAVAILABLE]: 503,
};

/** HTTP status for any status code, including business codes above 1000 (answered as 500 per spec section 8). */
export function httpStatusOf(code: number): number {
  if (code in CODE_HTTP_STATUS) return CODE_HTTP_STATUS[code as TCode];
  return code > BUSINESS_CODE_MIN ? 500 : 400;
}
