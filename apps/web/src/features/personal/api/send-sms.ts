import { API, type SMS_PURPOSES, type TSendSmsResult } from '@flexpay/contract/web';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

export interface TSendSmsInput {
  /** verify: to prove the SMS method; mobile_old / mobile_new: to change the mobile. */
  purpose: Exclude<(typeof SMS_PURPOSES)[number], 'login'>;
  /** mobile_new: the new number. */
  mobile?: string;
}

/** Sends a code; keep the returned `token` to send with the code. */
export function sendSms(input: TSendSmsInput): Promise<TSendSmsResult> {
  return request<TSendSmsResult>('POST', API.verification.sendSms, input);
}

export function useSendSms() {
  return useMutation({ mutationFn: sendSms });
}
