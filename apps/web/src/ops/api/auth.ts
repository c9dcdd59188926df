import { API, type TOperatorInfo, type TOpsLoginBody } from '@flexpay/contract/web';
import { queryOptions } from '@tanstack/react-query';
import { opsRequest } from '../lib/ops-request.ts';

export interface TOpsLoginResult {
  token: string;
  operator: TOperatorInfo;
}

/** Sign-in: the page shows the failure under the form itself (no toast). */
export const opsLogin = (body: TOpsLoginBody) =>
  opsRequest<TOpsLoginResult>('POST', API.ops.login, body, { silent: true });

export const opsLogout = () => opsRequest<null>('POST', API.ops.logout, undefined, { silent: true });

export const opsInfo = () => opsRequest<TOperatorInfo>('GET', API.ops.info);

export const opsInfoQueryOptions = () =>
  queryOptions({ queryKey: ['ops', 'info'], queryFn: opsInfo, staleTime: Infinity });
