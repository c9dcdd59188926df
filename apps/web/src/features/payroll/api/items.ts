import {
  API,
  apiPath,
  type TPage,
  type TPayrollItem,
  type TPayrollItemBody,
  type TPayrollItemQuery,
} from '@flexpay/contract/web';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TImportKind } from '../../../components/import/import-api.ts';
import { LIST_QUERY_OPTIONS } from '../../../lib/query-client.ts';
import { request } from '../../../lib/request.ts';
import { PAYROLL_KEY } from './batches.ts';

export type TItemListQuery = TPayrollItemQuery & { page: number; limit: number };

export const itemsQueryOptions = (query: TItemListQuery) =>
  queryOptions({
    queryKey: [...PAYROLL_KEY, 'items', query],
    queryFn: () => request<TPage<TPayrollItem>>('GET', API.payroll.items, query),
    ...LIST_QUERY_OPTIONS,
  });
export const useItems = (query: TItemListQuery) => useQuery(itemsQueryOptions(query));

export function useUpdateItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TPayrollItemBody }) =>
      request<TPayrollItem>('PUT', apiPath(API.payroll.item, { id }), body, { fieldErrorsToForm: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PAYROLL_KEY }),
  });
}

export function useRemoveItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request<null>('DELETE', apiPath(API.payroll.item, { id })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PAYROLL_KEY }),
  });
}

/** The import centre's kind for one batch: its upload names the batch the rows go into. */
export function payrollImportKind(batchId: number): TImportKind {
  return {
    paths: API.payroll.import,
    uploadQuery: { subjectId: batchId },
    noun: '发放明细',
    templateFileName: '薪酬发放导入模板.xlsx',
    reportFileName: '薪酬发放导入错误报告.xlsx',
    affects: () => [PAYROLL_KEY],
  };
}
