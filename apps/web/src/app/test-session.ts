import { allMenuCodes, ELEMENT_CODES } from '@flexpay/contract/web';

/** A token whose payload the client can decode (the server checks the signature). */
export function fakeToken({ jti = 'j', companyId = 1, expInSeconds = 7200 } = {}): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = btoa(JSON.stringify({ sub: '1', jti, companyId, iat: now, exp: now + expInSeconds }))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  return `eyJhbGciOiJIUzI1NiJ9.${payload}.sig`;
}

/** The signed-in owner of a company, with every menu and element (front/info's answer). */
export const userInfo = (companyId = 1, companyName = '星河科技有限公司', username = 'demo') => ({
  id: companyId,
  name: '林晓',
  username,
  companyId,
  companyName,
  avatar: '',
  description: '',
  isOwner: true,
  verifyMethod: 'password',
  mobile: '138****0001',
  email: '',
  menus: allMenuCodes().map((code) => ({ code })),
  elements: ELEMENT_CODES.map((code) => ({ code })),
});
