import { API } from '@flexpay/contract/web';
import { opsRequest } from '../lib/ops-request.ts';

/** The image captcha the sign-in asks for after failures on the account (shared with the company sign-in). */
export const getOpsCaptcha = () =>
  opsRequest<{ token: string; svg: string }>('GET', API.verification.captcha, undefined, { silent: true });
