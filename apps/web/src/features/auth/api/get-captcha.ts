import { request } from '../../../lib/request.ts';

export function getCaptcha(): Promise<{ token: string; svg: string }> {
  return request('GET', '/api/admin/vcc/code');
}
