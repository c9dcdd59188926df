/** The demo's sign-ins (demo mode only): seeded by seed/demo.ts, listed on the login page. */
export const DEMO_PASSWORD = 'Demo@123456';

/** The demo logins printed at start and shown on the login page in demo mode. */
export const DEMO_LOGINS = [
  { username: 'demo', password: DEMO_PASSWORD, company: '星河科技有限公司', role: '企业主账号' },
  { username: 'demo_yf', password: DEMO_PASSWORD, company: '云帆物流有限公司', role: '企业主账号' },
  { username: 'finance', password: DEMO_PASSWORD, company: '星河科技有限公司', role: '财务' },
  { username: 'hr', password: DEMO_PASSWORD, company: '星河科技有限公司', role: '人事专员' },
] as const;
