import { API, type TPayMethods } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

/** How the signed-in admin can confirm a payment: SMS, and the authenticator when set up. */
export function getPayMethods(): Promise<TPayMethods> {
  return request<TPayMethods>('GET', API.payroll.payMethods);
}

export const payMethodsQueryOptions = () =>
  queryOptions({ queryKey: ['payroll', 'payMethods'], queryFn: getPayMethods });

export const usePayMethods = () => useQuery(payMethodsQueryOptions());
