import { API, type TTotpSetup } from '@flexpay/contract/web';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

/** A new authenticator secret with its otpauth URI, confirmed later by a code (`newToken`/`newCode`). */
export function createTotpSetup(): Promise<TTotpSetup> {
  return request<TTotpSetup>('POST', API.user.totp);
}

export function useCreateTotpSetup() {
  return useMutation({ mutationFn: createTotpSetup });
}
