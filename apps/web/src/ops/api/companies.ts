import {
  API,
  apiPath,
  PAGE_LIMIT_MAX,
  type TCostRule,
  type TCostRuleBody,
  type TOpsCompany,
  type TPage,
} from '@flexpay/contract/web';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TOption, TRemoteOptions } from '../../lib/list-filters.ts';
import { LIST_QUERY_OPTIONS } from '../../lib/query-client.ts';
import { opsRequest } from '../lib/ops-request.ts';

export interface TOpsCompanyQuery {
  page: number;
  limit: number;
  name?: string | undefined;
}

export const getOpsCompanies = (query: TOpsCompanyQuery, signal?: AbortSignal) =>
  opsRequest<TPage<TOpsCompany>>('GET', API.ops.companyPage, query, signal ? { signal } : {});

export const opsCompaniesQueryOptions = (query?: TOpsCompanyQuery) =>
  queryOptions({
    queryKey: query ? ['ops', 'companies', 'list', query] : ['ops', 'companies', 'list'],
    queryFn: ({ signal }) => getOpsCompanies(query ?? { page: 1, limit: 10 }, signal),
    ...LIST_QUERY_OPTIONS,
  });

export const useOpsCompanies = (query: TOpsCompanyQuery) => useQuery(opsCompaniesQueryOptions(query));

/**
 * Companies as select options (the top-up queue's 企业 filter). The API has no one-company
 * route for operators: a value read from the URL finds its name among the first 200 companies.
 */
export const companyRemote: TRemoteOptions = {
  queryKey: ['ops', 'companies', 'options'],
  search: async (keyword, signal) => {
    const page = await getOpsCompanies({ page: 1, limit: 20, ...(keyword ? { name: keyword } : {}) }, signal);
    return page.rows.map((c): TOption<number> => ({ value: c.id, label: c.name }));
  },
  resolve: async (id, signal) => {
    const page = await getOpsCompanies({ page: 1, limit: PAGE_LIMIT_MAX }, signal);
    const found = page.rows.find((c) => c.id === id);
    return found ? { value: found.id, label: found.name } : undefined;
  },
};

export function updateCostRule({
  companyId,
  serviceCompanyId,
  body,
}: {
  companyId: number;
  serviceCompanyId: number;
  body: TCostRuleBody;
}) {
  return opsRequest<TCostRule>('PUT', apiPath(API.ops.costRule, { id: companyId, serviceCompanyId }), body, {
    fieldErrorsToForm: true,
  });
}

/** 冻结 (a reason required) or 解冻 (a note optional) a company. */
export function setCompanyFrozen({ id, frozen, reason }: { id: number; frozen: boolean; reason: string }) {
  return opsRequest<TOpsCompany>(
    'POST',
    apiPath(frozen ? API.ops.companyFreeze : API.ops.companyUnfreeze, { id }),
    { reason },
    { fieldErrorsToForm: true },
  );
}

export function useSetCompanyFrozen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCompanyFrozen,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: opsCompaniesQueryOptions().queryKey }),
  });
}

export function useUpdateCostRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCostRule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: opsCompaniesQueryOptions().queryKey }),
  });
}
