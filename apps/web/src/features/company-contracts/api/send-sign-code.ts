import { API, type TPayCodeSent } from '@flexpay/contract/web';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

/** The signing admin's step-up code by SMS (to the admin's own mobile); keep the `token`. */
export function sendSignCode(): Promise<TPayCodeSent> {
  return request<TPayCodeSent>('POST', API.contract.signCode);
}

export const useSendSignCode = () => useMutation({ mutationFn: sendSignCode });
