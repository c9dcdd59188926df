import { API, type TPayMethods } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

/** How the signed-in admin can confirm 在线签署: SMS, and the authenticator when set up. */
export function getSignMethods(): Promise<TPayMethods> {
  return request<TPayMethods>('GET', API.contract.signMethods);
}

export const signMethodsQueryOptions = () =>
  queryOptions({ queryKey: ['contracts', 'signMethods'], queryFn: getSignMethods });

export const useSignMethods = (enabled = true) => useQuery({ ...signMethodsQueryOptions(), enabled });
