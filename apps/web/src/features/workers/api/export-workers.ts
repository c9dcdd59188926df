import { API, type TExportJob, type TWorkerFilters } from '@flexpay/contract/web';
import { useStartExport } from '../../../api/start-export.ts';
import { request } from '../../../lib/request.ts';

/** Queues an export of the list with its filters; the file appears in 下载中心. */
export function exportWorkers(filters: TWorkerFilters): Promise<TExportJob> {
  return request<TExportJob>('POST', API.worker.export, filters);
}

export const useExportWorkers = () => useStartExport(exportWorkers);
