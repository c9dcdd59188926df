import { API, type TPayCodeSent } from '@flexpay/contract/web';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

/** The paying admin's step-up code by SMS (to the admin's own mobile); keep the `token`. */
export function sendPayCode(): Promise<TPayCodeSent> {
  return request<TPayCodeSent>('POST', API.payroll.payCode);
}

export const useSendPayCode = () => useMutation({ mutationFn: sendPayCode });
