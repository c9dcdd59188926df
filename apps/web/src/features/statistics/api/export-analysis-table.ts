import { API, type TEmployeeAnalysisExportBody, type TExportJob } from '@flexpay/contract/web';
import { useStartExport } from '../../../api/start-export.ts';
import { request } from '../../../lib/request.ts';

/** Queues an export of one table of the analysis with the filters; the file appears in 下载中心. */
export function exportAnalysisTable(body: TEmployeeAnalysisExportBody): Promise<TExportJob> {
  return request<TExportJob>('POST', API.statistics.employeeAnalysisExport, body);
}

export const useExportAnalysisTable = () => useStartExport(exportAnalysisTable);
