import { SIGN_IN_API } from '@flexpay/contract/web';
import { request } from '../../../lib/request.ts';

export function getCaptcha(): Promise<{ token: string; svg: string }> {
  return request('GET', SIGN_IN_API.verification.captcha);
}
