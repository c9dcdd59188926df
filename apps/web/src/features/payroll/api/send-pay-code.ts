import { API, type TSendSmsResult } from '@flexpay/contract/web';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

/** The paying admin's step-up code by SMS (to the admin's own mobile); keep the `token`. */
export function sendPayCode(): Promise<TSendSmsResult> {
  return request<TSendSmsResult>('POST', API.verification.sendSms, { purpose: 'pay' });
}

export const useSendPayCode = () => useMutation({ mutationFn: sendPayCode });
