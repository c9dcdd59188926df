/**
 * The API paths of the sign-in page and of a session's start, in a module of their own: the
 * sign-in bundle (e2e/tests/budget.spec.ts) then carries these and not the whole table of
 * `api-paths.ts`, which spells them too (`API.auth`, `API.user`, ...).
 */
export const AUTH_PATHS = {
  login: '/api/auth/jwt/ecomapnyToken',
  switchCompany: '/api/auth/jwt/ecomapnyAdminToken',
  refresh: '/api/auth/jwt/refresh',
  logout: '/api/auth/jwt/invalid',
} as const;

export const VERIFICATION_PATHS = {
  captcha: '/api/admin/vcc/code',
  sendSms: '/api/admin/vcc/sendSms',
  validateCode: '/api/admin/vcc/validateCode',
} as const;

export const DICTIONARY_PATHS = {
  branding: '/api/admin/dataDictionary/getCustomCompanyInfo',
  list: '/api/admin/dataDictionary/list',
  demoAccounts: '/api/admin/dataDictionary/demoAccounts',
} as const;

export const USER_PATHS = {
  info: '/api/admin/user/front/info',
  associated: '/api/admin/user/getAssociatedUserInfo',
  menus: '/api/admin/user/front/menus',
  menuAll: '/api/admin/user/front/menu/all',
  password: '/api/admin/user/personal/password',
  totp: '/api/admin/user/personal/totp',
  verifyMethod: '/api/admin/user/personal/verifyMethod',
  mobile: '/api/admin/user/personal/mobile',
} as const;

/**
 * The paths the sign-in page and the session's start need, apart from the rest: the sign-in
 * bundle imports these and not the whole table (budget: e2e/tests/budget.spec.ts). `API` has
 * them too.
 */
export const SIGN_IN_API = {
  auth: AUTH_PATHS,
  verification: VERIFICATION_PATHS,
  dictionary: DICTIONARY_PATHS,
  user: USER_PATHS,
};
