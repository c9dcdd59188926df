import {
  API,
  apiPath,
  type TPage,
  type TPayrollBatch,
  type TPayrollBatchBody,
  type TPayrollBatchDetail,
  type TPayrollBatchQuery,
  type TPayrollStatusCount,
} from '@flexpay/contract/web';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LIST_QUERY_OPTIONS } from '../../../lib/query-client.ts';
import { request } from '../../../lib/request.ts';

export type TBatchListQuery = TPayrollBatchQuery & { page: number; limit: number };

/** Every payroll query starts with this key: a change to a batch refreshes them all. */
export const PAYROLL_KEY = ['payroll'] as const;

export const batchesQueryOptions = (query: TBatchListQuery, checkOnly = false) =>
  queryOptions({
    queryKey: [...PAYROLL_KEY, 'batches', checkOnly, query],
    queryFn: () => request<TPage<TPayrollBatch>>('GET', checkOnly ? API.payroll.checkPage : API.payroll.page, query),
    ...LIST_QUERY_OPTIONS,
  });
export const useBatches = (query: TBatchListQuery, checkOnly = false) =>
  useQuery(batchesQueryOptions(query, checkOnly));

export const useStatusCounts = () =>
  useQuery({
    queryKey: [...PAYROLL_KEY, 'statusCounts'],
    queryFn: () => request<TPayrollStatusCount[]>('GET', API.payroll.statusCounts),
  });

export const batchQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...PAYROLL_KEY, 'batch', id],
    queryFn: () => request<TPayrollBatchDetail>('GET', apiPath(API.payroll.one, { id })),
    enabled: id > 0,
  });
export const useBatch = (id: number) => useQuery(batchQueryOptions(id));

/** Invalidates every payroll query once a mutation has answered. */
function usePayrollMutation<V, R>(fn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PAYROLL_KEY }),
  });
}

export const useCreateBatch = () =>
  usePayrollMutation((body: TPayrollBatchBody) =>
    request<TPayrollBatch>('POST', API.payroll.create, body, { fieldErrorsToForm: true }),
  );

/** 核对: the server checks every item (a large batch takes seconds). */
export const useCheckBatch = () =>
  usePayrollMutation((id: number) => request<TPayrollBatch>('POST', apiPath(API.payroll.check, { id })));

export const useSubmitBatch = () =>
  usePayrollMutation((id: number) => request<TPayrollBatch>('POST', apiPath(API.payroll.submit, { id })));

export const useCancelBatch = () =>
  usePayrollMutation(({ id, reason }: { id: number; reason: string }) =>
    request<TPayrollBatch>('POST', apiPath(API.payroll.cancel, { id }), { reason }),
  );

export const usePickWorkers = () =>
  usePayrollMutation(({ id, items }: { id: number; items: { workerId: number; amountFen: number }[] }) =>
    request<TPayrollBatch>('POST', apiPath(API.payroll.pick, { id }), { items }),
  );
