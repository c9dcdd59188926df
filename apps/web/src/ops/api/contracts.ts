import {
  API,
  apiPath,
  type TCompanyContract,
  type TCompanyContractDetail,
  type TContractCreateBody,
  type TContractState,
  type TPage,
  type TUploadedFile,
} from '@flexpay/contract/web';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LIST_QUERY_OPTIONS } from '../../lib/query-client.ts';
import { opsRequest } from '../lib/ops-request.ts';

export interface TOpsContractQuery {
  page: number;
  limit: number;
  state?: TContractState | undefined;
  companyName?: string | undefined;
  keyword?: string | undefined;
}

const KEY = ['ops', 'contracts'] as const;

export const useOpsContracts = (query: TOpsContractQuery) =>
  useQuery({
    queryKey: [...KEY, 'list', query],
    queryFn: ({ signal }) => opsRequest<TPage<TCompanyContract>>('GET', API.ops.contractPage, query, { signal }),
    ...LIST_QUERY_OPTIONS,
  });

export const useOpsContract = (id: number | undefined) =>
  useQuery({
    queryKey: [...KEY, 'one', id],
    queryFn: () => opsRequest<TCompanyContractDetail>('GET', apiPath(API.ops.contractOne, { id: id ?? 0 })),
    enabled: id !== undefined,
    staleTime: 0,
  });

/** The contract PDF's bytes, with the operator token. */
export const getOpsContractPdf = (id: number) =>
  opsRequest<Blob>('GET', apiPath(API.ops.contractPdf, { id }), undefined, { responseType: 'blob' });

/** Uploads a contract's PDF for a company (checked to be a PDF by the server). */
export function uploadContractPdf({ companyId, file }: { companyId: number; file: File }) {
  const data = new FormData();
  data.append('file', file);
  return opsRequest<TUploadedFile>('POST', `${API.ops.contractUpload}?companyId=${companyId}`, data);
}

export function useCreateOpsContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TContractCreateBody) =>
      opsRequest<TCompanyContractDetail>('POST', API.ops.contractCreate, body, { fieldErrorsToForm: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export type TOpsContractMove = { id: number; action: 'sign' } | { id: number; action: 'terminate'; reason: string };

export function useMoveOpsContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (m: TOpsContractMove) =>
      m.action === 'sign'
        ? opsRequest<TCompanyContractDetail>('POST', apiPath(API.ops.contractSign, { id: m.id }))
        : opsRequest<TCompanyContractDetail>(
            'POST',
            apiPath(API.ops.contractTerminate, { id: m.id }),
            { reason: m.reason },
            { fieldErrorsToForm: true },
          ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
