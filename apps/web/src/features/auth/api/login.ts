import { SIGN_IN_API, type TLoginBody } from '@flexpay/contract/web';
import { request } from '../../../lib/request.ts';

/** POST /api/auth/jwt/ecomapnyToken: resolves with the token only on status 200. */
export function login(body: TLoginBody): Promise<string> {
  return request<string>('POST', SIGN_IN_API.auth.login, body);
}
