import type { TImportJob } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { importJobQueryOptions } from './get-import-job.ts';

/** Inserts every row of a validated job without errors, or none (all or nothing). */
export function commitImport(id: string): Promise<TImportJob> {
  return request<TImportJob>('POST', `/api/companystaff/employee/import/${encodeURIComponent(id)}/commit`);
}

export function useCommitImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: commitImport,
    onSuccess: (job) => queryClient.setQueryData(importJobQueryOptions(job.id).queryKey, job),
  });
}
