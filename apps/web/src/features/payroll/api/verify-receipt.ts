import { RECEIPT_VERIFY_API, type TReceiptVerification } from '@flexpay/contract/web';
import { request } from '../../../lib/request.ts';

/**
 * POST 回单验真 (public, no sign-in): what the receipt of `code` proves. Its refusals (a code that
 * names no receipt, too many checks) are the page's to show, not a toast.
 */
export function verifyReceipt(code: string): Promise<TReceiptVerification> {
  return request<TReceiptVerification>('POST', RECEIPT_VERIFY_API, { code }, { silent: true });
}
