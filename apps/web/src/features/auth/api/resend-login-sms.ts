import { SIGN_IN_API, type TSendSmsResult } from '@flexpay/contract/web';
import { request } from '../../../lib/request.ts';

/** Sends the SMS code of a sign-in challenge again. */
export function resendLoginSms(token: string): Promise<TSendSmsResult> {
  return request('POST', SIGN_IN_API.verification.sendSms, { purpose: 'login', token });
}
