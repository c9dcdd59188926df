import type { TTotpSetup } from '@flexpay/contract/web';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

/** A new authenticator secret with its otpauth URI, confirmed later by a code (`newToken`/`newCode`). */
export function createTotpSetup(): Promise<TTotpSetup> {
  return request<TTotpSetup>('POST', '/api/admin/user/personal/totp');
}

export function useCreateTotpSetup() {
  return useMutation({ mutationFn: createTotpSetup });
}
