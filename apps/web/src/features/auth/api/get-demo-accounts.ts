import { SIGN_IN_API, type TDemoAccount } from '@flexpay/contract/web';
import { useEffect, useState } from 'react';
import { request } from '../../../lib/request.ts';

export const getDemoAccounts = () => request<TDemoAccount[]>('GET', SIGN_IN_API.dictionary.demoAccounts);

/**
 * The demo accounts shown on the login page in demo mode. A plain effect rather than a query:
 * the login page stays free of the query cache, which only the signed-in console needs.
 */
export function useDemoAccounts(): TDemoAccount[] {
  const [accounts, setAccounts] = useState<TDemoAccount[]>([]);
  useEffect(() => {
    let live = true;
    getDemoAccounts()
      .then((list) => live && setAccounts(list))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return accounts;
}
