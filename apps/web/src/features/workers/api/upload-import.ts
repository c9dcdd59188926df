import type { TImportJob } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadFile } from '../../../lib/upload-file.ts';
import { importJobQueryOptions } from './get-import-job.ts';

/** Uploads the sheet (multipart field `file`); the server starts validating it. */
export function uploadImport(file: File): Promise<TImportJob> {
  return uploadFile<TImportJob>('/api/companystaff/employee/import', file);
}

export function useUploadImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadImport,
    onSuccess: (job) => queryClient.setQueryData(importJobQueryOptions(job.id).queryKey, job),
  });
}
