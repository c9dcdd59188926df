import type { TExportJob } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { exportJobsQueryOptions } from './get-export-jobs.ts';

/**
 * The mutation of an 导出 button: it queues an export job, then refreshes the download centre's
 * list, so an open 下载中心 shows the new job (and polls it until its file is made).
 */
export function useStartExport<TInput>(startExport: (input: TInput) => Promise<TExportJob>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startExport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exportJobsQueryOptions().queryKey }),
  });
}
