import {
  API,
  apiPath,
  type TInvoiceApplication,
  type TInvoiceApplicationDetail,
  type TInvoiceIssueBody,
  type TInvoiceMailBody,
  type TInvoiceStatus,
  type TPage,
  type TUploadedFile,
} from '@flexpay/contract/web';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LIST_QUERY_OPTIONS } from '../../lib/query-client.ts';
import { opsRequest } from '../lib/ops-request.ts';

export interface TOpsInvoiceQuery {
  page: number;
  limit: number;
  status?: TInvoiceStatus | undefined;
  companyName?: string | undefined;
}

export const useOpsInvoices = (query: TOpsInvoiceQuery) =>
  useQuery({
    queryKey: ['ops', 'invoices', 'list', query],
    queryFn: ({ signal }) => opsRequest<TPage<TInvoiceApplication>>('GET', API.ops.invoicePage, query, { signal }),
    ...LIST_QUERY_OPTIONS,
  });

export const useOpsInvoice = (id: number | undefined) =>
  useQuery({
    queryKey: ['ops', 'invoices', 'one', id],
    queryFn: () => opsRequest<TInvoiceApplicationDetail>('GET', apiPath(API.ops.invoiceOne, { id: id ?? 0 })),
    enabled: id !== undefined,
    staleTime: 0,
  });

/** The invoice PDF's bytes, with the operator token. */
export const getOpsInvoicePdf = (id: number) =>
  opsRequest<Blob>('GET', apiPath(API.ops.invoicePdf, { id }), undefined, { responseType: 'blob' });

/** Uploads the invoice PDF (checked to be a PDF by the server); answers the file to issue with. */
export function uploadInvoicePdf({ id, file }: { id: number; file: File }) {
  const data = new FormData();
  data.append('file', file);
  return opsRequest<TUploadedFile>('POST', apiPath(API.ops.invoiceUpload, { id }), data);
}

export type TOpsInvoiceAction =
  | { id: number; action: 'issue'; body: TInvoiceIssueBody }
  | { id: number; action: 'mail'; body: TInvoiceMailBody }
  | { id: number; action: 'reject' | 'void'; body: { reason: string } };

const PATHS = {
  issue: API.ops.invoiceIssue,
  mail: API.ops.invoiceMail,
  reject: API.ops.invoiceReject,
  void: API.ops.invoiceVoid,
} as const;

export function moveOpsInvoice({ id, action, body }: TOpsInvoiceAction) {
  return opsRequest<TInvoiceApplicationDetail>('POST', apiPath(PATHS[action], { id }), body, {
    fieldErrorsToForm: true,
  });
}

export function useMoveOpsInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveOpsInvoice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['ops', 'invoices'] }),
  });
}
