import { API, type TExportJob, type TGrantRecordFilters } from '@flexpay/contract/web';
import { useStartExport } from '../../../api/start-export.ts';
import { request } from '../../../lib/request.ts';

/** 导出 of 发放记录, with the list's filters; the file appears in 下载中心. */
export function exportGrantRecords(filters: TGrantRecordFilters): Promise<TExportJob> {
  return request<TExportJob>('POST', API.payroll.recordExport, filters);
}

export const useExportGrantRecords = () => useStartExport(exportGrantRecords);
